#!/usr/bin/python3
"""Generate a kernel-like C program for bench/dwarf_speed.

gen.py DIR UNITS STRUCTS writes DIR/types.h with STRUCTS struct types (chains
of embedded structs, pointers, arrays, bit-fields, unions, a few annotated
with annotations/cachelint.h) and UNITS compile units that each include it,
define a few local structs and functions with locals and loops, and a Makefile
that builds them with -g into one executable.  Like a kernel build, every
unit repeats the shared types in its DWARF (-fno-eliminate-unused-debug-types,
as if every header type were used), so the binary holds UNITS x STRUCTS
struct DIEs for about STRUCTS distinct layouts.
"""
import os
import random
import sys

SCALARS = ["char", "short", "int", "long", "unsigned long", "void *", "double",
           "unsigned char", "long long", "float"]


def struct_text(i, rnd, level):
    """Struct s<i>; level[j] is how deep s<j> embeds others (kept <= 3)."""
    lines = ["struct s%d {" % i]
    nmem = rnd.randint(4, 14)
    annotated = i % 10 == 0
    level[i] = 0
    for k in range(nmem):
        r = rnd.random()
        name = "m%d" % k
        inner = [j for j in range(max(0, i - 40), i) if level[j] < 3]
        if inner and r < 0.15:
            j = rnd.choice(inner)
            level[i] = max(level[i], level[j] + 1)
            lines.append("\tstruct s%d %s;" % (j, name))
        elif r < 0.30:
            lines.append("\tstruct s%d *%s;" % (rnd.randrange(0, 4 * i + 5), name))
        elif r < 0.40:
            lines.append("\t%s %s[%d];" % (rnd.choice(SCALARS), name, rnd.randint(1, 16)))
        elif r < 0.50:
            lines.append("\tunsigned int %s:%d;" % (name, rnd.randint(1, 7)))
        elif r < 0.55:
            lines.append("\tunion { long %s_l; double %s_d; };" % (name, name))
        else:
            attr = ""
            if annotated and k == 0:
                attr = " __write_hot"
            elif annotated and k == nmem - 1:
                attr = " __read_mostly"
            lines.append("\t%s %s%s;" % (rnd.choice(SCALARS), name, attr))
    lines.append("};")
    return "\n".join(lines)


def main():
    out, units, structs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rnd = random.Random(42)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "types.h"), "w") as f:
        f.write("#include \"cachelint.h\"\n")
        for i in range(4 * structs + 5):
            f.write("struct s%d;\n" % i)
        level = {}
        for i in range(structs):
            f.write(struct_text(i, rnd, level) + "\n")
    objs = []
    for u in range(units):
        name = "u%d.c" % u
        objs.append("u%d.o" % u)
        with open(os.path.join(out, name), "w") as f:
            f.write("#include \"types.h\"\n")
            for k in range(3):
                f.write("struct local%d_%d { long a; int b[%d]; struct s%d *p; };\n"
                        % (u, k, k + 2, rnd.randrange(structs)))
            for k in range(8):
                s = rnd.randrange(structs)
                f.write("long f%d_%d(struct s%d *p, int n)\n{\n"
                        "\tstruct local%d_%d l = { 0 };\n\tlong sum = 0;\n"
                        "\tfor (int i = 0; i < n; i++) {\n\t\tlong t = i * %d;\n"
                        "\t\tsum += t + (long)(p != 0) + l.a;\n\t}\n\treturn sum;\n}\n"
                        % (u, k, s, u, k % 3, k + 1))
    with open(os.path.join(out, "main.c"), "w") as f:
        f.write("int main(void) { return 0; }\n")
    with open(os.path.join(out, "Makefile"), "w") as f:
        f.write("OBJS = %s main.o\n" % " ".join(objs))
        f.write("prog: $(OBJS)\n\t$(CC) -o $@ $(OBJS)\n")
        f.write("%.o: %.c types.h\n\t$(CC) $(CFLAGS) -c $< -o $@\n")


main()
