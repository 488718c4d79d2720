#!/usr/bin/python3
"""Generate the lint_speed corpus: UNITS translation units of about LINES
lines each (struct definitions, some annotated, and statement-heavy
functions), all including one shared header of struct types, as a C code
base looks to a compiler.

usage: gen.py DIR UNITS LINES
"""
import os
import random
import sys

TYPES = ['long', 'int', 'short', 'char', 'unsigned long', 'void *', 'double', 'unsigned char']


def struct(name, rnd, annotated, embed):
    out = ['struct %s {' % name]
    for i in range(rnd.randint(6, 14)):
        t = rnd.choice(TYPES)
        mark = ''
        if annotated and i % 5 == 0:
            mark = ' __write_hot'
        elif annotated and i % 5 == 1:
            mark = ' __read_mostly'
        if i == 3 and embed:
            out.append('\tstruct %s embedded_%d;' % (embed, i))
        elif i == 7:
            out.append('\t%s arr_%d[%d]%s;' % (t, i, rnd.randint(2, 9), mark))
        else:
            out.append('\t%s f_%d%s;' % (t, i, mark))
    out.append('};')
    return out


def header(rnd, n):
    out = ['#ifndef COMMON_H', '#define COMMON_H', '#include <stddef.h>', '#include "cachelint.h"', '']
    for i in range(n):
        out += struct('common_%d' % i, rnd, i % 10 == 0, 'common_%d' % (i - 1) if i and i % 4 == 0 else None)
        out.append('')
    out.append('#endif')
    return out


def function(name, rnd, nstructs):
    s = rnd.randrange(nstructs)
    out = ['long %s(struct common_%d *p, long n)' % (name, s), '{', '\tlong acc = 0;', '\tint i;', '']
    out.append('\tfor (i = 0; i < n; i++) {')
    for k in range(rnd.randint(4, 10)):
        out += ['\t\tif ((i + %d) %% %d == 0)' % (k, k + 2),
                '\t\t\tacc += (long)p->f_0 * %d + i;' % (k + 1),
                '\t\telse',
                '\t\t\tacc ^= acc >> %d;' % (k % 7 + 1)]
    out.append('\t}')
    out += ['\tswitch (acc & 3) {', '\tcase 0:', '\t\tacc += sizeof(*p);', '\t\tbreak;',
            '\tcase 1:', '\t\tacc -= offsetof(struct common_%d, f_1);' % s, '\t\tbreak;',
            '\tdefault:', '\t\tacc = acc * 3 + 1;', '\t}', '\treturn acc;', '}', '']
    return out


def unit(idx, rnd, lines, nstructs):
    out = ['#include <stdio.h>', '#include <string.h>', '#include <stdlib.h>', '#include "common.h"', '']
    k = 0
    while len(out) < lines:
        if k % 8 == 0:
            out += struct('unit%d_%d' % (idx, k), rnd, k % 16 == 0, 'common_%d' % rnd.randrange(nstructs))
            out.append('')
        out += function('unit%d_fn%d' % (idx, k), rnd, nstructs)
        k += 1
    return out


def main():
    d, units, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rnd = random.Random(42)
    nstructs = 400
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'common.h'), 'w') as f:
        f.write('\n'.join(header(rnd, nstructs)) + '\n')
    for i in range(units):
        with open(os.path.join(d, 'unit%02d.c' % i), 'w') as f:
            f.write('\n'.join(unit(i, rnd, lines, nstructs)) + '\n')


if __name__ == '__main__':
    main()
