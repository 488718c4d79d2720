#!/usr/bin/python3
"""Write a C file with large records of mixed members, for the lint's
offsets of records with more than 256 fields (lint/clang_offsets.c), which
place some fields without asking libclang: the dump-layout of the lint must
equal the plugin's and the DWARF checker's.

usage: gen_large_mixed.py N OUT

Four records of N members each, cycling through types of every size and
alignment, arrays, pointers, enums, nested and anonymous structs and
unions, bit-fields (also :0), typedefs with aligned(), fields with
aligned() and packed, and a flexible array member last:
  struct mixed            natural layout
  struct mixed_packed     __attribute__((packed))
  struct mixed_pragma     under #pragma pack(4)
  union mixed_union       a union of the same members (no bit-fields)
Every fifth read-mostly member is followed by a write-hot one.
"""
import sys

TYPES = [
    'char', 'short', 'int', 'long', 'double', 'void *', '_Bool', 'float',
    'long long', 'unsigned char', 'char[3]', 'short[5]', 'enum color',
    'struct pair', 'al16_t', 'long double', 'int[2][3]', 'struct tiny',
]


def member(i, bitfields):
    t = TYPES[i % len(TYPES)]
    ann = ''
    if i % 97 == 5:
        ann = ' __read_mostly'
    elif i % 97 == 6:
        ann = ' __write_hot'
    k = i % 41
    if bitfields and k == 7:
        return '\tunsigned b%d:%d%s;\n' % (i, 1 + i % 13, ann)
    if bitfields and k == 8:
        return '\tunsigned :0;\n'
    if bitfields and k == 9:
        return '\tunsigned long bl%d:%d;\n' % (i, 20 + i % 30)
    if k == 11:
        return '\tlong al%d __attribute__((aligned(%d)))%s;\n' % (i, 8 << (i % 3), ann)
    if k == 13:
        return '\tint pk%d __attribute__((packed));\n' % i
    if k == 17:
        return '\tstruct { char c%d; int x%d; };\n' % (i, i)
    if k == 19:
        return '\tunion { short s; long y%d; } u%d;\n' % (i, i)
    if '[' in t:
        base, dims = t.split('[', 1)
        return '\t%s m%d[%s%s;\n' % (base, i, dims, ann)
    return '\t%s m%d%s;\n' % (t, i, ann)


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    with open(out, 'w') as f:
        f.write('#include "cachelint.h"\n\n')
        f.write('enum color { RED, GREEN };\nstruct pair { char a; long b; };\n')
        f.write('struct tiny { char t; };\n')
        f.write('typedef int al16_t __attribute__((aligned(16)));\n\n')
        f.write('struct mixed {\n')
        for i in range(n):
            f.write(member(i, True))
        f.write('\tchar flex[];\n};\n\n')
        f.write('struct mixed_packed {\n')
        for i in range(n):
            f.write(member(i, True))
        f.write('} __attribute__((packed));\n\n')
        f.write('#pragma pack(push, 4)\nstruct mixed_pragma {\n')
        for i in range(n):
            f.write(member(i, True))
        f.write('};\n#pragma pack(pop)\n\n')
        f.write('union mixed_union {\n')
        for i in range(n):
            f.write(member(i, False))
        f.write('};\n\n')
        f.write('struct mixed g1;\nstruct mixed_packed g2;\nstruct mixed_pragma g3;\n'
                'union mixed_union g4;\n')


if __name__ == '__main__':
    main()
