#!/usr/bin/env python3
"""Benchmark whole games (`tales sim --games`) as a whole process.

1. The sample book: `tales sim content/sunken-lamp --games 100000 --players 3
   --threads 2` (issue #24's target: under a minute on 2 cores). Reports the
   median wall time, the CPU time (user + system) and the peak resident
   memory (wait4's rusage), and the games a CPU second.

2. A 30,000-paragraph book with a board and decks (target: seconds, not
   minutes), two of them, written by the dev-only generator tools/bookgen:
   - `generated`: `bookgen --format 3` (every version 3 form, a board of 10
     spaces and 4 places of power, a character card for every three
     paragraphs' charts, a city card for each city);
   - `real text`: `bookgen --from-book content/sunken-lamp`, the sample book
     repeated and renumbered (its board with a place of power for each copy,
     its character, terrain and city cards with one more character card a
     copy, its statuses and treasures that act and its quest cards).
   Each is timed as `tales check` (reading the book: the floor under any
   command) and as `tales sim BOOK --games N --players 3 --threads 2` for
   each N of --book-games; "games" is the time the games add to the check.

On a shared, busy machine the wall time moves with the load: the CPU time
is the column to read (the games run on 2 threads, so wall time on an idle
2-core machine is about half of it).

Usage: python3 bench/games.py [--runs N] [--games 100000] [--paragraphs 30000]
       [--book-games 1000,10000] [--threads 2] [--skip-sample] [--skip-books]
Needs release builds: cargo build --release --workspace
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "tales")
GEN = os.path.join(ROOT, "target", "release", "bookgen")
OUT = os.path.join(ROOT, "bench", "out")
SAMPLE = os.path.join(ROOT, "content", "sunken-lamp")


def measure(args):
    """Run a command; return (wall seconds, CPU seconds, peak RSS in MiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(args)} exited {code}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def median_of(args, runs):
    """The medians of wall and CPU time, and the largest peak memory."""
    rows = [measure(args) for _ in range(runs)]
    return (
        statistics.median(r[0] for r in rows),
        statistics.median(r[1] for r in rows),
        max(r[2] for r in rows),
    )


def sim(book, games, threads):
    return [BIN, "sim", book, "--games", str(games), "--players", "3", "--threads", str(threads)]


def sample(args):
    print(f"sample book (content/sunken-lamp), {args.games} games of 3 players, {args.threads} threads")
    wall, cpu, rss = median_of(sim(SAMPLE, args.games, args.threads), args.runs)
    print(f"{'wall s':>8} {'cpu s':>8} {'peak MiB':>9} {'games / cpu s':>14} {'target':>10}")
    verdict = "met" if wall < 60 else "MISSED"
    print(f"{wall:>8.2f} {cpu:>8.2f} {rss:>9.1f} {args.games / cpu:>14.0f} {'< 60 s':>10} ({verdict})")


def book(kind, paragraphs):
    path = os.path.join(OUT, f"games-{kind}-{paragraphs}")
    if not os.path.isdir(path):
        if kind == "generated":
            extra = ["--format", "3"]
        else:
            extra = ["--from-book", SAMPLE]
        subprocess.run([GEN, "--paragraphs", str(paragraphs), "--out", path] + extra, check=True,
                       stderr=subprocess.DEVNULL)
    return path


def books(args):
    print()
    print(f"{args.paragraphs}-paragraph books, 3 players, {args.threads} threads")
    print(f"{'book':>10} {'what':>12} {'wall s':>8} {'cpu s':>8} {'peak MiB':>9} {'games cpu s':>12} {'ms a game':>10}")
    for kind in ["generated", "real text"]:
        path = book(kind.replace(" ", "-"), args.paragraphs)
        measure([BIN, "check", path])  # warm the page cache
        wall0, cpu0, rss0 = median_of([BIN, "check", path], args.runs)
        print(f"{kind:>10} {'check':>12} {wall0:>8.2f} {cpu0:>8.2f} {rss0:>9.1f}")
        for games in [int(g) for g in args.book_games.split(",")]:
            wall, cpu, rss = median_of(sim(path, games, args.threads), args.runs)
            extra = max(cpu - cpu0, 0.0)
            print(f"{kind:>10} {f'{games} games':>12} {wall:>8.2f} {cpu:>8.2f} {rss:>9.1f} "
                  f"{extra:>12.2f} {1000 * extra / games:>10.3f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=100000)
    parser.add_argument("--paragraphs", type=int, default=30000)
    parser.add_argument("--book-games", default="1000,10000")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--skip-sample", action="store_true")
    parser.add_argument("--skip-books", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the generated books in bench/out")
    args = parser.parse_args()
    if not os.path.exists(BIN) or not os.path.exists(GEN):
        sys.exit("build first: cargo build --release --workspace")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if not args.skip_sample:
        sample(args)
    if not args.skip_books:
        books(args)
        if not args.keep:
            for kind in ["generated", "real-text"]:
                shutil.rmtree(os.path.join(OUT, f"games-{kind}-{args.paragraphs}"), ignore_errors=True)


if __name__ == "__main__":
    main()
