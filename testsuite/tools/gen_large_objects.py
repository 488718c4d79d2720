#!/usr/bin/python3
"""Write a profile with a large objects: section, and the C file it is for
(bench/large_struct, testsuite/cli/objects_large.test).

usage: gen_large_objects.py N MODE PROFILE SOURCE
  MODE structs: N entries under objects: structs:, one pair each, for N
                structs the source defines (s0 ... s<N-1>, two members)
  MODE pairs:   one struct of N + 1 members, write-hot and read-mostly in
                turn (annotated in the source: compile with -I annotations),
                and N pairs of it under objects: structs:
                ({write: m<i>, access: m<i+1>})
  MODE paths:   one pair whose paths: list names N threads
"""
import sys


def main():
    n, mode, prof, src = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    with open(prof, 'w') as p, open(src, 'w') as c:
        p.write('cachelint-profile: 1\n')
        p.write('objects:\n  sample: 1\n  structs:\n')
        if mode == 'structs':
            for i in range(n):
                p.write('    s%d: {instances: 2, shared: 1, pairs: '
                        '[{write: a, access: b, objects: 1, threads: 2}]}\n' % i)
                c.write('struct s%d { long a; long b; } v%d;\n' % (i, i))
            return
        members = n + 1 if mode == 'pairs' else 2
        p.write('    big:\n      instances: 1\n      shared: 1\n      pairs:\n')
        if mode == 'pairs':
            for i in range(n):
                p.write('        - {write: m%d, access: m%d, objects: 1, threads: 2}\n'
                        % (i, i + 1))
        else:
            p.write('        - {write: m0, access: m1, objects: 1, threads: %d, paths: [%s]}\n'
                    % (n, ', '.join('thread-%d' % i for i in range(n))))
        c.write('#include "cachelint.h"\n\nstruct big {\n')
        for i in range(members):
            c.write('\tlong m%d%s;\n' % (i, ' __read_mostly' if i % 2 else ' __write_hot'))
        c.write('} g;\n')


if __name__ == '__main__':
    main()
