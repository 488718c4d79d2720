#!/usr/bin/python3
"""Print a C header of N structs of 100 members, each with a variable:
many_strings.py N.

Every member, tag and variable name is a string of its own in the unit's
.debug_str, so N = 656 makes 66,912 strings: just past the 65,535 that
clang's DWARF 5 can index with DW_FORM_strx2, and the names defined after
this header are indexed with DW_FORM_strx3.
"""
import sys

out = []
for s in range(int(sys.argv[1])):
    out.append("struct filler%d {" % s)
    out.extend("\tint f%d_%d;" % (s, m) for m in range(100))
    out.append("} filler%d;" % s)
sys.stdout.write("\n".join(out) + "\n")
