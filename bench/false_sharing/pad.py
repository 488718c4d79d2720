#!/usr/bin/python3
"""pad.py IN OUT: the "pad everything" layout of structs.h: every write-hot
field starts a line and the member after it starts the next one, so no
write-hot field shares a line with anything.  Works on structs.h's one
declaration per line."""
import re
import sys

ALIGN = ' __attribute__((__aligned__(64)))'
lines = open(sys.argv[1]).read().split('\n')
out = []
pad_next = False
for line in lines:
    decl = re.match(r'^\t[^/\s].*;', line)
    if decl and (pad_next or '__write_hot' in line):
        line = line.replace(';', ALIGN + ';', 1)
    if decl:
        pad_next = '__write_hot' in line
    if line.startswith('};'):
        if pad_next:
            out.append('\tchar cachelint_pad_after_hot[0]' + ALIGN + ';')
        pad_next = False
    out.append(line)
open(sys.argv[2], 'w').write('\n'.join(out))
