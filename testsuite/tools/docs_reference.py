#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""docs_reference.py - the reference pages name every key and option

docs/plugin.md must have a row in its key table for every key the plugin
parses (the `strcmp(key, "...")` tests of parse_argument() in
plugin/cachelint.cc), and no row for a key it does not parse.
docs/command.md must name, in the section of each subcommand (or in its
"Common options" and "Output options" sections), every option that
`cachelint SUBCOMMAND --help` prints.  Prints each missing name and exits 1,
so a key or option added without its documentation fails the test.

Usage: docs_reference.py --srcroot DIR --cachelint EXE
                         [--plugin-page FILE] [--command-page FILE]
"""
import argparse
import os
import re
import subprocess
import sys

SHARED_SECTIONS = ('Common options', 'Output options')


def plugin_keys(source):
    """The keys parse_argument() accepts, in the order it tests them."""
    text = open(source, encoding='utf-8').read()
    start = text.index('static void parse_argument(')
    end = text.index('\n}\n', start)
    keys = []
    for key in re.findall(r'strcmp\(key, "([a-z-]+)"\)', text[start:end]):
        if key not in keys:
            keys.append(key)
    return keys


def page_keys(page):
    """The keys in the first column of the page's '## Keys' table."""
    keys = []
    for section, body in sections(page).items():
        if section != 'Keys':
            continue
        for line in body:
            m = re.match(r'^\| `([a-z-]+)[`=\[]', line)
            if m:
                keys.append(m.group(1))
    return keys


def sections(page):
    """'## ' heading -> its lines (subsections included)."""
    out, name = {}, None
    for line in open(page, encoding='utf-8').read().split('\n'):
        m = re.match(r'^## (.*)$', line)
        if m:
            name = m.group(1).strip()
            out[name] = []
        elif name is not None:
            out[name].append(line)
    return out


def help_text(exe, *args):
    p = subprocess.run([exe] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    return p.stdout


def subcommands(exe):
    text = help_text(exe, '--help')
    body = text.split('Subcommands:', 1)[1]
    return re.findall(r'^  ([a-z]+) ', body, re.M)


def options(help_out):
    """Options the help defines: the names on its option lines (indented at
    most 4 spaces, before the gap that starts the description; deeper lines
    continue a description and may mention perf's options) and on its Usage
    lines."""
    opts = []
    for line in help_out.split('\n'):
        if re.match(r'^ {1,4}-', line):
            names = re.split(r'\s{2,}', line.strip(), 1)[0]
        elif re.match(r'^(Usage:|\s+cachelint \w+ )', line):
            names = line
        else:
            continue
        for opt in re.findall(r'(?<![\w-])(--?[a-zA-Z][\w-]*)', names):
            if opt not in opts:
                opts.append(opt)
    return opts


def named(opt, lines):
    pat = re.compile(r'`' + re.escape(opt) + r'(?![\w-])')
    return any(pat.search(line) for line in lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--srcroot', required=True)
    ap.add_argument('--cachelint', required=True)
    ap.add_argument('--plugin-page')
    ap.add_argument('--command-page')
    a = ap.parse_args()
    plugin_page = a.plugin_page or os.path.join(a.srcroot, 'docs', 'plugin.md')
    command_page = a.command_page or os.path.join(a.srcroot, 'docs', 'command.md')
    bad = 0

    parsed = plugin_keys(os.path.join(a.srcroot, 'plugin', 'cachelint.cc'))
    documented = page_keys(plugin_page)
    for key in parsed:
        if key not in documented:
            print('%s: plugin key %s is not in the Keys table' % (plugin_page, key))
            bad += 1
    for key in documented:
        if key not in parsed:
            print('%s: the Keys table documents %s, which the plugin does not parse'
                  % (plugin_page, key))
            bad += 1

    secs = sections(command_page)
    shared = [l for s in SHARED_SECTIONS for l in secs.get(s, [])]
    nopts = 0
    subs = subcommands(a.cachelint)
    for sub in subs:
        own = secs.get('cachelint ' + sub)
        if own is None:
            print('%s: no section "## cachelint %s"' % (command_page, sub))
            bad += 1
            continue
        for opt in options(help_text(a.cachelint, sub, '--help')):
            nopts += 1
            if not named(opt, own + shared):
                print('%s: option %s of cachelint %s is not documented'
                      % (command_page, opt, sub))
                bad += 1
    print('%d plugin keys, %d subcommands, %d options checked; %d missing'
          % (len(parsed), len(subs), nopts, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
