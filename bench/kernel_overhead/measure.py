#!/usr/bin/python3
"""Compile every object of a kernel directory with and without the plugin,
interleaved, and print the CPU-time ratios; optionally count instructions
for a few of them.

    measure.py [--rounds N] [--callgrind OBJ,...] TREE DIR NAME=FLAGS...

TREE is a kernel tree in which DIR was just built (its .cmd files hold the
gcc command of each object).  Every command is rerun as recorded, output to
a scratch directory, once per variant: "base" (as recorded) and each
NAME=FLAGS (the flags added before -c).  The variants of one object run back
to back in an order that rotates with the object and the round, so that
whatever else the machine does falls on all of them alike.  CPU time is user
+ system of gcc and its children (cc1, as), from getrusage.  --callgrind
runs the named objects' commands ("all", "every:N" for every Nth by name,
or object paths) once per variant under valgrind
--tool=callgrind and sums the instructions of all processes: exact and
repeatable, where CPU time on a shared machine is not.
"""
import argparse
import glob
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time


def commands(tree, top):
    """The gcc command of every object under top, from Kbuild's .cmd files."""
    out = []
    for root, _dirs, files in os.walk(os.path.join(tree, top)):
        for f in sorted(files):
            if not (f.startswith('.') and f.endswith('.o.cmd')):
                continue
            with open(os.path.join(root, f)) as fh:
                first = fh.readline()
            m = re.match(r'cmd_(\S+\.o) := (gcc .*)$', first)
            if not m or ' -c ' not in m.group(2):
                continue
            # The compile only: objtool runs after ';'.
            out.append((m.group(1), m.group(2).split(' ; ')[0]))
    return sorted(out)


def prepare(cmd, scratch, extra):
    """Redirect the outputs of cmd to scratch and add the extra flags."""
    args = shlex.split(cmd)
    res = []
    i = 0
    while i < len(args):
        a = args[i]
        if a.startswith('-Wp,-MMD,'):
            a = '-Wp,-MMD,' + os.path.join(scratch, 'dep.d')
        elif a == '-o':
            res += ['-o', os.path.join(scratch, 'out.o')]
            i += 2
            continue
        elif a == '-c':
            res += extra
        res.append(a)
        i += 1
    return res


def run(tree, argv, log):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    r = subprocess.run(argv, cwd=tree, stdout=subprocess.DEVNULL, stderr=log)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode:
        sys.exit('measure.py: failed (%d): %s' % (r.returncode, ' '.join(argv)))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def instructions(tree, argv, scratch):
    """Instructions of argv and every process it starts, under callgrind."""
    for f in glob.glob(os.path.join(scratch, 'cg.*')):
        os.unlink(f)
    vg = ['valgrind', '--tool=callgrind', '--trace-children=yes', '-q',
          '--callgrind-out-file=' + os.path.join(scratch, 'cg.%p')]
    r = subprocess.run(vg + argv, cwd=tree, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    if r.returncode:
        sys.exit('measure.py: failed under callgrind: %s' % ' '.join(argv))
    total = 0
    for f in glob.glob(os.path.join(scratch, 'cg.*')):
        with open(f) as fh:
            for line in fh:
                if line.startswith('totals:'):
                    total += int(line.split()[1])
    return total


def callgrind(tree, objs, wanted, variants):
    cmds = dict(objs)
    names = [o for o, _c in objs]
    picked = []
    for w in wanted:
        if w == 'all':
            picked += names
        elif w.startswith('every:'):
            picked += names[::int(w[6:])]
        else:
            picked.append(w)
    wanted = list(dict.fromkeys(picked))
    print('instructions (valgrind --tool=callgrind, all processes of gcc)')
    print('%-24s %-10s %16s %8s' % ('object', 'variant', 'instructions', 'ratio'))
    total = {name: 0 for name, _extra in variants}
    with tempfile.TemporaryDirectory() as scratch:
        for obj in wanted:
            if obj not in cmds:
                sys.exit('measure.py: no command for %s' % obj)
            base = None
            for name, extra in variants:
                n = instructions(tree, prepare(cmds[obj], scratch, extra), scratch)
                base = base or n
                total[name] += n
                print('%-24s %-10s %16d %8.4f' % (obj, name, n, n / base), flush=True)
    if len(wanted) > 1:
        for name, _extra in variants:
            print('%-24s %-10s %16d %8.4f' % ('total (%d objects)' % len(wanted), name,
                                             total[name], total[name] / total['base']))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--callgrind', default='')
    ap.add_argument('tree')
    ap.add_argument('dir')
    ap.add_argument('variant', nargs='+', help='NAME=FLAGS')
    a = ap.parse_args()
    tree, top, rounds = a.tree, a.dir, a.rounds
    variants = [('base', [])]
    for spec in a.variant:
        name, flags = spec.split('=', 1)
        variants.append((name, shlex.split(flags)))
    objs = commands(tree, top)
    if not objs:
        sys.exit('measure.py: no compiled objects under %s/%s' % (tree, top))
    recorded = [o for o, c in objs if '-fplugin' in c]
    if recorded:
        sys.exit('measure.py: %s was last built with a plugin' % recorded[0])
    if a.callgrind:
        callgrind(tree, objs, a.callgrind.split(','), variants)
    if rounds == 0:
        return
    names = [v[0] for v in variants]
    # cpu[name][object index][round], wall[name][round]
    cpu = {n: [[0.0] * rounds for _ in objs] for n in names}
    wall = {n: [0.0] * rounds for n in names}
    warnings = {n: 0 for n in names}
    with tempfile.TemporaryDirectory() as scratch:
        logpath = os.path.join(scratch, 'log')
        for r in range(rounds):
            for i, (_obj, cmd) in enumerate(objs):
                k = (i + r) % len(variants)
                for name, extra in variants[k:] + variants[:k]:
                    with open(logpath, 'w') as log:
                        c, w = run(tree, prepare(cmd, scratch, extra), log)
                    cpu[name][i][r] = c
                    wall[name][r] += w
                    if r == 0:
                        with open(logpath) as log:
                            warnings[name] += sum(1 for l in log if 'warning:' in l)
            print('round %d/%d done' % (r + 1, rounds), file=sys.stderr)
    per_round = {n: [sum(o[r] for o in cpu[n]) for r in range(rounds)] for n in names}
    # The fastest of the rounds, per object: what the object costs when
    # nothing else on the machine got in the way.
    best = {n: sum(min(o) for o in cpu[n]) for n in names}
    print('%d objects under %s/, %d rounds, CPU time (user+sys) of gcc and children' %
          (len(objs), top, rounds))
    print('%-10s %12s %8s %28s %14s %8s %9s' % (
        'variant', 'cpu s/round', 'ratio', 'per-round ratio min/med/max',
        'best-of cpu s', 'ratio', 'warnings'))
    for n in names:
        ratios = [c / b for c, b in zip(per_round[n], per_round['base'])]
        print('%-10s %12.2f %8.4f %28s %14.2f %8.4f %9d' % (
            n, sum(per_round[n]) / rounds, sum(per_round[n]) / sum(per_round['base']),
            '%.4f/%.4f/%.4f' % (min(ratios), statistics.median(ratios), max(ratios)),
            best[n], best[n] / best['base'], warnings[n]))
    print('wall-clock ratio (same runs): ' + ', '.join(
        '%s %.4f' % (n, sum(wall[n]) / sum(wall['base'])) for n in names[1:]))


if __name__ == '__main__':
    main()
