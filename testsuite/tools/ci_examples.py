#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""ci_examples.py - the CI examples of docs/ci.md, as the tests run them

  ci_examples.py gitlab PAGE JOB
      the `script:` lines of job JOB of the page's GitLab CI example, as the
      bash script GitLab's shell executor runs (every line must succeed; the
      first that fails ends the job with its status)
  ci_examples.py pre-commit PAGE REPO REV
      the page's .pre-commit-config.yaml example with the repository of its
      cachelint hook replaced by REPO at REV
  ci_examples.py action-inputs PAGE ACTION_YML
      check that the page's table of inputs names exactly the inputs of
      ACTION_YML, each with its default: one line per difference, exit 1

The examples are the page's ```yaml blocks: the one with a job JOB, the one
with a `repos:` list.
"""
import re
import sys

import yaml


def blocks(page):
    text = open(page, encoding='utf-8').read()
    return [yaml.safe_load(b) for b in re.findall(r'(?ms)^```yaml\n(.*?)^```', text)], text


def gitlab(page, job):
    for b in blocks(page)[0]:
        if isinstance(b, dict) and isinstance(b.get(job), dict) and 'script' in b[job]:
            lines = b[job]['script']
            print('set -eo pipefail')
            for line in lines:
                print(line)
            return 0
    sys.exit('ci_examples: no GitLab job %s in %s' % (job, page))


def pre_commit(page, repo, rev):
    for b in blocks(page)[0]:
        if isinstance(b, dict) and 'repos' in b:
            for r in b['repos']:
                if any(h.get('id') == 'cachelint' for h in r.get('hooks', [])):
                    r['repo'], r['rev'] = repo, rev
            sys.stdout.write(yaml.safe_dump(b, sort_keys=False))
            return 0
    sys.exit('ci_examples: no .pre-commit-config.yaml example in %s' % page)


def action_inputs(page, action_yml):
    """The page's table rows `| `name` | default | ... |` against the inputs."""
    inputs = yaml.safe_load(open(action_yml, encoding='utf-8'))['inputs']
    have = {}
    for line in blocks(page)[1].split('\n'):
        cells = [c.strip() for c in line.split('|')[1:-1]]
        if len(cells) == 3 and re.match(r'^`[a-z-]+`$', cells[0]):
            have[cells[0].strip('`')] = cells[1]
    bad = []
    bad += ['input %s of %s is not in the table' % (k, action_yml) for k in inputs if k not in have]
    bad += ['the table documents input %s, which %s does not have' % (k, action_yml)
            for k in have if k not in inputs]
    for k in set(inputs) & set(have):
        spec, cell = inputs[k], have[k]
        default = str(spec.get('default', ''))
        if spec.get('required'):
            ok = cell == '(required)'
        elif default.startswith('${{'):
            ok = bool(cell)	# an expression: the page says it in words
        else:
            ok = cell.strip('`') == default
        if not ok:
            bad.append('input %s: the table says %r, %s says %r' % (
                k, cell, action_yml, '(required)' if spec.get('required') else default))
    for b in bad:
        print('%s: %s' % (page, b))
    print('%d inputs, %d differences' % (len(inputs), len(bad)))
    return 1 if bad else 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == 'gitlab':
        return gitlab(sys.argv[2], sys.argv[3])
    if len(sys.argv) == 5 and sys.argv[1] == 'pre-commit':
        return pre_commit(*sys.argv[2:])
    if len(sys.argv) == 4 and sys.argv[1] == 'action-inputs':
        return action_inputs(sys.argv[2], sys.argv[3])
    sys.exit(__doc__)


if __name__ == '__main__':
    sys.exit(main())
