#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Run the examples of cachelint's documentation and check its links.

usage: run_examples.py [--build DIR] [--source DIR] [--keep] [--timeout S] FILE.md...

The convention (docs/README.md says it to writers):

- A fenced block whose info string is `console` is an example that runs.
  Lines starting with "$ " are commands; a command whose line ends with a
  backslash, or that opens a here-document, continues on the next lines,
  which start with "> ".  The lines after a command, up to the next "$ "
  line or the end of the block, are its expected output: stdout and stderr
  merged, as a terminal shows them.  An expected line that is exactly "..."
  matches any number of lines (zero included); other lines must match
  exactly (trailing white space and trailing empty lines are ignored).  A
  command that must exit non-zero ends its expected output with "[exit N]";
  without it the command must exit 0.
- The commands of one block run in one bash (cd and variables persist), with
  `set -o pipefail`, LC_ALL=C.UTF-8, stdin from /dev/null, `cachelint` on
  PATH, in a fresh scratch directory holding a symlink to every top-level
  entry of the source tree and `build` -> the build directory.
- A block that cannot run here is `console norun`, preceded by the comment
  `<!-- norun: the reason -->`.  Blocks with any other info string are not
  run.
- Every relative link ([text](path), [text](path#anchor), [ref]: path) must
  name an existing file, and an anchor in a markdown page must name one of
  its headings.

Exit status: 0 when every example passed and every link resolves, 1 when an
example failed or a link is broken, 2 on an error in the page itself (an
unterminated block, output before the first command, a norun block without
its reason) or in the arguments.  Every failure is printed as FILE:LINE.
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r'^( {0,3})(`{3,}|~{3,})\s*(.*?)\s*$')
NORUN = re.compile(r'^\s*<!--\s*norun:\s*(.*?)\s*-->\s*$')
EXIT = re.compile(r'^\[exit (\d+)\]$')
HEREDOC = re.compile(r'<<(?!<)-?\s*([\'"]?)([A-Za-z_][A-Za-z0-9_]*)\1')
HEADING = re.compile(r'^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
INLINE_LINK = re.compile(r'\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)')
REF_LINK = re.compile(r'^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?')
HTML_ANCHOR = re.compile(r'<a\s+(?:name|id)="([^"]+)"')
CODE_SPAN = re.compile(r'(`+)(?:(?!\1).)*?\1')
SCHEME = re.compile(r'^[A-Za-z][A-Za-z0-9+.-]*:|^//')


class Page:
    """One markdown file: its blocks, its links, what went wrong in it."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.relpath(path)
        with open(path, encoding='utf-8') as f:
            self.lines = f.read().split('\n')
        self.errors = []  # problems in the page: exit 2
        self.failures = []  # failed examples, broken links: exit 1
        self.blocks = []  # (line of the fence, info words, body lines)
        self.prose = []  # (line number, text) outside fenced blocks

    def error(self, line, msg):
        self.errors.append((line, '%s:%d: error: %s' % (self.name, line, msg)))

    def fail(self, line, msg):
        self.failures.append((line, '%s:%d: FAIL: %s' % (self.name, line, msg)))


def split_blocks(page):
    """Fenced blocks and the prose between them (CommonMark fences)."""
    i, n = 0, len(page.lines)
    while i < n:
        m = FENCE.match(page.lines[i])
        if not m or (m.group(2)[0] == '`' and '`' in m.group(3)):
            page.prose.append((i + 1, page.lines[i]))
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3)
        start, body = i + 1, []
        i += 1
        while i < n:
            c = FENCE.match(page.lines[i])
            if (c and c.group(2)[0] == fence[0]
                    and len(c.group(2)) >= len(fence) and not c.group(3)):
                break
            line = page.lines[i]
            body.append(line[min(indent, len(line) - len(line.lstrip(' '))):])
            i += 1
        if i == n:
            page.error(start, "the block opened here is not closed")
            return
        page.blocks.append((start, info.split(), body))
        i += 1


def continues(cmd_lines):
    """True when the command so far needs another "> " line."""
    open_docs = []
    for line in cmd_lines:
        if open_docs:
            if line.strip() == open_docs[0]:
                open_docs.pop(0)
            continue
        open_docs += [m.group(2) for m in HEREDOC.finditer(line)]
    if open_docs:
        return True
    last = cmd_lines[-1]
    return (len(last) - len(last.rstrip('\\'))) % 2 == 1


class Command:
    def __init__(self, line, text, expected, status):
        self.line = line  # line of the "$ " in the page
        self.text = text  # what bash runs
        self.expected = expected  # expected output lines
        self.status = status  # expected exit status


def parse_console(page, start, body):
    """The commands of one console block, or None after an error."""
    cmds, i, n = [], 0, len(body)
    while i < n:
        line, where = body[i], start + 1 + i
        if not (line.startswith('$ ') or line == '$'):
            if line.strip():
                page.error(where, "output before the first command (a command starts with '$ ')")
                return None
            i += 1
            continue
        text = [line[2:]]
        i += 1
        while continues(text):
            if i == n or not (body[i].startswith('> ') or body[i] == '>'):
                page.error(where, "the command continues, but the next line does not start with '> '")
                return None
            text.append(body[i][2:])
            i += 1
        out = []
        while i < n and not (body[i].startswith('$ ') or body[i] == '$'):
            out.append(body[i].rstrip())
            i += 1
        while out and not out[-1]:
            out.pop()
        status = 0
        if out and EXIT.match(out[-1]):
            status = int(EXIT.match(out.pop()).group(1))
            while out and not out[-1]:
                out.pop()
        cmds.append(Command(where, '\n'.join(text), out, status))
    if not cmds:
        page.error(start, "a console block without a command")
        return None
    return cmds


def matches(pattern, actual):
    """Whether the lines match, "..." standing for any number of lines."""
    # ok[j]: pattern[:i] matches actual[:j]
    ok = [True] + [False] * len(actual)
    for p in pattern:
        new = [False] * (len(actual) + 1)
        for j in range(len(actual) + 1):
            if p == '...':
                new[j] = ok[j] or (j > 0 and new[j - 1])
            else:
                new[j] = j > 0 and ok[j - 1] and actual[j - 1] == p
        ok = new
    return ok[len(actual)]


def make_scratch(source, build):
    """A directory that looks like the source root to the commands."""
    scratch = tempfile.mkdtemp(prefix='cachelint-docs.')
    for entry in os.listdir(source):
        if entry != 'build':
            os.symlink(os.path.join(source, entry), os.path.join(scratch, entry))
    os.symlink(build, os.path.join(scratch, 'build'))
    return scratch


def run_block(page, args, start, cmds):
    """Run the commands of one block in one bash; record what failed."""
    scratch = make_scratch(args.source, args.build)
    results = tempfile.mkdtemp(prefix='cachelint-docs-out.')
    script = ['set -o pipefail', 'exec </dev/null']
    for k, cmd in enumerate(cmds):
        script.append('{ %s\n} >%s/%d.out 2>&1; echo $? >%s/%d.rc'
                  % (cmd.text, results, k, results, k))
    env = dict(os.environ)
    env['LC_ALL'] = 'C.UTF-8'
    env['PATH'] = os.pathsep.join([os.path.join(args.build, 'lint'), env.get('PATH', '')])
    try:
        shell = subprocess.run(['bash', '-c', '\n'.join(script) + '\n'],
                       cwd=scratch, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=args.timeout)
        stopped = 'the shell exited with status %d here' % shell.returncode
        shell_out = shell.stdout.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        stopped = 'timed out after %d s' % args.timeout
        shell_out = ''
    for k, cmd in enumerate(cmds):
        if check_command(page, cmd, results, k, stopped, shell_out) == 'not reached':
            stopped = 'not reached'
            shell_out = ''
    if args.keep:
        print('%s:%d: kept %s (outputs in %s)' % (page.name, start, scratch, results))
    else:
        shutil.rmtree(scratch)
        shutil.rmtree(results)


def check_command(page, cmd, results, k, stopped, shell_out):
    """Compare a command's output and status with the page's; the first
    command without a status is where the shell stopped (exit, a syntax
    error, the timeout), the others were not reached."""
    first = cmd.text.split('\n')[0]
    try:
        with open('%s/%d.rc' % (results, k)) as f:
            status = int(f.read())
        with open('%s/%d.out' % (results, k), 'rb') as f:
            out = f.read().decode('utf-8', 'replace')
    except (OSError, ValueError):
        page.fail(cmd.line, '$ %s: %s%s'
                  % (first, stopped, ''.join('\n  ' + l for l in shell_out.splitlines())))
        return 'not reached'
    actual = [l.rstrip() for l in out.split('\n')]
    while actual and not actual[-1]:
        actual.pop()
    if status == cmd.status and matches(cmd.expected, actual):
        return None
    want = cmd.expected + (['[exit %d]' % cmd.status] if cmd.status else [])
    got = actual + (['[exit %d]' % status] if status else [])
    diff = difflib.unified_diff(want, got, 'expected', 'actual', lineterm='')
    page.fail(cmd.line, '$ %s\n%s' % (first, '\n'.join(diff)))
    return 'failed'


def check_norun(page, start):
    """A norun block needs the comment saying why, on the line before."""
    k = start - 2
    while k >= 0 and not page.lines[k].strip():
        k -= 1
    m = NORUN.match(page.lines[k]) if k >= 0 else None
    if not m or not m.group(1):
        page.error(start, "a 'console norun' block without '<!-- norun: the reason -->' before it")


def slug(text, seen):
    """GitHub's anchor of a heading."""
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', text)
    text = re.sub(r'<[^>]+>', '', text).replace('`', '').replace('*', '').lower()
    s = re.sub(r'[^\w\- ]', '', text).replace(' ', '-')
    n = seen.get(s, 0)
    seen[s] = n + 1
    return s if n == 0 else '%s-%d' % (s, n)


anchor_cache = {}


def anchors(path):
    """The anchors a markdown page defines (headings, <a id=...>)."""
    if path not in anchor_cache:
        page = Page(path)
        split_blocks(page)
        seen, found = {}, set()
        for _, text in page.prose:
            m = HEADING.match(text)
            if m:
                found.add(slug(m.group(2), seen))
            found.update(HTML_ANCHOR.findall(text))
        anchor_cache[path] = found
    return anchor_cache[path]


def check_links(page):
    base = os.path.dirname(os.path.abspath(page.path))
    count = 0
    for line, text in page.prose:
        text = CODE_SPAN.sub('', text)
        targets = INLINE_LINK.findall(text)
        m = REF_LINK.match(text)
        if m:
            targets.append(m.group(1))
        for target in targets:
            if not target or SCHEME.match(target):
                continue
            count += 1
            path, _, frag = target.partition('#')
            full = os.path.normpath(os.path.join(base, path)) if path else os.path.abspath(page.path)
            if not os.path.exists(full):
                page.fail(line, "link to '%s': no such file" % target)
            elif frag and full.endswith('.md') and frag not in anchors(full):
                page.fail(line, "link to '%s': no heading with that anchor" % target)
    return count


def run_page(path, args):
    page = Page(path)
    split_blocks(page)
    ncmd = nrun = nblocks = 0
    for start, info, body in page.blocks:
        if not info or info[0] != 'console':
            continue
        nblocks += 1
        if info[1:] not in ([], ['norun']):
            page.error(start, "unknown console block option '%s' (only 'norun')"
                   % ' '.join(info[1:]))
            continue
        cmds = parse_console(page, start, body)
        if info[1:] == ['norun']:
            check_norun(page, start)
            continue
        if cmds is None:
            continue
        ncmd += len(cmds)
        nrun += 1
        run_block(page, args, start, cmds)
    nlinks = check_links(page)
    for _, msg in sorted(page.errors + page.failures, key=lambda e: e[0]):
        print(msg)
    nfailed = sum(1 for _, f in page.failures if ': FAIL: $' in f)
    print('%s: %d console blocks (%d run), %d commands, %d failed; %d links, %d broken; %d errors'
          % (page.name, nblocks, nrun, ncmd, nfailed, nlinks,
         len(page.failures) - nfailed, len(page.errors)))
    return 2 if page.errors else 1 if page.failures else 0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--source', default=os.path.dirname(os.path.dirname(here)),
            help='the source root (default: two folders above this script)')
    ap.add_argument('--build', help='the build directory (default: SOURCE/build)')
    ap.add_argument('--timeout', type=int, default=600, help='seconds per block')
    ap.add_argument('--keep', action='store_true',
            help='keep the scratch directories and print where they are')
    ap.add_argument('pages', nargs='+', metavar='FILE.md')
    args = ap.parse_args()
    args.source = os.path.abspath(args.source)
    args.build = os.path.abspath(args.build or os.path.join(args.source, 'build'))
    if not os.path.isdir(args.build):
        print('run_examples.py: error: %s: no such build directory' % args.build)
        return 2
    rc = 0
    for path in args.pages:
        if not os.path.isfile(path):
            print('%s:0: error: no such file' % path)
            rc = 2
            continue
        rc = max(rc, run_page(path, args))
    return rc


if __name__ == '__main__':
    sys.exit(main())
