#!/usr/bin/env python3
"""Mutation testing: applies each mutation of scripts/mutations.txt, one at a time, to a scratch copy of
the project, runs the tests that should catch it, and prints which mutations survived.

A mutation is *killed* when its tests fail, *survives* when they pass, and is *invalid* when the code no
longer compiles (then it tests nothing and is left out of the score). Exits 1 when fewer than --goal
percent of the valid mutations are killed, or when a mutation's text is not found exactly once.

  scripts/mutate.sh                      every mutation
  scripts/mutate.sh size-hard-edge ...   only these IDs
"""
import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCRATCH_PARENT = os.path.join(ROOT, ".build-mutate")
SCRATCH = os.path.join(SCRATCH_PARENT, "stickerlint")


class Mutation:
    def __init__(self, ident, path, tests):
        self.id, self.path, self.tests = ident, path, tests
        self.find = self.replace = None


def parse(list_path):
    mutations, current = [], None
    with open(list_path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if line.startswith("@ "):
                parts = line[2:].split()
                if len(parts) != 3:
                    sys.exit(f"mutate: {list_path}:{number}: expected '@ ID FILE TESTS'")
                current = Mutation(*parts)
                mutations.append(current)
            elif line.startswith("- ") and current:
                current.find = line[2:]
            elif line.startswith("+ ") and current:
                current.replace = line[2:]
            else:
                sys.exit(f"mutate: {list_path}:{number}: cannot read {line!r}")
    for m in mutations:
        if m.find is None or m.replace is None:
            sys.exit(f"mutate: mutation {m.id} needs a '- ' and a '+ ' line")
    ids = [m.id for m in mutations]
    if len(set(ids)) != len(ids):
        sys.exit("mutate: mutation IDs must be unique")
    return mutations


def run(command, cwd, timeout):
    try:
        done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        return done.returncode, done.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, "timed out"


def copy_project():
    """The tracked files of the working tree, copied only when changed (so the scratch build stays
    incremental); files no longer tracked are removed."""
    os.makedirs(SCRATCH, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "sync-tree.py"), SCRATCH], check=True)
    # The tests read ../shared beside the project.
    shared = os.path.join(SCRATCH_PARENT, "shared")
    real_shared = os.path.join(ROOT, "..", "shared")
    if not os.path.lexists(shared) and os.path.isdir(real_shared):
        os.symlink(os.path.abspath(real_shared), shared)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ids", nargs="*", help="mutation IDs to run (default: all)")
    parser.add_argument("--list", default=os.path.join(ROOT, "scripts", "mutations.txt"))
    parser.add_argument("--goal", type=float, default=90.0, help="percent of valid mutations that must be killed")
    parser.add_argument("--timeout", type=int, default=900, help="seconds per build or test run")
    args = parser.parse_args()

    mutations = parse(args.list)
    if args.ids:
        unknown = set(args.ids) - {m.id for m in mutations}
        if unknown:
            sys.exit(f"mutate: unknown mutation IDs: {', '.join(sorted(unknown))}")
        mutations = [m for m in mutations if m.id in args.ids]

    copy_project()
    problems = []
    for m in mutations:
        text = open(os.path.join(SCRATCH, m.path), encoding="utf-8").read()
        if text.count(m.find) != 1:
            problems.append(f"{m.id}: {m.path} holds the text {text.count(m.find)} times, not once: {m.find!r}")
    if problems:
        sys.exit("mutate: the mutation list is out of date:\n  " + "\n  ".join(problems))

    print(f"mutate: building the unmutated copy in {SCRATCH}", flush=True)
    status, out = run(["swift", "build", "--build-tests"], SCRATCH, args.timeout * 2)
    if status != 0:
        sys.exit("mutate: the unmutated project does not build:\n" + out[-3000:])

    results = []
    for index, m in enumerate(mutations, 1):
        path = os.path.join(SCRATCH, m.path)
        original = open(path, encoding="utf-8").read()
        started = time.time()
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original.replace(m.find, m.replace, 1))
            status, out = run(["swift", "build", "--build-tests"], SCRATCH, args.timeout)
            if status != 0:
                outcome = "invalid"
            else:
                status, out = run(["swift", "test", "--skip-build", "--filter", m.tests], SCRATCH, args.timeout)
                if status is None:
                    outcome = "killed"   # a hang is caught too
                elif status != 0:
                    outcome = "killed"
                elif "Test run with 0 tests" in out or "passed after" not in out:
                    outcome = "no tests"   # the filter matched nothing: a list error, not a survivor
                else:
                    outcome = "SURVIVED"
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
        results.append((m, outcome))
        print(f"[{index:2}/{len(mutations)}] {outcome:8} {m.id}  ({time.time() - started:.0f} s)", flush=True)

    valid = [r for r in results if r[1] in ("killed", "SURVIVED")]
    killed = [r for r in valid if r[1] == "killed"]
    print()
    print("| mutation | file | change | result |")
    print("|---|---|---|---|")
    for m, outcome in results:
        print(f"| {m.id} | {m.path.split('/')[-1]} | `{m.find.strip()[:50]}` → `{m.replace.strip()[:50]}` | {outcome} |")
    score = 100.0 * len(killed) / len(valid) if valid else 0.0
    print()
    print(f"mutate: {len(killed)} of {len(valid)} valid mutations killed ({score:.1f}%); "
          f"{sum(1 for r in results if r[1] == 'invalid')} invalid, {sum(1 for r in results if r[1] == 'no tests')} matched no test")
    survivors = [m.id for m, o in results if o == "SURVIVED"]
    if survivors:
        print("mutate: survivors: " + ", ".join(survivors))
    bad_list = [m.id for m, o in results if o in ("no tests", "invalid")]
    sys.exit(0 if score >= args.goal and not bad_list else 1)


if __name__ == "__main__":
    main()
