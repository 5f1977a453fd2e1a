#!/usr/bin/env python3
"""Makes Tests/Fixtures/webm/: the WebM conformance corpus (issue #40).

Videos made by ffmpeg as sticker tools make them (libvpx-vp9, as Telegram's video stickers must be;
yuva420p for alpha; one side 512 px), and the ones a store would refuse (VP8, 60 fps, four seconds, an
audio track, Matroska rather than WebM, a stream written to a pipe: unknown sizes, no Duration).

expected.json holds what ffprobe (FFmpeg's demuxer, independent of stickerlint's reader) reads of
each: codec, size, alpha mode, tracks, frames counted by decoding (-count_frames), average frame rate
and duration. WebMConformanceTests compares stickerlint's reader with it, file by file.

usage: scripts/make-webm-corpus.py        (needs ffmpeg and ffprobe with libvpx: apt install ffmpeg)"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "webm")

# name: (ffmpeg input arguments, ffmpeg output arguments, container)
SOURCE = "testsrc2=size={w}x{h}:rate={r}:duration={d}"
ALPHA = ("color=c=black@0.0:size={w}x{h}:rate={r}:duration={d},format=yuva420p[bg];"
         "testsrc2=size={s}x{s}:rate={r}:duration={d},format=yuva420p[fg];[bg][fg]overlay=(W-w)/2:(H-h)/2:format=auto")
CASES = {
    "vp9-512x512-30fps-3s": dict(w=512, h=512, r=30, d=3),
    "vp9-512x288-24fps-2s": dict(w=512, h=288, r=24, d=2),
    "vp9-300x512-25fps-1s": dict(w=300, h=512, r=25, d=1),
    "vp9-alpha-512x512-30fps-2s": dict(w=512, h=512, r=30, d=2, alpha=True),
    "vp9-60fps-512x512-1s": dict(w=512, h=512, r=60, d=1),
    "vp9-512x512-30fps-4s": dict(w=512, h=512, r=30, d=4),
    "vp9-audio-512x512-30fps-2s": dict(w=512, h=512, r=30, d=2, audio=True),
    "vp8-512x512-30fps-2s": dict(w=512, h=512, r=30, d=2, codec="libvpx"),
    "vp9-matroska-512x512-30fps-1s": dict(w=512, h=512, r=30, d=1, container="matroska"),
    "vp9-piped-512x512-30fps-2s": dict(w=512, h=512, r=30, d=2, piped=True),
    "vp9-one-frame-512x512": dict(w=512, h=512, r=30, d=1, frames=1),
}


def make(name, w, h, r, d, alpha=False, audio=False, codec="libvpx-vp9", container="webm", piped=False, frames=None):
    path = os.path.join(OUT, name + (".mkv" if container == "matroska" else ".webm"))
    args = ["ffmpeg", "-v", "error", "-y"]
    if alpha:
        args += ["-filter_complex", ALPHA.format(w=w, h=h, r=r, d=d, s=min(w, h) // 2)]
    else:
        args += ["-f", "lavfi", "-i", SOURCE.format(w=w, h=h, r=r, d=d)]
    if audio:
        args += ["-f", "lavfi", "-i", f"sine=frequency=440:duration={d}"]
    args += ["-c:v", codec, "-b:v", "200k", "-deadline", "good", "-cpu-used", "4", "-row-mt", "0", "-threads", "1"]
    if codec == "libvpx-vp9":
        args += ["-pix_fmt", "yuva420p" if alpha else "yuv420p"]
    if audio:
        args += ["-c:a", "libopus" if "libopus" in ENCODERS else "libvorbis", "-b:a", "32k"]
    if frames:
        args += ["-frames:v", str(frames)]
    # Deterministic output: no encoder or muxer version strings, no creation time.
    args += ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1", "-f", container]
    if piped:
        with open(path, "wb") as out:
            subprocess.run(args + ["-"], stdout=out, check=True)
    else:
        subprocess.run(args + [path], check=True)
    return path


def probe(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-show_entries",
         "stream=index,codec_name,codec_type,width,height,nb_read_frames,avg_frame_rate:stream_tags=alpha_mode:format=duration,format_name",
         "-of", "json", path], capture_output=True, check=True, text=True).stdout
    data = json.loads(out)
    streams = data["streams"]
    video = next(s for s in streams if s["codec_type"] == "video")
    num, den = (int(x) for x in video["avg_frame_rate"].split("/"))
    return {
        "codec": video["codec_name"],
        "width": video["width"],
        "height": video["height"],
        "alpha": video.get("tags", {}).get("alpha_mode") == "1",
        "video_tracks": sum(s["codec_type"] == "video" for s in streams),
        "audio_tracks": sum(s["codec_type"] == "audio" for s in streams),
        "frames": int(video["nb_read_frames"]),
        "frame_rate": num / den if den else None,
        "duration_ms": round(float(data["format"]["duration"]) * 1000, 3) if "duration" in data["format"] else None,
        "format": data["format"]["format_name"],
    }


ENCODERS = ""


def main():
    global ENCODERS
    ENCODERS = subprocess.run(["ffmpeg", "-hide_banner", "-encoders"], capture_output=True, text=True, check=True).stdout
    if "libvpx-vp9" not in ENCODERS:
        sys.exit("make-webm-corpus: ffmpeg has no libvpx-vp9 encoder")
    os.makedirs(OUT, exist_ok=True)
    expected = {}
    for name, case in CASES.items():
        path = make(name, **case)
        expected[os.path.basename(path)] = probe(path)
    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(expected)} files in {OUT}")


if __name__ == "__main__":
    main()
