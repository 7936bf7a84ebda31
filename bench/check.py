#!/usr/bin/env python3
"""Benchmark `tales check` as a whole process on generated books.

Generates defect-free books of 3,000, 30,000 and 300,000 result paragraphs
(format version 2, about 620 bytes each: long wrapped prose, blocks nested
three deep in a tenth of them, gender, wealth and points conditions, printed
spellings, free-text effects) with `bookgen` (tools/bookgen, a dev tool
outside the product), then runs `tales check` on each several times and
reports the median wall time and the peak resident memory of the process
(from wait4's rusage).

With --versions it also times a version 1 book of the same paragraphs (the
same prose and as many awards, in version 1's shapes) beside each version 2
book, the two taking turns, and prints the ratio.

With --l10n it also generates each book's Spanish translation (the same
numbers, other words; about 6% more bytes) and times `tales l10n SOURCE
TRANSLATION`, which checks both books and compares them, against `tales
check` on the source and on the translation read as a book of its own.

With --v3 it also times a version 3 book of the same paragraphs (bookgen
--format 3: version 2's shapes and four more, a board, places of power,
guarded options, go-to with a section, `skills >= N`, conditional items and
every effect of FORMAT.md 9.3 in words) beside each version 2 book, taking
turns, and prints the ratio per byte.

With --real it also times "real text" books beside each version 2 and
version 3 book: a human-written book of this project repeated and renumbered
to the same number of paragraphs (bookgen --from-book: content/sunken-lamp,
content/silver-caravan, the spec's version 3 example), all taking turns, and
prints each one's cost per byte against the generated books'.

With --real, --at-length adds each real-text book again at the generated
book's paragraph length: every result paragraph's opening prose repeated
until the book's `.tales` text is about 622 bytes a paragraph, as the
generated book's is (the same paragraphs, sections and award codes; only
prose is added). It tells a byte's cost from a paragraph's: a written
paragraph is 200 to 320 bytes, a third of a generated one, so whatever a
paragraph costs whatever its length is spread over a third of the bytes.

--cpu adds the CPU time (user + system, from wait4) beside the wall time in
the --v3 and --real tables: on a shared, busy machine it moves less.
--instructions adds the instructions one check executes (valgrind's
callgrind, one thread: RAYON_NUM_THREADS=1), which a busy machine does not
move at all.

With --one-file it also times each generated and real-text book typed in
one `.tales` file (its files joined in name order, as a transcription often
is) beside the book in its own files, taking turns, and prints the wall
time of the one file against the many: a file's paragraphs are read in
parts of 128 KiB on every core, as a book's files are.

With --broken it also times the report of a book with nearly a million
findings: each generated book with its `tales/` folder left out, so every
matrix cell dangles, reported in every output format.

Usage: python3 bench/check.py [--runs N] [--sizes 3000,30000,300000] [--l10n] [--broken] [--versions]
       [--v3] [--real [--at-length]] [--one-file] [--cpu] [--instructions]
Needs release builds: cargo build --release --workspace
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import textwrap
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "tales")
GEN = os.path.join(ROOT, "target", "release", "bookgen")
OUT = os.path.join(ROOT, "bench", "out")


def run(args):
    """Run a command; return (seconds, peak RSS in MiB, exit code)."""
    elapsed, rss, code, _ = run_cpu(args)
    return elapsed, rss, code


def run_cpu(args):
    """Run a command; return (seconds, peak RSS in MiB, exit code, CPU seconds)."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    return elapsed, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), cpu


REAL = {
    "sunken-lamp": os.path.join(ROOT, "content", "sunken-lamp"),
    "silver-caravan": os.path.join(ROOT, "content", "silver-caravan"),
    "example-v3": os.path.join(ROOT, "tests", "fixtures", "spec-example-v3"),
}


def size_of(path):
    total = 0
    for dirpath, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(dirpath, f)) for f in files)
    return total


def real_book(size, source):
    """A human-written book repeated and renumbered to `size` paragraphs."""
    path = os.path.join(OUT, f"real-{size}-{source}")
    if not os.path.isdir(path):
        subprocess.run(
            [GEN, "--from-book", REAL[source], "--paragraphs", str(size), "--out", path], check=True
        )
    return path, size_of(path)


# The generated book's `.tales` bytes a paragraph (bookgen's long prose).
AT_LENGTH = 622
HEADER = re.compile(r"^-\d+-\s*$")


def at_length(size, source):
    """A real-text book with each result paragraph's opening prose (the lines
    after its header, up to the first blank line, section, award code,
    condition or nested block) repeated and wrapped until the book's
    `.tales` text is AT_LENGTH bytes a paragraph."""
    real, _ = real_book(size, source)
    path = os.path.join(OUT, f"real-{size}-{source}-at-{AT_LENGTH}")
    if os.path.isdir(path):
        return path, size_of(path)
    shutil.copytree(real, path)
    files = [os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs if f.endswith(".tales")]
    texts = {f: open(f, encoding="utf-8").read() for f in sorted(files)}
    paragraphs = sum(len(re.findall(r"(?m)^-\d+-", t)) for t in texts.values())
    have = sum(len(t.encode()) for t in texts.values())
    openings = sum(len(list(opening_prose(t.split("\n")))) for t in texts.values())
    need = (AT_LENGTH * paragraphs - have) / max(openings, 1)
    for f, t in texts.items():
        with open(f, "w", encoding="utf-8") as out:
            out.write("\n".join(lengthened(t.split("\n"), need)))
    return path, size_of(path)


def is_prose(line):
    return not (
        not line.strip()
        or line.startswith((">", "#", "["))
        or re.match(r"\s*\d", line)
        or re.match(r"[A-Z][A-Z' ]{2,}", line)
        or "[" in line
        or "{" in line
    )


def opening_prose(lines):
    """(start, end) of each result paragraph's opening prose lines."""
    for i, line in enumerate(lines):
        if HEADER.match(line):
            j = i + 1
            while j < len(lines) and is_prose(lines[j]):
                j += 1
            if j > i + 1:
                yield i + 1, j


def lengthened(lines, need):
    out, last = [], 0
    for start, end in opening_prose(lines):
        out += lines[last:end]
        last = end
        prose = " ".join(lines[start:end]) + " "
        extra = prose * max(1, int(need // len(prose)) + 1)
        out += textwrap.wrap(extra[: max(int(need), 1)].rsplit(" ", 1)[0], 75)
    return out + lines[last:]


def book(size, locale="en", version=2):
    name = f"book-{size}" if locale == "en" else f"book-{size}-{locale}"
    if version != 2:
        name += f"-v{version}"
    path = os.path.join(OUT, name)
    if not os.path.isdir(path):
        extra = [] if locale == "en" else ["--locale", locale, "--translation-of", f"../book-{size}"]
        extra += ["--format", str(version)]
        subprocess.run([GEN, "--paragraphs", str(size), "--out", path] + extra, check=True)
    return path, size_of(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sizes", default="3000,30000,300000")
    parser.add_argument("--l10n", action="store_true")
    parser.add_argument("--broken", action="store_true")
    parser.add_argument("--versions", action="store_true")
    parser.add_argument("--v3", action="store_true")
    parser.add_argument("--real", action="store_true")
    parser.add_argument("--at-length", action="store_true")
    parser.add_argument("--one-file", action="store_true")
    parser.add_argument("--cpu", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()
    if not os.path.exists(BIN) or not os.path.exists(GEN):
        sys.exit("build first: cargo build --release --workspace")
    print(f"{'paragraphs':>10} {'bytes':>12} {'median s':>9} {'min s':>7} {'peak MiB':>9}")
    medians = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        path, total = book(size)
        run([BIN, "check", path])  # warm the page cache
        times, peaks = [], []
        for _ in range(args.runs):
            t, rss, code = run([BIN, "check", path])
            if code != 0:
                sys.exit(f"tales check {path} exited {code}: the generated book must check clean")
            times.append(t)
            peaks.append(rss)
        medians[size] = statistics.median(times)
        print(f"{size:>10} {total:>12} {medians[size]:>9.3f} {min(times):>7.3f} {max(peaks):>9.1f}")
    if 30000 in medians and 300000 in medians:
        print(f"300k / 30k time ratio: {medians[300000] / medians[30000]:.1f}")
    if args.versions:
        versions(medians, args.runs)
    if args.v3:
        per_byte(medians, args.runs, args, real=False)
    if args.real:
        per_byte(medians, args.runs, args, real=True)
    if args.one_file:
        one_file(medians, args.runs)
    if args.broken:
        broken(medians, args.runs)
    if args.l10n:
        l10n(medians, args.runs)


def versions(medians, runs):
    """Version 2 against version 1: the same paragraphs, taking turns."""
    print()
    print(f"{'paragraphs':>10} {'v1 bytes':>10} {'v2 bytes':>10} {'v1 s':>7} {'v2 s':>7} {'v2 / v1':>8} {'per byte':>9}")
    for size in medians:
        v1, b1 = book(size, version=1)
        v2, b2 = book(size)
        run([BIN, "check", v1])
        times = {1: [], 2: []}
        for _ in range(runs):
            for v, path in [(1, v1), (2, v2)]:
                t, _, code = run([BIN, "check", path])
                if code != 0:
                    sys.exit(f"tales check {path} exited {code}: the generated book must check clean")
                times[v].append(t)
        m1, m2 = statistics.median(times[1]), statistics.median(times[2])
        print(f"{size:>10} {b1:>10} {b2:>10} {m1:>7.3f} {m2:>7.3f} {m2 / m1:>8.2f} {(m2 / b2) / (m1 / b1):>9.2f}")


def instructions(path):
    """Instructions one `tales check` executes on one thread (callgrind)."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", BIN, "check", path],
        env=dict(os.environ, RAYON_NUM_THREADS="1"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    ).stderr
    return int(out.split("Collected : ")[1].split()[0])


def per_byte(medians, runs, args, real):
    """Books of the same paragraphs taking turns, each one's cost per byte
    against the version 2 book's: version 3 (--v3), or the version 3 book
    and the real-text books (--real). With --cpu, CPU time is given too,
    with --instructions the instructions of one check."""
    cpu = args.cpu
    print()
    head = f"{'paragraphs':>10} {'book':>18} {'bytes':>10} {'median s':>9} {'per byte':>9}"
    if cpu:
        head += f" {'cpu s':>7} {'per byte':>9}"
    if args.instructions:
        head += f" {'instr./byte':>11} {'per byte':>9}"
    print(head)
    for size in medians:
        books = {"v2": book(size), "v3": book(size, version=3)}
        if real:
            books.update({name: real_book(size, name) for name in REAL})
        if real and args.at_length:
            books.update({f"{name}@{AT_LENGTH}": at_length(size, name) for name in REAL})
        for path, _ in books.values():
            run([BIN, "check", path])  # warm the page cache
        wall = {k: [] for k in books}
        used = {k: [] for k in books}
        for _ in range(runs):
            for k, (path, _) in books.items():
                t, _, code, c = run_cpu([BIN, "check", path])
                if code != 0:
                    sys.exit(f"tales check {path} exited {code}: the book must check clean")
                wall[k].append(t)
                used[k].append(c)
        # Seconds a byte of the version 2 book: what the others are against.
        v2_bytes = books["v2"][1]
        base_wall = statistics.median(wall["v2"]) / v2_bytes
        base_cpu = statistics.median(used["v2"]) / v2_bytes
        counted = {}
        if args.instructions:
            counted = {k: instructions(path) / b for k, (path, b) in books.items()}
        for k, (_, size_bytes) in books.items():
            m, c = statistics.median(wall[k]), statistics.median(used[k])
            line = f"{size:>10} {k:>18} {size_bytes:>10} {m:>9.3f} {m / size_bytes / base_wall:>9.2f}"
            if cpu:
                line += f" {c:>7.3f} {c / size_bytes / base_cpu:>9.2f}"
            if counted:
                line += f" {counted[k]:>11.1f} {counted[k] / counted['v2']:>9.2f}"
            print(line)


def joined(source):
    """`source` with its `.tales` files joined into one, in name order."""
    path = source + "-one-file"
    if not os.path.isdir(path):
        shutil.copytree(source, path, ignore=shutil.ignore_patterns("tales"))
        os.mkdir(os.path.join(path, "tales"))
        names = sorted(f for f in os.listdir(os.path.join(source, "tales")) if f.endswith(".tales"))
        with open(os.path.join(path, "tales", "book.tales"), "wb") as out:
            for name in names:
                with open(os.path.join(source, "tales", name), "rb") as f:
                    out.write(f.read() + b"\n")
    return path


def one_file(medians, runs):
    """Each book in its own files and typed in one file, taking turns."""
    print()
    print(f"{'paragraphs':>10} {'book':>15} {'files s':>8} {'one file s':>10} {'one / files':>11}")
    for size in medians:
        books = {"v2": book(size)[0]}
        books.update({name: real_book(size, name)[0] for name in REAL})
        for k, path in books.items():
            pair = [path, joined(path)]
            for p in pair:
                run([BIN, "check", p])  # warm the page cache
            times = [[], []]
            for _ in range(runs):
                for i, p in enumerate(pair):
                    t, _, code = run([BIN, "check", p])
                    if code != 0:
                        sys.exit(f"tales check {p} exited {code}: the book must check clean")
                    times[i].append(t)
            m = [statistics.median(t) for t in times]
            print(f"{size:>10} {k:>15} {m[0]:>8.3f} {m[1]:>10.3f} {m[1] / m[0]:>11.2f}")


def broken(medians, runs):
    """Every format's report of a book whose paragraphs are all missing."""
    print()
    print(f"{'paragraphs':>10} {'format':>7} {'findings':>9} {'median s':>9} {'peak MiB':>9}")
    for size in medians:
        source, _ = book(size)
        path = os.path.join(OUT, f"broken-{size}")
        if not os.path.isdir(path):
            shutil.copytree(source, path, ignore=shutil.ignore_patterns("tales"))
        # Counted from a file, line by line: a forked child starts with this
        # process's resident size, which wait4 would report as its peak.
        report = path + ".github"
        with open(report, "wb") as f:
            subprocess.run([BIN, "check", path, "--format", "github"], stdout=f)
        with open(report, "rb") as f:
            findings = sum(1 for line in f if line.startswith(b"::"))
        for fmt in ["human", "json", "github", "sarif"]:
            times, peaks = [], []
            for _ in range(runs):
                t, rss, code = run([BIN, "check", path, "--format", fmt])
                if code != 1:
                    sys.exit(f"tales check {path} exited {code}: expected 1")
                times.append(t)
                peaks.append(rss)
            print(f"{size:>10} {fmt:>7} {findings:>9} {statistics.median(times):>9.3f} {max(peaks):>9.1f}")


def l10n(medians, runs):
    """`tales l10n` on each book and its translation, against `tales check`
    on each of the two books alone (the translation read as a book of its
    own, without `translation-of`, so nothing is compared). The three
    commands take turns, so a slow minute of the machine hits all three;
    `paired` is the median of each turn's l10n / check source."""
    print()
    print(
        f"{'paragraphs':>10} {'check src':>10} {'check tr':>9} {'l10n':>7} {'peak MiB':>9}"
        f" {'/ src':>6} {'/ tr':>5} {'/ both':>7} {'paired':>7}"
    )
    for size in medians:
        source, _ = book(size)
        translation, _ = book(size, "es")
        alone = os.path.join(OUT, f"book-{size}-es-alone")
        if not os.path.isdir(alone):
            subprocess.run(
                [GEN, "--paragraphs", str(size), "--out", alone, "--locale", "es"],
                check=True,
            )
        commands = {
            "src": [BIN, "check", source],
            "tr": [BIN, "check", alone],
            "l10n": [BIN, "l10n", source, translation],
        }
        for c in commands.values():
            run(c)  # warm the page cache
        times = {k: [] for k in commands}
        peak = 0.0
        for _ in range(runs):
            for k, c in commands.items():
                t, rss, code = run(c)
                if code != 0:
                    sys.exit(f"{' '.join(c)} exited {code}: generated books must check clean")
                times[k].append(t)
                if k == "l10n":
                    peak = max(peak, rss)
        m = {k: statistics.median(v) for k, v in times.items()}
        paired = statistics.median(x / y for x, y in zip(times["l10n"], times["src"]))
        print(
            f"{size:>10} {m['src']:>10.3f} {m['tr']:>9.3f} {m['l10n']:>7.3f} {peak:>9.1f}"
            f" {m['l10n'] / m['src']:>6.2f} {m['l10n'] / m['tr']:>5.2f}"
            f" {m['l10n'] / (m['src'] + m['tr']):>7.2f} {paired:>7.2f}"
        )


if __name__ == "__main__":
    main()
