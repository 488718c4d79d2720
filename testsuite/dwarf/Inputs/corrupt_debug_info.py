#!/usr/bin/python3
"""Write three corrupt .debug_info contents: corrupt_debug_info.py OUTDIR.

  long.bin     a unit header whose length runs past the end of the section
  abbrev.bin   a DWARF 5 unit whose DIEs use abbreviation codes that do not exist
  version.bin  a unit of DWARF version 9
"""
import os
import struct
import sys

out = sys.argv[1]
with open(os.path.join(out, "long.bin"), "wb") as f:
    f.write(struct.pack("<IHBBI", 0x1000, 5, 1, 8, 0) + b"\x01\x02\x03")
body = struct.pack("<HBBI", 5, 1, 8, 0) + bytes([0x7f, 0x7f, 0x11, 0x22, 0x33, 0x44] * 8)
with open(os.path.join(out, "abbrev.bin"), "wb") as f:
    f.write(struct.pack("<I", len(body)) + body)
body = struct.pack("<HBBI", 9, 1, 8, 0) + b"\x00" * 8
with open(os.path.join(out, "version.bin"), "wb") as f:
    f.write(struct.pack("<I", len(body)) + body)
