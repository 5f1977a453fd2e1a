#!/bin/sh
# Mutation testing (make mutate): see scripts/mutate.py and the list in scripts/mutations.txt.
exec python3 "$(dirname "$0")/mutate.py" "$@"
