#!/bin/sh
# Installs stickerlint's man page and shell completions under PREFIX (make install): the man page from
# swift-argument-parser's generate-manual plugin (built from the command's own help, so it never drifts),
# the completion scripts from the binary's --generate-completion-script. POSIX sh.
#   scripts/install-extras.sh PREFIX BINARY
set -eu
prefix=$1
binary=$2
swift=${SWIFT:-swift}

install -d "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
"$binary" --generate-completion-script bash > "$prefix/share/bash-completion/completions/stickerlint"
"$binary" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_stickerlint"
"$binary" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/stickerlint.fish"

# The plugin builds the package and writes stickerlint.1 into its work folder.
"$swift" package --disable-sandbox generate-manual > .build/generate-manual.log 2>&1 || {
    tail -20 .build/generate-manual.log >&2
    echo "install-extras: the man page could not be generated (see .build/generate-manual.log)" >&2
    exit 1
}
page=$(find .build/plugins -name stickerlint.1 -type f | head -n 1)
if [ -z "$page" ]; then
    echo "install-extras: generate-manual wrote no stickerlint.1" >&2
    exit 1
fi
install -m 0644 "$page" "$prefix/share/man/man1/stickerlint.1"
echo "installed $prefix/share/man/man1/stickerlint.1 and completions for bash, zsh and fish"
