#!/bin/sh
# Makes Tests/Fixtures/webp/: the WebP conformance corpus (issue #28), as the tools people use export
# WebP: cwebp (lossy, lossless, near-lossless, alpha, metadata), img2webp and gif2webp (animations),
# webpmux (frames placed by hand with every blend and dispose method), and Pillow. The sources are drawn
# by scripts/webp-corpus-sources.py. The corpus is committed; ConformanceWebPTests decodes every file and
# compares it with dwebp (stills) and Pillow (animations). Needs cwebp, img2webp, gif2webp, webpmux
# (Debian `webp`, Homebrew `webp`) and Pillow. POSIX sh.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/Tests/Fixtures/webp"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/scripts/webp-corpus-sources.py" "$work"
rm -f "$out"/*.webp
q() { "$@" -quiet; }

# Stills.
q cwebp -q 75 "$work/photo.png" -o "$out/still-lossy-opaque.webp"
q cwebp -q 80 -alpha_q 100 "$work/art.png" -o "$out/still-lossy-alpha.webp"
q cwebp -q 60 -alpha_q 50 -alpha_filter best "$work/art.png" -o "$out/still-lossy-alpha-filtered.webp"
q cwebp -q 90 -sharp_yuv "$work/art.png" -o "$out/still-lossy-sharp-yuv.webp"
q cwebp -lossless "$work/art.png" -o "$out/still-lossless-alpha.webp"
q cwebp -lossless -exact "$work/art.png" -o "$out/still-lossless-exact.webp"
q cwebp -near_lossless 40 "$work/photo-small.png" -o "$out/still-near-lossless.webp"
q cwebp -lossless -z 9 "$work/pixel.png" -o "$out/still-lossless-pixel-art.webp"
q cwebp -q 75 "$work/grey.png" -o "$out/still-lossy-grey.webp"
q cwebp -lossless "$work/odd.png" -o "$out/still-lossless-odd-size.webp"
q cwebp -q 75 "$work/odd.png" -o "$out/still-lossy-odd-size.webp"
q cwebp -lossless "$work/one.png" -o "$out/still-lossless-1x1.webp"
# Metadata as exporters write it: an ICC profile and EXIF (VP8X with ICCP and EXIF chunks).
q cwebp -q 80 -metadata icc,exif "$work/photo-exif.jpg" -o "$out/still-lossy-icc-exif.webp"
webpmux -set icc "$work/srgb.icc" "$out/still-lossless-alpha.webp" -o "$out/still-lossless-icc.webp"

# Animations: img2webp (lossless, lossy, mixed; sub-rectangles and blend chosen by the encoder).
img2webp -loop 0 -d 80 -lossless "$work"/frame-*.png -o "$out/anim-img2webp-lossless.webp" > /dev/null
img2webp -loop 3 -d 120 -lossy -q 70 "$work"/frame-*.png -o "$out/anim-img2webp-lossy.webp" > /dev/null
img2webp -loop 0 -d 50 -mixed "$work"/frame-*.png -o "$out/anim-img2webp-mixed.webp" > /dev/null
# gif2webp from a GIF with a transparent colour and restore-to-background disposal.
q gif2webp "$work/dance.gif" -o "$out/anim-gif2webp.webp"
q gif2webp -lossy -q 60 "$work/dance.gif" -o "$out/anim-gif2webp-lossy.webp"
# webpmux: frames placed by hand, with each blend (+b over, -b none) and dispose (1 background, 0 none).
for i in 0 1 2 3; do q cwebp -lossless "$work/patch-$i.png" -o "$work/patch-$i.webp"; done
q cwebp -q 70 "$work/patch-1.png" -o "$work/patch-1-lossy.webp"
webpmux -frame "$work/patch-0.webp" +100+0+0+0-b \
        -frame "$work/patch-1.webp" +150+40+30+1+b \
        -frame "$work/patch-2.webp" +70+80+60+0+b \
        -frame "$work/patch-3.webp" +90+10+90+1-b \
        -frame "$work/patch-1-lossy.webp" +60+100+20+0+b \
        -loop 0 -bgcolor 0,0,0,0 -o "$out/anim-webpmux-blend-dispose.webp"
# Pillow (the library behind sticker-convert and most Python pipelines).
python3 "$root/scripts/webp-corpus-sources.py" --pillow "$work" "$out"

# Damaged files: a lossy and an animated file cut short, and a RIFF whose chunk lies about its size.
head -c 300 "$out/still-lossy-opaque.webp" > "$out/bad-truncated-lossy.webp"
head -c 200 "$out/anim-img2webp-lossless.webp" > "$out/bad-truncated-animation.webp"
python3 - "$out/still-lossless-alpha.webp" "$out/bad-chunk-size.webp" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[16:20] = (0x7FFFFFF0).to_bytes(4, "little")   # the VP8L chunk claims 2 GB
open(sys.argv[2], "wb").write(bytes(data))
PY
echo "made $(find "$out" -name '*.webp' | wc -l | tr -d ' ') files"
