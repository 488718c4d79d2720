#!/usr/bin/python3
"""Reduce a dump-layout (or a program's print of the same form) to what a
compiler can be asked for: each struct's size and each member's offset, by
the member's name as the dump spells it.  Blocks are sorted by struct, so
that front ends that dump in different orders compare; member order is
kept.  clang names a vptr `_vptr$T` where gcc writes `_vptr.T`.

usage: layout_offsets.py FILE STRUCT...   (only the STRUCTs named)
"""
import re
import sys


def main():
    path, wanted = sys.argv[1], set(sys.argv[2:])
    blocks, cur = {}, None
    for line in open(path, encoding='utf-8', errors='replace'):
        line = line.rstrip('\n')
        head = re.match(r'^(struct [^:]+): size (\d+)', line)
        if head:
            name = head.group(1)
            cur = [name + ': size ' + head.group(2)] if name[7:] in wanted else None
            if cur is not None:
                blocks[name] = cur
            continue
        member = re.match(r'^( +)(.*?): offset (\d+)', line)
        if cur is not None and member:
            cur.append('%s%s: offset %s' % (member.group(1), member.group(2).replace('_vptr$', '_vptr.'),
                                            member.group(3)))
    for name in sorted(blocks):
        print('\n'.join(blocks[name]))
    missing = wanted - set(n[7:] for n in blocks)
    if missing:
        print('missing: ' + ' '.join(sorted(missing)))


if __name__ == '__main__':
    main()
