#!/usr/bin/python3
"""Differential test of the DWARF front end against pahole over every named
struct and union of a binary (a Debian vmlinux in testsuite/vmlinux).

`pahole FILE` prints every named struct and union once, with each member's
offset and size -- also inside anonymous structs and unions, which it draws
inline with absolute offsets -- and bit-fields as "byte: bit  unit".
`cachelint dwarf --dump-layout FILE` prints every distinct layout, members
of embedded records too.  For each pahole struct, its size and the members
pahole draws (name, offset in bits, size or bit count) must equal those of a
layout of that name in the dump: one of them, since a kernel has some names
with two layouts (pahole prints the first it meets).

Prints the counts; exits 1 on any difference or missing struct, listing
them.

usage: vmlinux_pahole.py --cachelint EXE [--pahole PAHOLE] FILE
"""
import argparse
import collections
import re
import subprocess
import sys

HEAD = re.compile(r'^(struct|union) (\S+) \{$')
SIZE = re.compile(r'/\* size: (\d+),')
# "/*   8    16 */" or, for bit-fields, "/*  2356: 0  4 */"
OFFSET = re.compile(r'/\*\s*(\d+)(?::\s*(\d+))?\s+(\d+)\s*\*/\s*$')
ATTR = re.compile(r'__attribute__\(\(.*?\)\)+')


def member_name(decl):
    """The declared name in pahole's member text (before the ';')."""
    decl = ATTR.sub('', decl).strip()
    m = re.search(r'\(\*\s*(\w+)\)', decl)	# function pointer
    if m:
        return m.group(1), None
    m = re.search(r'(\w+)\s*((?:\[\d*\])*)\s*(?::\s*(\d+))?\s*$', decl)
    if not m:
        return None, None
    return m.group(1), int(m.group(3)) if m.group(3) else None


def pahole_layouts(text):
    """name -> (size, sorted members) for every top-level struct/union.

    pahole draws a member whose type has no name inline: "union {" ...
    "} key;" for a named member (its members are key's, not the struct's:
    left out, as cachelint's dump names them key.x), "};" for an anonymous
    one (its members are the struct's)."""
    out, cur, name, stack = {}, None, None, None
    for line in text.splitlines():
        if cur is None:
            m = HEAD.match(line)
            if m:
                cur, name, stack = m.group(1), m.group(2), [[]]
            continue
        if line == '};':
            cur = None
            continue
        m = SIZE.search(line)
        if m and line.startswith('\t/* size:'):
            out.setdefault('%s %s' % (cur, name), (int(m.group(1)), sorted(stack[0])))
            continue
        if re.match(r'^\t+(struct|union|enum) \{$', line):
            stack.append([])
            continue
        m = OFFSET.search(line)
        if not m or not line.startswith('\t'):
            continue
        body = line[:m.start()].strip()
        if not body.endswith(';'):
            continue
        body = body[:-1].rstrip()
        off, bit, size = int(m.group(1)), m.group(2), int(m.group(3))
        if body.startswith('}'):	# the end of a member of an unnamed type
            inner = stack.pop() if len(stack) > 1 else []
            mname, bits = member_name(body[1:]) if body[1:].strip() else (None, None)
            if mname is None:
                stack[-1].extend(inner)
                stack[-1].append(('<anonymous>', off * 8, size * 8, False))
            elif bits is not None:	# enum {...} name:bits
                stack[-1].append((mname, off * 8 + int(bit or 0), bits, True))
            else:
                stack[-1].append((mname, off * 8, size * 8, False))
            continue
        mname, bits = member_name(body)
        if mname is None:
            continue
        if bits is not None:
            stack[-1].append((mname, off * 8 + int(bit or 0), bits, True))
        else:
            stack[-1].append((mname, off * 8, size * 8, False))
    return out


DUMP_HEAD = re.compile(r'^(struct|union|class) (\S+): size (\d+),')
DUMP_MEMBER = re.compile(r'^(\s+)(.+?): offset (\d+)(?::(\d+))?, (size|bits) (\d+)')


def dump_layouts(text):
    """name -> list of (size, sorted members) as pahole draws them."""
    out = collections.defaultdict(list)
    name, size, members, anon = None, 0, None, []

    def flush():
        if name:
            out[name].append((size, sorted(members)))
    for line in text.splitlines():
        m = DUMP_HEAD.match(line)
        if m:
            flush()
            name, size, members = '%s %s' % (m.group(1), m.group(2)), int(m.group(3)), []
            anon = []
            continue
        if not line.startswith(' '):
            flush()
            name = None
            continue
        m = DUMP_MEMBER.match(line)
        if not m or name is None:
            continue
        path, depth = m.group(2), len(m.group(1)) // 2
        # pahole draws the members of anonymous records, not those of named ones
        del anon[depth - 1:]
        anon.append(path.startswith('<anonymous'))
        if not all(anon[:-1]):
            continue
        mname = '<anonymous>' if anon[-1] else path
        off = int(m.group(3)) * 8 + int(m.group(4) or 0)
        if m.group(5) == 'bits':
            members.append((mname, off, int(m.group(6)), True))
        else:
            members.append((mname, off, int(m.group(6)) * 8, False))
    flush()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cachelint', required=True)
    ap.add_argument('--pahole', default='pahole')
    ap.add_argument('file')
    args = ap.parse_args()
    dump = subprocess.run([args.cachelint, 'dwarf', '--quiet', '--fail-on', 'none',
                           '--dump-layout', args.file], capture_output=True, text=True)
    if dump.returncode != 0:
        sys.exit('vmlinux_pahole: cachelint failed (%d): %s' % (dump.returncode, dump.stderr))
    pahole = subprocess.run([args.pahole, args.file], capture_output=True, text=True,
                            errors='replace')
    if pahole.returncode != 0:
        sys.exit('vmlinux_pahole: pahole failed (%d): %s' % (pahole.returncode, pahole.stderr))
    theirs, ours = pahole_layouts(pahole.stdout), dump_layouts(dump.stdout)
    equal, missing, differ = 0, [], []
    members = bitfields = 0
    for name, (size, mems) in sorted(theirs.items()):
        if name not in ours:
            missing.append(name)
            continue
        if (size, mems) in ours[name]:
            equal += 1
            members += len(mems)
            bitfields += sum(1 for m in mems if m[3])
            continue
        differ.append((name, size, mems, ours[name]))
    print('pahole structs and unions: %d; equal in cachelint: %d (%d members, %d bit-fields); '
          'different: %d; missing: %d' % (len(theirs), equal, members, bitfields,
                                          len(differ), len(missing)))
    for name in missing[:20]:
        print('missing: %s' % name)
    for name, size, mems, cands in differ[:10]:
        print('different: %s (pahole size %d)' % (name, size))
        best = min(cands, key=lambda c: len(set(c[1]) ^ set(mems)))
        print('  pahole only:    %s' % sorted(set(mems) - set(best[1]))[:6])
        print('  cachelint only: %s (size %d)' % (sorted(set(best[1]) - set(mems))[:6], best[0]))
    return 1 if missing or differ or not equal else 0


if __name__ == '__main__':
    sys.exit(main())
