#!/bin/sh
# Checks that everything the tests use is here: the ../shared/conformance corpora, the tools the tests
# cross-check with, Python's jsonschema and a Chromium. Under CI (CI set) anything missing is an error
# that names it: a green run must never hide skipped checks. Elsewhere it is a note, and the tests that
# need the missing piece skip with a message.
missing=""
corpus="$(dirname "$0")/../../shared/conformance"
[ -f "$corpus/README.md" ] || missing="$missing
  ../shared/conformance (the decoder corpora; CI clones shared/ beside the project)"
for tool in pngcheck gifsicle apngdis dwebp identify convert ffprobe ffmpeg mkvinfo unzip gzip xmllint git python3 shellcheck ruby; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing
  $tool (on PATH)"
done
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1 \
    && ! command -v google-chrome >/dev/null 2>&1 \
    && [ ! -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ]; then
    missing="$missing
  chromium (for the HTML report's screenshot test)"
fi
python3 -c "import jsonschema" >/dev/null 2>&1 || missing="$missing
  python3 module jsonschema (for the SARIF schema test)"
[ -z "$missing" ] && exit 0
case "${CI:-}" in
    ""|0|false|FALSE|False)
        echo "check-test-inputs: note: these are missing, so the tests that need them will be skipped:$missing" >&2
        exit 0 ;;
    *)
        echo "check-test-inputs: error: CI is set and these are missing:$missing" >&2
        exit 1 ;;
esac
