#!/usr/bin/python3
"""Check that a command's time grows linearly, not quadratically, with its
input: run SMALL and LARGE (each the best of ROUNDS, interleaved), print
the ratio, and fail when it exceeds MAX.  A ratio, never an absolute time:
a busy machine slows both runs alike.

usage: growth_check.py [--rounds N | --instructions [--timeout S]] --max RATIO
                       ::: SMALL... ::: LARGE...

With inputs 10 times apart, linear work grows about 10x and quadratic work
about 100x; a bound between (e.g. 40) tells them apart with room for noise.

--instructions counts the instructions of each run instead of timing it
(valgrind --tool=callgrind, one run each): exact and the same on a busy
machine, so inputs 4 times apart (linear about 4x, quadratic about 16x)
are enough.  Without valgrind it fails: a check that cannot run is red.
--timeout stops a counted run after S seconds and fails (a quadratic build
can take hours under valgrind; `timeout` before the command would have
valgrind count only `timeout`).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def run(cmd):
    t0 = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - t0


def instructions(cmd, limit):
    """The instructions @cmd executed, all its threads, by callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'callgrind.out')
        try:
            subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out] + cmd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                           timeout=limit)
        except subprocess.TimeoutExpired:
            sys.exit('growth_check: %s ran more than %.0f s under valgrind' % (' '.join(cmd), limit))
        with open(out) as f:
            for line in f:
                m = re.match(r'(summary|totals): (\d+)', line)
                if m:
                    return int(m.group(2))
    sys.exit('growth_check: no instruction count from callgrind for %s' % ' '.join(cmd))


def count_instructions(small, large, bound, limit):
    if not shutil.which('valgrind'):
        sys.exit('growth_check: --instructions needs valgrind, which is not installed')
    ns, nl = instructions(small, limit), instructions(large, limit)
    ratio = nl / max(ns, 1)
    print('growth: %d -> %d instructions, %.2fx (at most %.0fx)' % (ns, nl, ratio, bound))
    if ratio > bound:
        sys.exit('growth_check: %.2fx is more than %.0fx: the work grows faster than linearly'
                 % (ratio, bound))


def main():
    args = sys.argv[1:]
    rounds, bound, count, limit = 1, None, False, None
    while args and args[0] != ':::':
        if args[0] == '--rounds':
            rounds = int(args[1])
        elif args[0] == '--max':
            bound = float(args[1])
        elif args[0] == '--timeout':
            limit = float(args[1])
        elif args[0] == '--instructions':
            count = True
            args = args[1:]
            continue
        else:
            sys.exit('growth_check: unknown option %s' % args[0])
        args = args[2:]
    if bound is None:
        sys.exit('growth_check: --max RATIO is required (a check without a bound cannot fail)')
    rest = args[1:]
    cut = rest.index(':::')
    small, large = rest[:cut], rest[cut + 1:]
    if count:
        count_instructions(small, large, bound, limit)
        return
    ts, tl = [], []
    for _ in range(rounds):
        ts.append(run(small))
        tl.append(run(large))
    ratio = min(tl) / max(min(ts), 1e-3)
    print('growth: %.2f s -> %.2f s, %.1fx (at most %.0fx)' % (min(ts), min(tl), ratio, bound))
    if ratio > bound:
        sys.exit('growth_check: %.1fx is more than %.0fx: the work grows faster than linearly'
                 % (ratio, bound))


if __name__ == '__main__':
    main()
