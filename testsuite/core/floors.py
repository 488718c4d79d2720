#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""floors.py - core/'s folders stand on floors, and the object files say so

    floors.py --floors 'model;profile;...' --root SRCROOT OBJECT...
    floors.py --self-test

The floors, the ground floor first, are core/CMakeLists.txt's
CACHELINT_CORE_DIRS; core/pipeline.c stands on top of them all.  A folder
calls only the folders on the floors below it and includes only their
headers (and its own): a floor that called one above it could not be
linked, tested or reused without it, and two folders that call each other
are one folder in two places.

The calls are read from the objects CMake built for cachelint_core (its
$<TARGET_OBJECTS>), with nm, so a call made through a header's inline
function or a macro counts too: every symbol an object needs (nm -u) that
an object of another folder defines is an edge from the one folder to the
other.  A name of core's (cl_...) that no object of core defines is a
call into what links core in, and counts as a climb too.  The includes
are read from the sources.  It prints every call and every include that
climbs, with the symbol or file:line, then every circle of folders the
calls make, and exits 1; with none, it prints what it read and exits 0.

The self-test builds two objects, one a model/ that calls a profile/ and
one a profile/ that calls it back, and checks that both the climb and the
circle are found: a check that cannot fail proves nothing.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

TOP = 'pipeline'

# The generated sources (in the build tree) and the floor they stand on.
GENERATED = {
    'rule_pages.c': 'emit',
}

# core's names (cl_ and the folders' prefixes): one that no object of core
# defines is a call into what links core in (the command line, the plugin).
CORE_NAME = re.compile(r'(cl|ld|imp|c2c)_')


def folder_of_object(path, floors):
    """The folder an object of cachelint_core.dir came from."""
    parts = os.path.normpath(path).split(os.sep)
    name = parts[-1]
    if name.endswith('.o'):
        name = name[:-2]
    if len(parts) >= 2 and parts[-2] in floors:
        return parts[-2]
    if name in GENERATED:
        return GENERATED[name]
    if name == TOP + '.c':
        return TOP
    sys.exit('floors.py: %s is in no folder of the table: add it' % path)


def shown(obj):
    """An object as the messages name it: model/kernel_groups.c.o."""
    return os.path.join(*os.path.normpath(obj).split(os.sep)[-2:])


def nm(objects, defined):
    """{object: set of symbols}: the global ones each defines, or needs."""
    args = ['nm', '-P', '-A', '--defined-only' if defined else '--undefined-only'] + objects
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    syms = {o: set() for o in objects}
    for line in out.splitlines():
        obj, _, rest = line.rpartition(': ')
        f = rest.split()
        # a local (lower-case type) is no interface
        if len(f) < 2 or (defined and not f[1].isupper()):
            continue
        syms[obj].add(f[0])
    return syms


def read_objects(objects, floors):
    """{symbol: folder} of what each folder defines; [(folder, obj, undefined)]."""
    defined = nm(objects, True)
    undefined = nm(objects, False)
    defs = {}
    needs = []
    for o in objects:
        folder = folder_of_object(o, floors)
        for s in defined[o]:
            defs[s] = folder
        needs.append((folder, o, undefined[o]))
    return defs, needs


def call_edges(defs, needs):
    """{(from, to): [(object, symbol)]} between two folders, and the
    [(object, symbol)] of core's names that core does not define."""
    edges = {}
    outside = []
    for folder, obj, undef in needs:
        for s in sorted(undef):
            to = defs.get(s)
            if to and to != folder:
                edges.setdefault((folder, to), []).append((obj, s))
            elif not to and CORE_NAME.match(s):
                outside.append((obj, s))
    return edges, outside


INCLUDE = re.compile(r'\s*#\s*include\s+"([^"]+)"')


def include_climbs(root, floors, rank):
    """file:line lines of the includes of core/ that climb; how many read."""
    core = os.path.join(root, 'core')
    where = {}
    for folder in floors:
        for f in os.listdir(os.path.join(core, folder)):
            where[f] = folder
    for f in os.listdir(core):
        if os.path.isfile(os.path.join(core, f)):
            where[f] = TOP
    bad = []
    count = 0
    for f, folder in sorted(where.items()):
        if not f.endswith(('.c', '.h')):
            continue
        path = os.path.join(core, f) if folder == TOP else os.path.join(core, folder, f)
        with open(path, encoding='utf-8') as src:
            for n, line in enumerate(src, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                count += 1
                to = where.get(os.path.basename(m.group(1)))
                if to and rank[to] > rank[folder]:
                    bad.append('%s:%d: includes "%s" of %s/, a floor above %s/'
                               % (os.path.relpath(path, root), n, m.group(1), to, folder))
    return bad, count


def circles(edges, rank):
    """The folders that call each other round a circle: each strongly
    connected set of two or more, lowest floor first (Tarjan)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp, key=lambda f: rank[f]))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def check(floors, root, objects):
    rank = {f: i for i, f in enumerate(floors)}
    rank[TOP] = len(floors)
    defs, needs = read_objects(objects, floors)
    # an object nm reads no symbol from (LTO bytecode, say) would pass unread
    empty = sorted(set(floors) - set(defs.values()))
    if empty:
        print('floors: nm read no symbol that %s/ defines: nothing to check'
              % '/, '.join(empty))
        return 1
    edges, outside = call_edges(defs, needs)
    bad = 0
    for obj, sym in outside:
        print('%s: calls %s, which no object of core defines' % (shown(obj), sym))
        bad += 1
    for (a, b), uses in sorted(edges.items()):
        if rank[b] <= rank[a]:
            continue
        for obj, sym in uses:
            print('%s: calls %s of %s/, a floor above %s/'
                  % (shown(obj), sym, b, a))
            bad += 1
    for c in circles(edges, rank):
        print('circle: %s call each other' % ', '.join(c))
        bad += 1
    inc = []
    nincludes = 0
    if root:
        inc, nincludes = include_climbs(root, floors, rank)
        for line in inc:
            print(line)
        bad += len(inc)
    if bad:
        print('floors: %d climbs or circles (floors, the ground floor first: %s)'
              % (bad, ' < '.join(floors + [TOP])))
        return 1
    print('floors: %s: %d objects, %d calls between folders, %d includes, none climbs'
          % (' < '.join(floors + [TOP]), len(objects),
             sum(len(u) for u in edges.values()), nincludes))
    return 0


PLANTED = {
    'model/low.c': 'int high(void);\nint low(void) { return high(); }\n',
    'profile/high.c': 'int low(void);\nint high(void) { return low() + 1; }\n',
}


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        objs = []
        for name, text in PLANTED.items():
            src = os.path.join(tmp, name)
            os.makedirs(os.path.dirname(src), exist_ok=True)
            with open(src, 'w') as f:
                f.write(text)
            obj = src + '.o'
            subprocess.run(['cc', '-c', src, '-o', obj], check=True)
            objs.append(obj)
        out = subprocess.run([sys.executable, __file__, '--floors', 'model profile'] + objs,
                             capture_output=True, text=True)
    want = ['calls high of profile/, a floor above model/',
            'circle: model, profile call each other']
    missing = [w for w in want if w not in out.stdout]
    if out.returncode != 1 or missing:
        print(out.stdout + out.stderr)
        print('floors self-test: status %d, missing: %s' % (out.returncode, missing))
        return 1
    print('floors self-test: the planted climb and circle are found')
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--self-test', action='store_true')
    ap.add_argument('--floors', help='the folders, the ground floor first')
    ap.add_argument('--root', help='the source tree, to read the includes of core/')
    ap.add_argument('objects', nargs='*')
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if not args.floors or not args.objects:
        ap.error('--floors and the objects are needed')
    # add_test passes CMake's lists whole: "a;b;c"
    objects = [o for arg in args.objects for o in arg.split(';') if o]
    return check(re.split(r'[;\s]+', args.floors.strip()), args.root, objects)


if __name__ == '__main__':
    sys.exit(main())
