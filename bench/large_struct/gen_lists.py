#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Inputs whose lists grow with N, for the linear-growth cases of run.sh.

  gen_lists.py diff N OUT.c [HEAD]  N structs with a read-mostly/write-hot
      pair in one source; with HEAD, every other struct moves the pair onto
      one line (N/2 changed structs, each a new finding for `diff`)
  gen_lists.py KIND N OUT.yaml [TAG]  a profile with N items of KIND; TAG
      (default "a") names its paths, so two files of other TAGs add up to
      distinct ones.  KIND is one of:
        budgets   lines: budgets of N structs
        members   N member entries of one struct (counts)
        ostructs  objects: N structs
        ovars     objects: N variables
        opairs    objects: N pairs of one struct
        cstructs  contention: N structs
        cvars     contention: N variables
        cpairs    contention: N pairs of one struct
        cshared   contention: N shared members of one struct
        ctouch    contention: N paths touching one line
"""
import sys


def diff_source(n, head):
    out = ['#include "cachelint.h"']
    for i in range(n):
        moved = head and i % 2
        # BASE keeps the pair 64 bytes apart; HEAD's odd structs put them on one line
        body = ('long w __write_hot; long r __read_mostly; char pad[56];' if moved else
                'long w __write_hot; char pad[56]; long r __read_mostly;')
        out.append(f'struct d{i} {{ {body} }};')
        out.append(f'struct d{i} d{i}_obj;')
    return '\n'.join(out) + '\n'


HDR = 'contention:\n  source: libcachelint-rt\n  samples: 4000000000\n'


def profile(kind, n, tag):
    rows = ['cachelint-profile: 1']
    if kind == 'budgets':
        rows.append('lines:')
        rows += [f'  b{i}: {{{tag}tx: 2, {tag}rx: 3}}' for i in range(n)]
    elif kind == 'members':
        rows.append('structs:\n  big:')
        rows += [f'    m{i}: {{reads: 7, writes: 2}}' for i in range(n)]
    elif kind == 'ostructs':
        rows.append('objects:\n  line-size: 64\n  structs:')
        rows += [f'    o{i}: {{instances: 4, shared: 2, base-align: 16}}' for i in range(n)]
    elif kind == 'ovars':
        rows.append('objects:\n  line-size: 64\n  variables:')
        rows += [f'    v{i}: {{element: 8, elements: 8, lines: 1, per-line: 4, threads: 2}}'
                 for i in range(n)]
    elif kind == 'opairs':
        rows.append('objects:\n  line-size: 64\n  structs:\n    one:\n      instances: 4\n      pairs:')
        rows += [f'        - {{write: w{i}, access: r{i}, objects: 2, threads: 2}}'
                 for i in range(n)]
    elif kind == 'cstructs':
        rows.append(HDR + '  structs:')
        rows += [f'    c{i}: {{instances: 3, false-sharing: 20, samples: 2}}' for i in range(n)]
    elif kind == 'cvars':
        rows.append(HDR + '  variables:')
        rows += [f'    v{i}: {{element: 8, elements: 8, false-sharing: 20, samples: 2}}'
                 for i in range(n)]
    elif kind == 'cpairs':
        rows.append(HDR + '  structs:\n    one:\n      false-sharing: 400000000\n'
                    '      samples: 400000000\n      pairs:')
        rows += [f'        - {{write: w{i}, access: r{i}, false-sharing: 2, samples: 1, threads: 2}}'
                 for i in range(n)]
    elif kind == 'cshared':
        rows.append(HDR + '  structs:\n    one:\n      true-sharing: 400000000\n'
                    '      samples: 400000000\n      shared:')
        rows += [f'        - {{member: m{i}, true-sharing: 2, samples: 1, writers: 1, threads: 2}}'
                 for i in range(n)]
    elif kind == 'ctouch':
        rows.append(HDR + '  structs:\n    one:\n      false-sharing: 400000000\n'
                    '      samples: 400000000\n      lines:\n        - offset: 0\n'
                    '          false-sharing: 40\n          samples: 4\n          touch:')
        rows += [f'            - {{path: {tag}p{i}, threads: 1, reads: 3, writes: 1}}'
                 for i in range(n)]
    else:
        sys.exit(f'gen_lists.py: unknown kind {kind}')
    return '\n'.join(rows) + '\n'


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    extra = sys.argv[4] if len(sys.argv) > 4 else ''
    text = diff_source(n, bool(extra)) if kind == 'diff' else profile(kind, n, extra or 'a')
    with open(path, 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main()
