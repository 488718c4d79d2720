#!/usr/bin/python3
"""Compare two dump-layout files struct by struct (the differential tests).

    dump_compare.py EXPECTED ACTUAL [--known FILE] [--subset]

Each record of a dump is its header line ("struct inner: size 16, align 8")
and the indented member lines below it.  Both dumps must hold the same
records, each byte-identical.  --known names differences that the second
front end cannot avoid because its input lacks the information (clang writes
no DW_AT_bit_size for a full-width bit-field such as `unsigned d:32`, so the
DWARF says a plain member).  A known-differences file has one difference per
line, three fields separated by " | ":

    struct bitfields | EXPECTED member line | ACTUAL member line

Each one must apply exactly once, so the list cannot go stale silently.
--subset: ACTUAL may hold records EXPECTED does not (the DWARF of a C++
object holds the standard library's classes and lambdas' closures, which
the plugin does not dump); each record of EXPECTED must still be in it,
identical.
Prints "N structs compared, all identical (K known differences)" or a diff
of every struct that differs, and exits 1 then.
"""
import difflib
import sys


def records(path, keep=None):
    """Each record's lines by name; with @keep, only the records it names."""
    out, order, name = {}, [], None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            if not line.startswith(" "):
                # "struct anon::inner: size 24, align 8": C++ names hold ':'
                name = line.rsplit(": size ", 1)[0]
                if keep is not None and name not in keep:
                    name = ""
                    continue
                if name in out:
                    sys.exit("%s: record '%s' dumped twice" % (path, name))
                out[name] = [line]
                order.append(name)
            elif name is None:
                sys.exit("%s: member line before any record: %r" % (path, line))
            elif name:
                out[name].append(line)
    return out, order


def apply_known(expected, path):
    applied = 0
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split(" | ")
            if len(fields) != 3:
                sys.exit("%s:%d: expected 'record | expected line | actual line'" % (path, n))
            rec, old, new = fields
            lines = expected.get(rec)
            if not lines or lines.count(old) != 1:
                sys.exit("%s:%d: known difference does not apply to the expected dump "
                         "(record %s, line %r)" % (path, n, rec, old))
            lines[lines.index(old)] = new
            applied += 1
    return applied


def main():
    args = sys.argv[1:]
    known = None
    subset = "--subset" in args
    if subset:
        args.remove("--subset")
    if "--known" in args:
        i = args.index("--known")
        known = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    expected, order = records(args[0])
    actual, _ = records(args[1], set(order) if subset else None)
    applied = apply_known(expected, known) if known else 0
    bad = 0
    for name in order:
        if name not in actual:
            print("%s: missing from %s" % (name, args[1]))
            bad += 1
        elif actual[name] != expected[name]:
            bad += 1
            sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(
                expected[name], actual[name], args[0], args[1], lineterm=""))
    for name in actual:
        if name not in expected:
            print("%s: only in %s" % (name, args[1]))
            bad += 1
    if bad:
        print("%d of %d structs differ" % (bad, len(order)))
        sys.exit(1)
    print("%d structs compared, all identical (%d known difference%s)"
          % (len(order), applied, "" if applied == 1 else "s"))


main()
