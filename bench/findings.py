#!/usr/bin/env python3
"""Keep or compare `tales check --format json` on every book this project has.

A speed step must change no finding. `python3 bench/findings.py save DIR`
writes each book's report (the books of content/, tests/, the spec's
examples beside the repository, and bench/out's generated books) into DIR;
`python3 bench/findings.py compare DIR` checks them again with the current
build and lists every book whose report is not the same bytes.

Needs a release build: cargo build --release --workspace
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "tales")
SPEC = os.path.join(os.path.dirname(ROOT), "shared", "spec")


def books():
    """Every folder with a book.yaml under content/, tests/, the spec and bench/out."""
    found = []
    for top in ["content", "tests", SPEC, os.path.join("bench", "out")]:
        top = os.path.join(ROOT, top)
        for dirpath, dirs, files in os.walk(top):
            dirs.sort()
            if "book.yaml" in files:
                found.append(dirpath)
    return found


def report(path):
    out = subprocess.run(
        [BIN, "check", "--format", "json", path], capture_output=True, check=False
    )
    return out.stdout + b"\n--stderr--\n" + out.stderr + f"\n--exit {out.returncode}\n".encode()


def name(path):
    return os.path.relpath(path, os.path.dirname(ROOT)).replace(os.sep, "__")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("save", "compare"):
        sys.exit(__doc__)
    mode, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    differ, new = [], []
    for path in books():
        file = os.path.join(out, name(path) + ".json")
        got = report(path)
        if mode == "save":
            with open(file, "wb") as f:
                f.write(got)
        elif not os.path.exists(file):
            new.append(path)
        else:
            with open(file, "rb") as f:
                if f.read() != got:
                    differ.append(path)
    print(f"{len(books())} books")
    for path in new:
        print(f"new since the save, not compared: {path}")
    for path in differ:
        print(f"differs: {path}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
