#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""action_steps.py - run a composite GitHub Action's steps here, as the
runner would: each `run:` step a bash script (`bash --noprofile --norc -eo
pipefail`, the runner's `shell: bash`) with its `env:`, the files the runner
gives ($GITHUB_OUTPUT, $GITHUB_ENV, $GITHUB_PATH, $GITHUB_STEP_SUMMARY) read
back between steps, `${{ }}` expressions of inputs, github.* and
steps.*.outputs substituted, `if:` conditions evaluated.  A `uses:` step
(another action, such as upload-sarif) cannot run here: it is printed with
its inputs, and skipped.

usage: action_steps.py ACTION_YML [--input NAME=VALUE]... [--workflow FILE]
                       [--workspace DIR]

--workflow takes the inputs from the `with:` of the first step of FILE (a
workflow, or a Markdown page whose ```yaml blocks hold one) that uses this
action (`uses: .../cachelint@...` or `uses: ./`); --input overrides them.
Prints each step's name and output; exits with the status of the first
step that fails (later steps are skipped, as the runner skips them), else 0.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPR = re.compile(r'\$\{\{\s*(.*?)\s*\}\}')


def workflow_inputs(path):
    """The with: of the first step that uses this action in @path."""
    text = open(path, encoding='utf-8').read()
    docs = re.findall(r'(?ms)^```yaml\n(.*?)^```', text) if path.endswith('.md') else [text]
    for doc in docs:
        data = yaml.safe_load(doc)
        for job in (data or {}).get('jobs', {}).values():
            for step in job.get('steps', []):
                uses = step.get('uses', '')
                if re.search(r'(^\./$|/cachelint@)', uses):
                    return {k: str(v) for k, v in (step.get('with') or {}).items()}
    sys.exit('action_steps: no step of %s uses the cachelint action' % path)


class Context:
    def __init__(self, inputs, action_path, workspace):
        self.inputs = inputs
        self.github = {'action_path': action_path, 'workspace': workspace}
        self.steps = {}

    def value(self, ref):
        parts = ref.split('.')
        if parts[0] == 'inputs':
            return self.inputs.get('.'.join(parts[1:]), '')
        if parts[0] == 'github':
            return self.github.get(parts[1], '')
        if parts[0] == 'steps' and len(parts) == 4 and parts[2] == 'outputs':
            return self.steps.get(parts[1], {}).get(parts[3], '')
        raise SystemExit('action_steps: expression %r is not supported here' % ref)

    def operand(self, tok):
        if tok.startswith("'"):
            return tok[1:-1].replace("''", "'")
        return self.value(tok)

    def condition(self, expr, failed):
        """GitHub's if: for what action.yml uses: a == b, a != b, &&, ||,
        always(), success(), failure(); a step has success() by default."""
        expr = EXPR.sub(lambda m: m.group(1), expr).strip()
        ors = []
        for alt in re.split(r'\s*\|\|\s*', expr):
            ands = []
            for term in re.split(r'\s*&&\s*', alt):
                m = re.match(r"^(\S+|'[^']*')\s*(==|!=)\s*(\S+|'[^']*')$", term)
                if term == 'always()':
                    ands.append(True)
                elif term in ('success()', 'failure()'):
                    ands.append(failed == (term == 'failure()'))
                elif m:
                    a, b = self.operand(m.group(1)), self.operand(m.group(3))
                    ands.append((a == b) == (m.group(2) == '=='))
                else:
                    raise SystemExit('action_steps: condition %r is not supported here' % term)
            # a condition without a status function holds only after success
            if not re.search(r'always\(\)|failure\(\)', alt):
                ands.append(not failed)
            ors.append(all(ands))
        return any(ors)

    def substitute(self, s):
        return EXPR.sub(lambda m: self.value(m.group(1)), str(s))


def read_pairs(path):
    """NAME=VALUE lines (and NAME<<EOF blocks) of a runner file."""
    out, lines = {}, open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r'^([^=<]+)<<(.+)$', line)
        if m:
            end = lines.index(m.group(2), i + 1)
            out[m.group(1)] = '\n'.join(lines[i + 1:end])
            i = end + 1
            continue
        if '=' in line:
            k, v = line.split('=', 1)
            out[k] = v
        i += 1
    return out


def run_step(step, ctx, env, tmp):
    files = {k: os.path.join(tmp, k.lower()) for k in
             ('GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH')}
    for f in files.values():
        open(f, 'w').close()
    step_env = dict(env, **files)
    for k, v in (step.get('env') or {}).items():
        step_env[k] = ctx.substitute(v)
    script = os.path.join(tmp, 'step.sh')
    with open(script, 'w', encoding='utf-8') as f:
        f.write(step['run'])
    r = subprocess.run(['bash', '--noprofile', '--norc', '-eo', 'pipefail', script],
                       env=step_env, cwd=env['GITHUB_WORKSPACE'])
    if step.get('id'):
        ctx.steps[step['id']] = read_pairs(files['GITHUB_OUTPUT'])
    env.update(read_pairs(files['GITHUB_ENV']))
    for p in reversed(open(files['GITHUB_PATH']).read().split('\n')):
        if p:
            env['PATH'] = p + os.pathsep + env['PATH']
    return r.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('action')
    ap.add_argument('--input', action='append', default=[])
    ap.add_argument('--workflow')
    ap.add_argument('--workspace', default=os.getcwd())
    a = ap.parse_args()
    action = yaml.safe_load(open(a.action, encoding='utf-8'))
    action_path = os.path.dirname(os.path.abspath(a.action))
    workspace = os.path.abspath(a.workspace)
    given = workflow_inputs(a.workflow) if a.workflow else {}
    for kv in a.input:
        k, v = kv.split('=', 1)
        given[k] = v
    ctx = Context({}, action_path, workspace)
    for name, spec in action.get('inputs', {}).items():
        if name in given:
            ctx.inputs[name] = given.pop(name)
        elif spec.get('required'):
            sys.exit('action_steps: input %s is required' % name)
        else:
            ctx.inputs[name] = ctx.substitute(spec.get('default', ''))
    if given:
        sys.exit('action_steps: the action has no input %s' % ', '.join(sorted(given)))
    assert action['runs']['using'] == 'composite', action['runs']
    with tempfile.TemporaryDirectory(prefix='cachelint-action-') as tmp:
        summary = os.path.join(tmp, 'summary.md')
        open(summary, 'w').close()
        env = dict(os.environ, GITHUB_WORKSPACE=workspace, GITHUB_ACTION_PATH=action_path,
                   GITHUB_STEP_SUMMARY=summary, RUNNER_TEMP=tmp)
        failed = 0
        for step in action['runs']['steps']:
            name = step.get('name', step.get('uses', 'step'))
            if not ctx.condition(step.get('if', 'success()'), failed != 0):
                print('action_steps: %s: skipped (if: %s)' % (name, step.get('if', 'success()')))
                continue
            if 'uses' in step:
                withs = ', '.join('%s=%s' % (k, ctx.substitute(v))
                                  for k, v in (step.get('with') or {}).items())
                print('action_steps: %s: uses %s with %s: not run here' % (name, step['uses'], withs))
                continue
            print('action_steps: %s' % name, flush=True)
            rc = run_step(step, ctx, env, tmp)
            if rc:
                print('action_steps: %s: exit status %d' % (name, rc))
                failed = failed or rc
        if os.path.getsize(summary):
            print('action_steps: step summary:')
            sys.stdout.write(open(summary, encoding='utf-8').read())
        return failed


if __name__ == '__main__':
    sys.exit(main())
