#!/bin/sh
# stickerlint as a Mac user's package gets it, reproduced on Linux, with no script of ours in the way:
#
#   - Homebrew's layout: libpng, jpeg-turbo and giflib each in a Cellar-like keg with the .pc files
#     Homebrew's formulas install (libpng16.pc with `Requires.private: zlib`, libjpeg.pc, none for giflib),
#     linked into a shared prefix that is on no default search path (as /opt/homebrew is), and
#     PKG_CONFIG_PATH naming the shared prefix's pkgconfig folder, as a Homebrew shell sets it;
#   - the system's own libpng, libjpeg and giflib headers, libraries and .pc files hidden, in a private
#     mount namespace (unshare -m, as root): symlink farms of /usr/include and the multiarch lib folder
#     without them are bind-mounted over the originals;
#   - a dependent package (depends on this one by path) with an asset catalog and the build-tool plugin:
#     `swift package plugin stickerlint` and `swift build` fail with stickerlint's diagnostics on the bad
#     sample catalog and succeed on the good one; both plugins keep their fact cache in their work folder;
#   - a mint-like install: `git clone` of this repository and `swift build -c release --product
#     stickerlint`, and `swift package experimental-install` into a scratch HOME; both binaries check a
#     sample;
#   - the Intel Mac layout: the same kegs mounted over /usr/local (a default search path), whose older
#     libpng headers must not shadow the vendored ones (libpng refuses to run with headers of another
#     version: "Application built with libpng-1.6.39 but running with 1.6.58").
# On macOS (GitHub's macOS runners) the layout is the real one: the same package steps run with no
# simulation. Run by `make test-dependency` (.ci/run and the workflow run it after make test). On Linux it needs root (or password-less sudo) and unshare; under CI
# their absence fails the run, elsewhere it skips.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/.build-dependency"
system=$(uname -s)

if [ "$system" = Linux ] && [ "${1:-}" != --inside ]; then
    if ! command -v unshare > /dev/null 2>&1; then
        missing="unshare(1)"
    elif [ "$(id -u)" -eq 0 ]; then
        exec unshare -m --propagation private "$0" --inside
    elif command -v sudo > /dev/null 2>&1 && sudo -n true 2> /dev/null; then
        exec sudo --preserve-env=PATH,CI,HOME unshare -m --propagation private "$0" --inside
    else
        missing="root or password-less sudo"
    fi
    message="test-dependency: needs $missing to hide the system's libraries"
    case "${CI:-}" in ""|0|false) echo "$message: skipped" >&2; exit 0 ;; *) echo "$message" >&2; exit 1 ;; esac
fi

fail=0
ok() { echo "  ok: $1"; }
failed() { echo "  FAILED: $1" >&2; fail=1; }

if [ "$system" = Linux ]; then
multiarch=$(gcc -print-multiarch 2>/dev/null || cc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
libdir="/usr/lib/$multiarch"
mkdir -p "$work"
# The kegs are made from the system's copies before they are hidden (the same files a Mac would have,
# at the versions Debian has).
brew="$work/homebrew"
rm -rf "$brew"
cellar="$brew/Cellar"
keg_png="$cellar/libpng/1.6.39"; keg_jpeg="$cellar/jpeg-turbo/2.1.5"; keg_gif="$cellar/giflib/5.2.1"
mkdir -p "$keg_png/include/libpng16" "$keg_png/lib/pkgconfig" "$keg_jpeg/include" "$keg_jpeg/lib/pkgconfig" \
    "$keg_gif/include" "$keg_gif/lib"
# A header the system lacks (nothing installs libgif-dev; libpng-dev and libjpeg-dev may be absent
# too) becomes one that stops any build using it: the vendored headers must be the ones used.
keg_header() { # keg_header SOURCE DESTINATION
    if [ -f "$1" ]; then cp "$1" "$2"; else printf '#error "Homebrew keg header %s: the vendored one must be used"\n' "$1" > "$2"; fi
}
keg_library() { # keg_library SOURCE DESTINATION: the library, where the system has one
    if [ -e "$1" ]; then cp -L "$1" "$2"; fi
}
for h in png.h pngconf.h pnglibconf.h; do
    keg_header "/usr/include/libpng16/$h" "$keg_png/include/libpng16/$h"
    ln -s "libpng16/$h" "$keg_png/include/$h"
done
keg_library "$libdir/libpng16.so" "$keg_png/lib/libpng16.16.dylib"
ln -s libpng16.16.dylib "$keg_png/lib/libpng16.dylib"
ln -s libpng16.dylib "$keg_png/lib/libpng.dylib"
for h in jpeglib.h jmorecfg.h jerror.h; do keg_header "/usr/include/$h" "$keg_jpeg/include/$h"; done
keg_header "/usr/include/$multiarch/jconfig.h" "$keg_jpeg/include/jconfig.h"
keg_library "$libdir/libjpeg.so" "$keg_jpeg/lib/libjpeg.62.dylib"
ln -s libjpeg.62.dylib "$keg_jpeg/lib/libjpeg.dylib"
keg_header /usr/include/gif_lib.h "$keg_gif/include/gif_lib.h"
keg_library "$libdir/libgif.so.7" "$keg_gif/lib/libgif.7.dylib"
# Homebrew's .pc files name the keg as their prefix.
cat > "$keg_png/lib/pkgconfig/libpng16.pc" << PC
prefix=$keg_png
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include/libpng16

Name: libpng
Description: Loads and saves PNG files
Version: 1.6.39
Requires.private: zlib
Libs: -L\${libdir} -lpng16
Libs.private: -lz
Cflags: -I\${includedir}
PC
ln -s libpng16.pc "$keg_png/lib/pkgconfig/libpng.pc"
cat > "$keg_jpeg/lib/pkgconfig/libjpeg.pc" << PC
prefix=$keg_jpeg
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: libjpeg
Description: A SIMD-accelerated JPEG codec that provides the libjpeg API
Version: 2.1.5
Libs: -L\${libdir} -ljpeg
Cflags: -I\${includedir}
PC
# `brew link`: the shared prefix holds symbolic links into the kegs; opt/NAME leads to each keg.
for keg in "$keg_png" "$keg_jpeg" "$keg_gif"; do
    (cd "$keg" && find . \( -type f -o -type l \)) | while read -r f; do
        mkdir -p "$brew/$(dirname "$f")"
        ln -sf "$keg/${f#./}" "$brew/${f#./}"
    done
done
mkdir -p "$brew/opt"
ln -s "$keg_png" "$brew/opt/libpng"; ln -s "$keg_jpeg" "$brew/opt/jpeg-turbo"; ln -s "$keg_gif" "$brew/opt/giflib"

# Hide the system's copies: a symlink farm of each folder without them, mounted over it. The links
# lead into a second mount of the original folder, since the original path will show the farm.
hide() { # hide FOLDER PATTERN...
    folder=$1; shift
    name=$(echo "$folder" | tr / _)
    original="$work/original$name"; farm="$work/farm$name"
    rm -rf "$farm"; mkdir -p "$original" "$farm"
    mount --bind "$folder" "$original"
    for entry in "$original"/* "$original"/.[!.]*; do
        [ -e "$entry" ] || [ -L "$entry" ] || continue
        base=${entry##*/}
        skip=no
        for pattern in "$@"; do
            # shellcheck disable=SC2254
            case "$base" in $pattern) skip=yes ;; esac
        done
        [ "$skip" = yes ] || ln -s "$entry" "$farm/$base"
    done
    mount --bind "$farm" "$folder"
}
# A folder is hidden before the folders inside it: in the farm those are links into the original, and a
# bind mount over a link mounts over its target.
hide /usr/include 'png.h' 'pngconf.h' 'pnglibconf.h' 'libpng' 'libpng16' 'jpeglib.h' 'jerror.h' 'jmorecfg.h' 'jpegint.h' 'gif_lib.h'
hide "/usr/include/$multiarch" 'jconfig.h'
hide "$libdir" 'libpng*' 'libjpeg.*' 'libgif*'
hide "$libdir/pkgconfig" 'libpng*.pc' 'libjpeg.pc' 'libgif*.pc'
echo "test-dependency: the system's image libraries are hidden"
for f in /usr/include/png.h /usr/include/jpeglib.h /usr/include/gif_lib.h "/usr/include/$multiarch/jconfig.h" \
         "$libdir/libpng16.so" "$libdir/libjpeg.so" "$libdir/pkgconfig/libpng16.pc"; do
    if [ -e "$f" ]; then failed "$f is still visible"; fi
done
if printf '#include <png.h>\n' | cc -E -x c - > /dev/null 2>&1; then failed "<png.h> still compiles"; else ok "<png.h> is gone"; fi
[ "$fail" -eq 0 ] || exit 1

export PKG_CONFIG_PATH="$brew/lib/pkgconfig"
export PATH="$brew/bin:$PATH"
fi

# The dependent package.
user="$work/StickerApp"
rm -rf "$user"
mkdir -p "$user/Sources/Stickers" "$user/Sources/CPNG/include"
cat > "$user/Package.swift" << SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StickerApp",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "stickerlint", path: "$root")],
    targets: [
        // A C module of the name other public packages give theirs (SwiftBitmap's and SwiftyHaru's CPNG),
        // beside stickerlint's StickerImage library, whose C modules carry the project's prefix.
        .target(name: "CPNG"),
        .target(
            name: "Stickers",
            dependencies: [
                "CPNG", .product(name: "StickerImage", package: "stickerlint"), .product(name: "StickerLint", package: "stickerlint"),
            ],
            exclude: ["Stickers.xcstickers"],
            plugins: [.plugin(name: "StickerlintBuildTool", package: "stickerlint")]),
    ]
)
SWIFT
printf 'int app_png_answer(void);\n' > "$user/Sources/CPNG/include/cpng.h"
printf '#include "cpng.h"\nint app_png_answer(void) { return 1; }\n' > "$user/Sources/CPNG/cpng.c"
cat > "$user/Sources/Stickers/Stickers.swift" << SWIFT
import CPNG
import StickerImage
import StickerLint

public let stickerCount = Int(app_png_answer())
public let formats = ImageFormat.stickerFormats.count
/// The lint API as a dependent uses it.
public func findings(_ path: String) throws -> [String] {
    try Linter(configuration: Configuration()).lint([path]).diagnostics.map { "\(\$0.path): \(\$0.severity.rawValue) \(\$0.rule)" }
}
SWIFT

expect() { # expect STATUS LOG PATTERN WHAT EXPECTED-STATUS (0, or 1 for any failure)
    status=$1; log=$2; pattern=$3; what=$4
    if [ "$status" = 0 ] && [ "$5" != 0 ]; then failed "$what: exit 0, expected a failure"; return; fi
    if [ "$status" != 0 ] && [ "$5" = 0 ]; then failed "$what: exit $status, expected success"; tail -20 "$log" >&2; return; fi
    if [ -n "$pattern" ] && ! grep -q -e "$pattern" "$log"; then
        failed "$what: no line matching $pattern"; tail -20 "$log" >&2; return
    fi
    ok "$what"
}
run() { # run LOG COMMAND...: the command's exit status in $status
    log=$1; shift
    set +e
    "$@" > "$log" 2>&1
    status=$?
    set -e
}

for catalog in Bad Good; do
    rm -rf "$user/Sources/Stickers/Stickers.xcstickers"
    # -p keeps the files' times: a file modified in the last seconds is never cached.
    cp -Rp "$root/SamplePacks/$catalog.xcstickers" "$user/Sources/Stickers/Stickers.xcstickers"
    expected=1; [ "$catalog" = Good ] && expected=0
    pattern=""; [ "$catalog" = Bad ] && pattern="Stickers.xcstickers/Problems.stickerpack/Huge.sticker/huge.png:1:1: error: file is 540,212 bytes"
    echo "test-dependency: a package using both plugins, the $catalog sample catalog"
    run "$work/command.log" swift package --package-path "$user" plugin stickerlint --format xcode Sources
    expect "$status" "$work/command.log" "$pattern" "swift package plugin stickerlint ($catalog)" "$expected"
    run "$work/build.log" swift build --package-path "$user"
    expect "$status" "$work/build.log" "$pattern" "swift build with the build-tool plugin ($catalog)" "$expected"
done
# SwiftPM looked for the system libraries no more: no "you may be able to install" hint.
if grep -q "system-packager" "$work/build.log"; then failed "SwiftPM still looks for a system library"; else ok "no system library looked for"; fi
# Both plugins keep the fact cache in their own work directory (the build sandbox allows nothing else).
for plugin in StickerlintCommand StickerlintBuildTool; do
    if find "$user/.build/plugins" -path "*$plugin*/cache/facts-*.cache" | grep -q .; then
        ok "$plugin keeps its fact cache in its work directory"
    else
        failed "no fact cache under $user/.build/plugins for $plugin"
    fi
done

# mint-like: clone what is committed and build the executable; then SwiftPM's own installer.
clone="$work/clone"
rm -rf "$clone"
echo "test-dependency: a clone built as mint builds it"
run "$work/clone.log" git clone --quiet "$root" "$clone"
expect "$status" "$work/clone.log" "" "git clone" 0
run "$work/mint.log" swift build --package-path "$clone" -c release --product stickerlint
expect "$status" "$work/mint.log" "" "swift build -c release --product stickerlint" 0
run "$work/mint-check.log" "$clone/.build/release/stickerlint" check "$root/SamplePacks/Good.xcstickers"
expect "$status" "$work/mint-check.log" "0 errors, 0 warnings" "the clone's binary checks the good sample" 0
# experimental-install writes to ~/.swiftpm/bin of the account (not $HOME). On Linux a scratch folder is
# mounted over ~/.swiftpm/bin in this namespace, so the user's own stays untouched; on macOS it runs only
# under CI (a throw-away runner) and is uninstalled after.
account_home=$(cd ~ && pwd)
installed="$account_home/.swiftpm/bin/stickerlint"
if [ "$system" = Linux ]; then
    rm -rf "${work:?}/swiftpm-bin"; mkdir -p "$work/swiftpm-bin" "$account_home/.swiftpm/bin"
    mount --bind "$work/swiftpm-bin" "$account_home/.swiftpm/bin"
fi
if [ "$system" = Linux ] || [ -n "${CI:-}" ]; then
    run "$work/install.log" swift package --package-path "$clone" experimental-install --product stickerlint
    expect "$status" "$work/install.log" "successfully installed to $installed" "swift package experimental-install" 0
    run "$work/installed.log" "$installed" check "$root/SamplePacks/Bad.xcstickers/Problems.stickerpack"
    expect "$status" "$work/installed.log" "file is 540,212 bytes" "the installed binary finds the bad sample's errors" 1
    linked=$(if [ "$system" = Darwin ]; then otool -L "$installed"; else ldd "$installed"; fi)
    if echo "$linked" | grep -E 'libpng|libjpeg|libgif|libwebp'; then failed "the binary links a system or Homebrew image library"; else ok "no system or Homebrew image library linked"; fi
    [ "$system" = Darwin ] && swift package experimental-uninstall stickerlint > /dev/null 2>&1
fi

if [ "$system" = Linux ]; then
# Intel Mac: Homebrew's prefix is /usr/local, a default search path; its headers are older than ours.
echo "test-dependency: Homebrew's kegs at /usr/local (Intel Mac)"
mount --bind "$brew" /usr/local
run "$work/intel.log" swift build --package-path "$user" --scratch-path "$work/intel-build"
expect "$status" "$work/intel.log" "" "swift build with /usr/local holding libpng 1.6.39's headers" 0
run "$work/intel-check.log" swift package --package-path "$user" --scratch-path "$work/intel-build" plugin stickerlint Sources
expect "$status" "$work/intel-check.log" "0 errors, 0 warnings" "the plugin's stickerlint decodes with the vendored libpng" 0
if grep -q "Application built with libpng" "$work/intel-check.log"; then failed "headers and library of two libpng versions mixed"; fi
fi

# One codec route at a time: both traits, or none, stop the build with the guard's message.
echo "test-dependency: the codec traits' guard"
run "$work/both-traits.log" swift build --package-path "$clone" --scratch-path "$work/traits-build" --product stickerlint \
    --traits VendoredCodecs,SystemCodecs
expect "$status" "$work/both-traits.log" "enable one codec trait, not both" "swift build with both codec traits fails" 1
run "$work/no-traits.log" swift build --package-path "$clone" --scratch-path "$work/traits-build" --product stickerlint \
    --disable-default-traits
expect "$status" "$work/no-traits.log" "no codec trait: enable VendoredCodecs" "swift build with no codec trait fails" 1

[ "$fail" -eq 0 ] && echo "test-dependency: passed"
exit "$fail"
