#!/usr/bin/python3
"""Turn a dump-layout (the plugin's, the lint's or the DWARF checker's) into a
C program that prints the same layout from offsetof, sizeof and __alignof__,
so that the compiler itself checks every number in the dump.

  offsetof_check.py DUMP HEADER OUT.c   writes the program
  offsetof_check.py --filter DUMP       prints the dump as the program prints it

Access classes and embedded record names are not layout and are not printed;
anonymous members cannot be named in C, so their size and alignment are
masked (their offset and their members are still checked).  Bit-fields are
located by setting all their bits in a zeroed object.
"""
import re
import sys

HEADER = re.compile(r'^(?P<name>[^:]+): size (?P<size>\d+), align (?P<align>\d+)(?P<packed>, packed)?$')
MEMBER = re.compile(r'^(?P<indent> +)(?P<name>[^:]+): offset (?P<rest>.*)$')


def filter_line(line):
    """The part of a dump line that offsetof/sizeof/__alignof__ can check."""
    m = HEADER.match(line)
    if m:
        return '%s: size %s, align %s' % (m['name'], m['size'], m['align'])
    m = MEMBER.match(line)
    if not m:
        raise SystemExit('offsetof_check: cannot parse dump line: %r' % line)
    rest = m['rest']
    b = re.match(r'(\d+):(\d+), bits (\d+), bitfield', rest)
    if b:
        return '%s%s: offset %s:%s, bits %s, bitfield' % (m['indent'], m['name'], *b.groups())
    n = re.match(r'(\d+), size (\d+), align (\d+)(, flexible)?', rest)
    if not n:
        raise SystemExit('offsetof_check: cannot parse member: %r' % line)
    off, size, align, flex = n.groups()
    if m['name'].startswith('<'):
        size = align = '?'
    return '%s%s: offset %s, size %s, align %s%s' % (m['indent'], m['name'], off, size,
                                                      align, flex or '')


def parse(path):
    records = []
    for line in open(path):
        line = line.rstrip('\n')
        if not line:
            continue
        if not line.startswith(' '):
            records.append((line, []))
        else:
            records[-1][1].append(line)
    return records


def member_code(tname, lines, i):
    """C statements printing member line i of a record."""
    line = lines[i]
    m = MEMBER.match(line)
    indent, name = m['indent'], m['name']
    rest = m['rest']
    if name.startswith('<'):
        # The offset of an anonymous member is that of its first member.
        depth = len(indent)
        first = None
        for nxt in lines[i + 1:]:
            nm = MEMBER.match(nxt)
            if len(nm['indent']) <= depth:
                break
            if not nm['name'].startswith('<'):
                first = nm['name']
                break
        return ('printf("%s%s: offset %%zu, size ?, align ?\\n", offsetof(%s, %s));'
                % (indent, name, tname, first))
    if ', bitfield' in rest:
        return ('{ union { %s v; unsigned char b[sizeof(%s)]; } u; size_t lo, n;\n'
                '  memset(&u, 0, sizeof(u)); u.v.%s = -1; bits(u.b, sizeof(u.b), &lo, &n);\n'
                '  printf("%s%s: offset %%zu:%%zu, bits %%zu, bitfield\\n", lo / 8, lo %% 8, n); }'
                % (tname, tname, name, indent, name))
    flexible = ', flexible' in rest
    size = '0' if flexible else 'sizeof(((%s *)0)->%s)' % (tname, name)
    return ('printf("%s%s: offset %%zu, size %%zu, align %%zu%s\\n", offsetof(%s, %s), '
            '(size_t)%s, (size_t)__alignof__(((%s *)0)->%s));'
            % (indent, name, ', flexible' if flexible else '', tname, name, size, tname, name))


def program(dump, header):
    out = ['#include <stddef.h>', '#include <stdio.h>', '#include <string.h>',
           '#include "%s"' % header, '',
           'static void bits(const unsigned char *b, size_t n, size_t *lo, size_t *cnt)',
           '{', '\tsize_t i;', '\t*lo = 0; *cnt = 0;',
           '\tfor (i = 0; i < n * 8; i++)',
           '\t\tif (b[i / 8] >> (i % 8) & 1) { if (!*cnt) *lo = i; ++*cnt; }',
           '}', '', 'int main(void)', '{']
    for head, lines in parse(dump):
        m = HEADER.match(head)
        tname = m['name']
        out.append('\tprintf("%s: size %%zu, align %%zu\\n", sizeof(%s), (size_t)__alignof__(%s));'
                   % (tname, tname, tname))
        for i in range(len(lines)):
            out.append('\t' + member_code(tname, lines, i))
    out += ['\treturn 0;', '}']
    return '\n'.join(out) + '\n'


def main():
    if sys.argv[1] == '--filter':
        for head, lines in parse(sys.argv[2]):
            print(filter_line(head))
            for line in lines:
                print(filter_line(line))
        return
    open(sys.argv[3], 'w').write(program(sys.argv[1], sys.argv[2]))


if __name__ == '__main__':
    main()
