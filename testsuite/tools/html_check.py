#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Render a cachelint HTML report in headless Chromium and check it.

    html_check.py --text TEXT --dump DUMP [--png FILE] [--size W,H] [--list] REPORT.html

Chromium loads the page twice (--dump-dom, then --screenshot) with logging
on; any console message (a blocked load under the page's Content Security
Policy, a parse problem) fails the check.  The DOM Chromium built is then
compared with what the same run of cachelint said elsewhere:

  - DUMP (dump-layout of the same run): every member box of a current
    layout is a node of its struct's dump with the same path, bit offset and
    bit size; no box lies inside another; every node without children is
    drawn, by its own box or by the box of the member that holds it.  So
    there is one box per leaf, at the model's offset and size.
  - TEXT (the text format, or GCC's stderr, of the same run): the findings
    of the page (location and message) are exactly its warnings, and the
    conflict arcs of the current layouts are exactly the pairs those
    warnings name (rule, field, other field), as a multiset.
  - The proposed layouts have no false-sharing or write-group arc.

Prints one line per section and a summary (with --list, before them every
box and arc of the current layouts as the DOM has them); exits 1 on the
first mismatch.
"""
import argparse
import collections
import html.parser
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

WARNING = re.compile(r'^(.*?): (?:warning|error): (.*\[(cachelint-[a-z-]+)\])$')
FIELDS = re.compile(r"field '([^']+)'")
PAIR_RULES = {'cachelint-false-sharing', 'cachelint-write-groups',
              'cachelint-adjacent-line'}


def fail(msg):
    print('html_check: ' + msg, file=sys.stderr)
    sys.exit(1)


def chromium(args, page, tmp):
    """Run headless Chromium on @page; returns (stdout, console lines)."""
    exe = shutil.which('chromium')
    if not exe:
        fail('chromium is not installed')
    cmd = [exe, '--headless', '--no-sandbox', '--disable-gpu',
           '--no-first-run', '--hide-scrollbars', '--enable-logging=stderr',
           '--v=0', '--user-data-dir=' + os.path.join(tmp, 'profile')] + args + \
          ['file://' + os.path.abspath(page)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode:
        fail('chromium exited %d: %s' % (r.returncode, r.stderr[-2000:]))
    console = [ln for ln in r.stderr.splitlines() if ':CONSOLE' in ln]
    return r.stdout, console


class Dom(html.parser.HTMLParser):
    """The sections, boxes, arcs and findings of a report's DOM."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections = []
        self.others = []
        self.stack = []         # (tag, attrs) of open elements
        self.msg = None         # the finding whose message is being read

    def inside(self, cls):
        return any(cls in a.get('class', '').split() for _, a in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = a.get('class', '').split()
        if tag == 'section' and 'record' in classes:
            self.sections.append({'struct': a['data-struct'], 'size': int(a['data-size']),
                                  'boxes': [], 'arcs': [], 'proposed_arcs': [],
                                  'findings': [], 'proposed': None})
        sec = self.sections[-1] if self.sections and self.inside('record') else None
        if tag == 'figure' and 'proposed' in classes and sec is not None:
            sec['proposed'] = a
        if tag == 'g' and 'member' in classes and self.inside('current'):
            sec['boxes'].append((a['data-path'], int(a['data-bit-offset']),
                                 int(a['data-bit-size'])))
            sec.setdefault('attrs', []).append(a)
        if tag == 'g' and 'conflict' in classes:
            arc = (a['data-rule'], a['data-a'], a['data-b'])
            if self.inside('current'):
                sec['arcs'].append(arc)
            elif self.inside('proposed'):
                sec['proposed_arcs'].append(arc)
        if tag == 'li' and 'finding' in classes:
            entry = {'where': a['data-where'], 'msg': ''}
            (sec['findings'] if sec is not None else self.others).append(entry)
            self.msg = entry
        if tag == 'span' and 'msg' in classes and self.msg is not None:
            self.msg['reading'] = True
        if tag not in ('meta', 'link', 'br', 'img', 'input', 'rect', 'circle', 'path'):
            self.stack.append((tag, a))

    def handle_endtag(self, tag):
        if tag in ('rect', 'circle', 'path'):
            return
        while self.stack:
            t, a = self.stack.pop()
            if t == 'span' and self.msg is not None and self.msg.pop('reading', None):
                self.msg = None
            if t == tag:
                break

    def handle_data(self, data):
        if self.msg is not None and self.msg.get('reading'):
            self.msg['msg'] += data


def parse_dump(path):
    """{struct: [ (size, {path: (bit offset, bit size, has children)}) ]} in order."""
    records = collections.OrderedDict()
    cur, prev = None, None
    node = re.compile(r'^( +)(.*?): offset (\d+)(?::(\d+))?, (?:size (\d+)|bits (\d+))')
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.startswith(' '):
            m = re.match(r'^(.*): size (\d+), align', line)
            if not m:
                fail('%s: not a dump-layout line: %s' % (path, line))
            cur = {'size': int(m.group(2)), 'nodes': {}, 'order': []}
            records.setdefault(m.group(1), []).append(cur)
            prev = None
            continue
        m = node.match(line)
        if not m:
            fail('%s: not a dump-layout member: %s' % (path, line))
        depth = len(m.group(1))
        bit_off = int(m.group(3)) * 8 + int(m.group(4) or 0)
        bit_size = int(m.group(5)) * 8 if m.group(5) is not None else int(m.group(6))
        if prev is not None and depth > prev[0]:
            cur['nodes'][prev[1]][2] = True
        entry = [bit_off, bit_size, False, depth]
        key = m.group(2)
        cur['nodes'][key] = entry
        cur['order'].append(key)
        prev = (depth, key)
    return records


def within(child, parent):
    return child.startswith(parent + '.')


def check_boxes(sec, rec):
    """None when the boxes are the record's leaves, else what is wrong."""
    nodes = rec['nodes']
    if sec['size'] != rec['size']:
        return 'size %d, dump says %d' % (sec['size'], rec['size'])
    paths = [b[0] for b in sec['boxes']]
    if len(set(paths)) != len(paths):
        return 'a path has two boxes: %s' % paths
    for p, off, size in sec['boxes']:
        if p not in nodes:
            return "box '%s' is no member of the dump" % p
        if (nodes[p][0], nodes[p][1]) != (off, size):
            return "box '%s' at bit %d size %d, dump says bit %d size %d" % (
                p, off, size, nodes[p][0], nodes[p][1])
    for p in paths:
        for q in paths:
            if within(q, p):
                return "box '%s' lies inside box '%s'" % (q, p)
    for key in rec['order']:
        if nodes[key][2] or key.startswith('<'):
            continue
        if not any(key == p or within(key, p) for p in paths):
            return "member '%s' of the dump has no box" % key
    return None


def match_sections(dom, dump):
    """Pair each section with the next dump record of its name whose leaves it draws."""
    used = collections.defaultdict(int)
    for sec in dom.sections:
        cands = dump.get(sec['struct'], [])
        why = 'no struct of that name in the dump'
        for i in range(used[sec['struct']], len(cands)):
            why = check_boxes(sec, cands[i])
            if why is None:
                used[sec['struct']] = i + 1
                break
        if why is not None:
            fail("section '%s': %s" % (sec['struct'], why))


def text_findings(path):
    found, pairs = [], []
    for line in open(path, encoding='utf-8', errors='replace'):
        m = WARNING.match(line.rstrip('\n'))
        if not m:
            continue
        found.append((m.group(1), m.group(2)))
        names = FIELDS.findall(m.group(2))
        if m.group(3) in PAIR_RULES and len(names) == 2:
            pairs.append((m.group(3), names[0], names[1]))
    return found, pairs


def png_size(path):
    if not os.path.isfile(path):
        fail('chromium wrote no screenshot')
    with open(path, 'rb') as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b'\x89PNG\r\n\x1a\n':
        fail('%s is not a PNG file' % path)
    return struct.unpack('>II', head[16:24])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--text', required=True)
    ap.add_argument('--dump', required=True)
    ap.add_argument('--png')
    ap.add_argument('--size', default='1600,1000')
    ap.add_argument('--list', action='store_true')
    ap.add_argument('report')
    o = ap.parse_args()
    if not os.path.isfile(o.report):
        fail('%s: no such file' % o.report)

    with tempfile.TemporaryDirectory() as tmp:
        dom_text, console = chromium(['--dump-dom'], o.report, tmp)
        png = o.png or os.path.join(tmp, 'shot.png')
        _, console2 = chromium(['--window-size=' + o.size, '--screenshot=' + png],
                               o.report, tmp)
        if console + console2:
            fail('console messages:\n' + '\n'.join(console + console2))
        width, height = png_size(png)
    if '<svg' not in dom_text:
        fail('the DOM has no picture')
    dom = Dom()
    dom.feed(dom_text)
    dump = parse_dump(o.dump)
    match_sections(dom, dump)

    found, pairs = text_findings(o.text)
    page = [(f['where'], f['msg']) for s in dom.sections for f in s['findings']] + \
           [(f['where'], f['msg']) for f in dom.others]
    if collections.Counter(page) != collections.Counter(found):
        fail('findings differ from the text output:\n  only in the page: %s\n  only in the text: %s'
             % (sorted(set(page) - set(found)), sorted(set(found) - set(page))))
    arcs = [a for s in dom.sections for a in s['arcs']]
    if collections.Counter(arcs) != collections.Counter(pairs):
        fail('conflict arcs differ from the text findings:\n  arcs: %s\n  text: %s'
             % (sorted(arcs), sorted(pairs)))
    for s in dom.sections:
        for a in s.get('attrs', []) if o.list else []:
            print('box %s: offset %s, size %s, bits %s+%s, %s%s' % (
                a['data-path'], a['data-offset'], a['data-size'], a['data-bit-offset'],
                a['data-bit-size'], a['data-class'],
                '(%s)' % a['data-group'] if 'data-group' in a else ''))
        for arc in s['arcs'] if o.list else []:
            print('arc %s: %s - %s' % arc)
        bad = [a for a in s['proposed_arcs'] if a[0] != 'cachelint-adjacent-line']
        if bad:
            fail("the proposal for '%s' still has %s" % (s['struct'], bad))
        prop = s['proposed']
        pdesc = 'no proposal' if prop is None else (
            'no proposal possible' if 'data-size' not in prop else
            'proposed %s bytes, %s lines' % (prop['data-size'], prop['data-lines']))
        print('%s: %d bytes, %d boxes, %d arcs, %d findings; %s, %d arcs' % (
            s['struct'], s['size'], len(s['boxes']), len(s['arcs']), len(s['findings']),
            pdesc, len(s['proposed_arcs'])))
    print('sections: %d, findings: %d (as in the text output), arcs: %d (as its pairs)'
          % (len(dom.sections), len(page), len(arcs)))
    print('console: no messages; screenshot: %dx%d PNG' % (width, height))


if __name__ == '__main__':
    main()
