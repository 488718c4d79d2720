#!/usr/bin/python3
"""Make a DIE its own sibling: sibling_loop.py FILE.

Points the DW_AT_sibling of the first struct in FILE's .debug_info (or
.debug_info.dwo) at the struct itself, in place; a walk that follows
siblings never ends on it.  Offsets come from readelf, so that the file
may come from any compiler version; FILE must hold one unit at offset 0
(DW_FORM_ref4 is relative to its unit).
"""
import re
import struct
import subprocess
import sys

path = sys.argv[1]
sections = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True,
                          check=True).stdout
m = re.search(r"\]\s+\.debug_info(?:\.dwo)?\s+PROGBITS\s+[0-9a-f]+\s+([0-9a-f]+)", sections)
base = int(m.group(1), 16)
info = subprocess.run(["readelf", "--debug-dump=info", path], capture_output=True, text=True,
                      check=True).stdout
die = attr = None
for line in info.splitlines():
    m = re.match(r"\s*<\d+><([0-9a-f]+)>: Abbrev Number: \d+ \((\w+)\)", line)
    if m:
        die = int(m.group(1), 16) if m.group(2) == "DW_TAG_structure_type" else None
        continue
    m = re.match(r"\s*<([0-9a-f]+)>\s+DW_AT_sibling", line)
    if m and die is not None:
        attr = int(m.group(1), 16)
        break
if attr is None:
    sys.exit("sibling_loop.py: no struct with a DW_AT_sibling in " + path)
with open(path, "r+b") as f:
    f.seek(base + attr)
    f.write(struct.pack("<I", die))
