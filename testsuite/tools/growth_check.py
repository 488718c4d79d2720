#!/usr/bin/python3
"""Check that a command's time grows linearly, not quadratically, with its
input: run SMALL and LARGE (each the best of ROUNDS, interleaved), print
the ratio, and fail when it exceeds MAX.  A ratio, never an absolute time:
a busy machine slows both runs alike.

usage: growth_check.py --rounds N --max RATIO ::: SMALL... ::: LARGE...

With inputs 10 times apart, linear work grows about 10x and quadratic work
about 100x; a bound between (e.g. 40) tells them apart with room for noise.
"""
import subprocess
import sys
import time


def run(cmd):
    t0 = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - t0


def main():
    args = sys.argv[1:]
    rounds, bound = 1, None
    while args and args[0] != ':::':
        if args[0] == '--rounds':
            rounds = int(args[1])
        elif args[0] == '--max':
            bound = float(args[1])
        else:
            sys.exit('growth_check: unknown option %s' % args[0])
        args = args[2:]
    rest = args[1:]
    cut = rest.index(':::')
    small, large = rest[:cut], rest[cut + 1:]
    ts, tl = [], []
    for _ in range(rounds):
        ts.append(run(small))
        tl.append(run(large))
    ratio = min(tl) / max(min(ts), 1e-3)
    print('growth: %.2f s -> %.2f s, %.1fx (at most %.0fx)' % (min(ts), min(tl), ratio, bound))
    if bound is not None and ratio > bound:
        sys.exit('growth_check: %.1fx is more than %.0fx: the work grows faster than linearly'
                 % (ratio, bound))


if __name__ == '__main__':
    main()
