#!/usr/bin/env python3
"""Copies the tracked files of this project's working tree into DEST, rewriting only files whose bytes
differ (so a build in DEST stays incremental) and removing tracked-looking files that are gone.

usage: scripts/sync-tree.py DEST
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    dest = os.path.abspath(sys.argv[1])
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, stdout=subprocess.PIPE, check=True).stdout
    names = {n for n in listed.decode().split("\0") if n and os.path.isfile(os.path.join(ROOT, n))}
    for name in sorted(names):
        source, target = os.path.join(ROOT, name), os.path.join(dest, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(source, "rb") as f:
            data = f.read()
        if os.path.isfile(target):
            with open(target, "rb") as f:
                if f.read() == data:
                    continue
        shutil.copy2(source, target)
    # Sources and tests that are no longer tracked would still be compiled: remove them.
    for top in ("Sources", "Tests", "Plugins"):
        for folder, _, files in os.walk(os.path.join(dest, top)):
            for file in files:
                relative = os.path.relpath(os.path.join(folder, file), dest)
                if relative not in names:
                    os.remove(os.path.join(folder, file))


if __name__ == "__main__":
    main()
