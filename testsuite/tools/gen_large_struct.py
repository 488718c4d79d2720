#!/usr/bin/python3
"""Write a C file with one struct of N `long` members (the large-struct
tests and bench/large_struct).

usage: gen_large_struct.py N MODE OUT
  MODE pairs: a read-mostly member every 2,000 members, followed by a
              write-hot one, so each pair shares a line (N / 1000 annotated)
  MODE pairsK: the same every K members (pairs200: N / 100 annotated)
  MODE all:   every member annotated, read-mostly and write-hot in turn
"""
import sys


def main():
    n, mode, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    every = 2000
    if mode.startswith('pairs') and mode != 'pairs':
        every = int(mode[len('pairs'):])
        mode = 'pairs'
    with open(out, 'w') as f:
        f.write('#include "cachelint.h"\n\nstruct big {\n')
        for i in range(n):
            ann = ''
            if mode == 'all':
                ann = ' __write_hot' if i % 2 else ' __read_mostly'
            elif i % every == 0:
                ann = ' __read_mostly'
            elif i % every == 1:
                ann = ' __write_hot'
            f.write('\tlong m%d%s;\n' % (i, ann))
        f.write('};\n\nstruct big g;\n')
        f.write('_Static_assert(sizeof(struct big) == %d * sizeof(long), "premise");\n' % n)


if __name__ == '__main__':
    main()
