#!/usr/bin/python3
"""Compile sources in every mode of the GCC plugin, at -O0 and -O2.

    plugin_modes.py --cc 'COMPILER WITH PLUGIN' --out DIR SOURCE...

The plugin must never crash GCC nor fail a unit it has no reason to fail:
each compile must exit 0, print no "internal compiler error", and write
the output its mode asks for (a map, a directory's map, a report, a
layout dump).  Prints one line per source, level and mode,

    corpus.cc -O2 access-map=FILE rc=0 ok

and, last, "N compiles, F failed"; exits 1 when one failed, after printing
the compiler's first lines of output for it.
"""
import argparse
import os
import shlex
import subprocess
import sys

# (name, plugin keys, the output the mode writes, relative to the unit's folder)
MODES = [
    ('plain', [], None),
    ('instrument=all', ['instrument=all'], None),
    ('access-map=FILE', ['access-map=u.map'], 'u.map'),
    ('access-map=DIR/', ['access-map=maps/'], 'maps'),
    ('propose', ['propose'], None),
    ('report=FILE', ['report=r.yaml'], 'r.yaml'),
    ('propose+report', ['propose', 'report=pr.yaml'], 'pr.yaml'),
    ('dump-layout=FILE', ['dump-layout=d.txt'], 'd.txt'),
]
LEVELS = ['-O0', '-O2']


def compile_one(cc, src, level, keys, folder):
    """Run one compile in @folder; (rc, output)."""
    args = cc + [level] + ['-fplugin-arg-cachelint-' + k for k in keys]
    args += ['-c', os.path.abspath(src), '-o', 'u.o']
    p = subprocess.run(args, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, errors='replace')
    return p.returncode, p.stdout


def written(folder, out):
    path = os.path.join(folder, out)
    if out == 'maps':
        return any(f.endswith('.cachelint.map') for _, _, fs in os.walk(path) for f in fs)
    return os.path.isfile(path) and os.path.getsize(path) > 0


def run_all(cc, out, sources, log=sys.stdout):
    """Every source in every mode at every level; the number that failed."""
    failed = n = 0
    for src in sources:
        base = os.path.basename(src)
        for level in LEVELS:
            for name, keys, output in MODES:
                folder = os.path.join(out, base, level, name.replace('/', '_'))
                os.makedirs(folder, exist_ok=True)
                rc, text = compile_one(cc, src, level, keys, folder)
                ice = 'internal compiler error' in text
                ok = rc == 0 and not ice and (not output or written(folder, output))
                n += 1
                print('%s %s %s rc=%d %s' % (base, level, name, rc,
                                             'ok' if ok else 'ICE' if ice else 'FAILED'),
                      file=log)
                if not ok:
                    failed += 1
                    for line in text.splitlines()[:20]:
                        print('  | ' + line, file=log)
    print('%d compiles, %d failed' % (n, failed), file=log)
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--cc', required=True, help='the compiler with the plugin, one string')
    ap.add_argument('--out', required=True, help='a folder for the outputs')
    ap.add_argument('sources', nargs='+')
    a = ap.parse_args()
    return 1 if run_all(shlex.split(a.cc), a.out, a.sources) else 0


if __name__ == '__main__':
    sys.exit(main())
