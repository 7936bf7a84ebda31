#!/usr/bin/env python3
"""Linear time on hostile input: one file of 1 MB of a single token.

For each token below, writes a copy of the spec example with one extra file
`tales/hostile.tales`: a header, then the token repeated to 1 MiB (on one
line, or on many when the token holds a line break), and times `tales check
--format json` on the book as a whole process (the median of several runs).
A pass that is quadratic in a line, a block or a file shows as seconds here;
the target is under 100 ms for every token. The human report is timed too
(`--human`), since a report can be quadratic where the check is not.

Then the shapes (issue #25): books of about 1 MiB that are not one token
repeated, each once quadratic: lines of `(`, `[` or `{`; one heading of
many names; a glossary of thousands of names a letter apart with as many
slips of them in the book; one die roll of many bands; one choice of many
options after its prompt.

Usage: python3 bench/linear.py [--runs N] [--human] [--size BYTES] [--only-shapes]
Needs a release build: cargo build --release
"""

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "tales")
SPEC = os.path.join(ROOT, "tests", "fixtures", "spec-example")

TOKENS = [
    "word ", "a", " ", "\n", "\r\n", "\t", "é", "ẞ", "İ", "\u00a0", "@", "@x ", "@12 ", "@F:Terrible ",
    "[", "]", "[D1]", "[D1 / ", "/", "(", ")", "{", "}", "{!", "!", "<", ">", "> a: b\n", ">>", "-",
    "-1-\n", "-12", "- 1 -\n", ":", "a:", "A:", "NO SKILL: x\n", "Piety: x\n", "#", "# tales: allow(x)\n",
    "*", "❖", "1-2 ", "{2d6 + piety}", "[Choice of ẞ or İ]", "Lose ", "D1 S1 ", "W+1 (max ",
    "0", "9", "\\", "\"", "'",
    # Other white space, read as spaces, and a character that starts like one.
    "\u2003", "\u0085", "\u000b", "[\u2028S1] ", "\u2014",
]


def names(n):
    """`n` lowercase names of four letters, each a letter from the next."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for i in range(n):
        word = ""
        for _ in range(4):
            word = letters[i % 26] + word
            i //= 26
        out.append(word)
    return out


def glossary_slips(size):
    """Half the bytes a glossary of near-miss names, half slips of them."""
    with open(os.path.join(SPEC, "glossary.yaml")) as f:
        glossary = f.read()
    entries = "".join(f"  x-{n}: Xname {n}\n" for n in names(size // 2 // 20))
    glossary = glossary.replace("treasures:\n", "treasures:\n" + entries)
    slips = "".join(f"-{900 + i}-\nx [Xnamf {n}]\n" for i, n in enumerate(names(size // 2 // 22)))
    return {"glossary.yaml": glossary, "tales/hostile.tales": slips}


# (name, what it is, files of the book by the size asked for)
SHAPES = [
    ("lines of (", "one `(` a line", lambda n: {"tales/hostile.tales": "-900-\n" + "(\n" * (n // 2)}),
    ("lines of [", "one `[` a line", lambda n: {"tales/hostile.tales": "-900-\n" + "[\n" * (n // 2)}),
    ("lines of {", "one `{` a line", lambda n: {"tales/hostile.tales": "-900-\n" + "{\n" * (n // 2)}),
    ("PIETY / PIETY / ...", "one heading of many names",
     lambda n: {"tales/hostile.tales": "-900-\nA shrine.\n\nNO SKILL: You pass. [S1]\n\n"
                + "PIETY / " * (n // 8) + "PIETY: You pray. [S1]\n"}),
    ("glossary near misses", "names a letter apart, and slips of them", glossary_slips),
    ("{2d6} and bands", "one die roll of many bands",
     lambda n: {"tales/hostile.tales": "-900-\nRoll: {2d6}\n" + "> 2-7: a\n> 8+: b\n" * (n // 20)}),
    ("choice options", "one choice of many options after its prompt",
     lambda n: {"tales/hostile.tales": "-900-\nYou may choose:\n" + "> a: b\n" * (n // 7)}),
]


def write_book(base, files):
    book = os.path.join(base, "book")
    shutil.rmtree(book, ignore_errors=True)
    shutil.copytree(SPEC, book)
    for name, text in files.items():
        with open(os.path.join(book, name), "w", encoding="utf-8") as f:
            f.write(text)
    return book


def timed(args, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=1 << 20)
    parser.add_argument("--human", action="store_true")
    parser.add_argument("--only-shapes", action="store_true")
    args = parser.parse_args()
    base = tempfile.mkdtemp()
    clean = os.path.join(base, "clean")
    shutil.copytree(SPEC, clean)
    floor = timed([BIN, "check", clean, "--format", "json"], args.runs)
    print(f"spec example alone: {floor * 1000:.1f} ms")
    if not args.only_shapes:
        print(f"{'token':<24} {'json':>9} {'human':>9}")
    worst = 0.0
    for token in [] if args.only_shapes else TOKENS:
        book = os.path.join(base, "book")
        shutil.rmtree(book, ignore_errors=True)
        shutil.copytree(SPEC, book)
        data = token.encode("utf-8")
        body = data * (args.size // len(data))
        with open(os.path.join(book, "tales", "hostile.tales"), "wb") as f:
            f.write(b"-900-\n" + body)
        json_t = timed([BIN, "check", book, "--format", "json"], args.runs)
        human_t = timed([BIN, "check", book], args.runs) if args.human else float("nan")
        worst = max(worst, json_t, 0 if human_t != human_t else human_t)
        print(f"{token!r:<24} {json_t * 1000:>7.1f}ms {human_t * 1000:>7.1f}ms")
    print(f"{'shape':<24} {'json':>9} {'human':>9}")
    for name, _what, files in SHAPES:
        book = write_book(base, files(args.size))
        json_t = timed([BIN, "check", book, "--format", "json"], args.runs)
        human_t = timed([BIN, "check", book], args.runs) if args.human else float("nan")
        worst = max(worst, json_t, 0 if human_t != human_t else human_t)
        print(f"{name:<24} {json_t * 1000:>7.1f}ms {human_t * 1000:>7.1f}ms")
    print(f"worst: {worst * 1000:.1f} ms (target: under 100 ms)")
    shutil.rmtree(base)


if __name__ == "__main__":
    main()
