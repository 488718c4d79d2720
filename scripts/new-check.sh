#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# scripts/new-check.sh NAME: start a new check, cachelint-NAME (as
# clang-tidy's add_new_check.py does): the four places of a check, written
# so that it builds and its tests pass before a line of it is yours.
#
#   core/checks/check_<name>.c       the check (CMake finds it)
#   core/model/rules.def             its row, appended (the rule's number)
#   testsuite/plugin/<name>.c        its test: a finding and a silent case
#   docs/rules/cachelint-NAME.md     its page, and the example it runs,
#                                    docs/rules/examples/<name>.c
#
# The check it writes is an example to replace: it reports a write-hot
# field whose name starts with "example_".  Then scripts/rule-lists.py
# brings the lists of rules in docs/ and the man page up to date (run it
# again after changing the row's summary or severity).  NAME is lower-case
# words joined by '-' ("line-split"), <name> the same with '_'.
set -eu

usage() {
	echo "usage: scripts/new-check.sh NAME   (lower-case words joined by '-', as line-split)" >&2
	exit 2
}
[ $# -eq 1 ] || usage
name=$1
printf '%s\n' "$name" | grep -Eq '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' || usage
root=$(cd "$(dirname "$0")/.." && pwd)
id=cachelint-$name
snake=$(printf '%s' "$name" | tr - _)
upper=$(printf '%s' "$snake" | tr a-z A-Z)
check=core/checks/check_$snake.c
test=testsuite/plugin/$snake.c
page=docs/rules/$id.md
example=docs/rules/examples/$snake.c

cd "$root"
for f in "$check" "$test" "$page" "$example"; do
	if [ -e "$f" ]; then
		echo "new-check.sh: $f exists: cachelint-$name is taken" >&2
		exit 2
	fi
done
if grep -q "\"$id\"" core/model/rules.def || grep -q "^CL_\(CHECK_\)\?RULE($upper," core/model/rules.def; then
	echo "new-check.sh: core/model/rules.def has $id already" >&2
	exit 2
fi

cat > "$check" <<EOF
// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_$snake.c - $id: (to write: what it finds, in one line)
 *
 * (To write: why it costs on the hardware, and how it is found.)  As written by
 * scripts/new-check.sh it is an example: it reports each write-hot field
 * whose name starts with "example_".
 */
#include "check.h"

#include <string.h>

void cl_check_$snake(const struct cl_check_ctx *ctx)
{
	for (size_t i = 0; i < ctx->nwrite; i++) {
		const struct cl_leaf *l = &ctx->leaves[ctx->write[i]];
		struct cl_finding *f;

		if (strncmp(l->member->name, "example_", 8))
			continue;
		f = cl_check_report(ctx, CL_RULE_$upper, l, NULL);
		f->message = cl_arena_printf(ctx->out->arena,
			"write-hot field '%s' of '%s' is an example [%s]", f->a.path, ctx->name,
			cl_rule_info(CL_RULE_$upper)->id);
	}
}
EOF

cat >> core/model/rules.def <<EOF

CL_CHECK_RULE($upper, cl_check_$snake,
	.id = "$id",
	.severity = CL_SEV_WARNING,
	.runs = CL_RUNS_ON_LEAVES,
	.summary =
		"A write-hot field is named as an example")
EOF

cat > "$test" <<EOF
// $id: a write-hot field named example_* is reported, at its name;
// one named otherwise is not (-DSILENT).
// RUN: %gcc-cl -fsyntax-only %s 2>&1 | %check
// RUN: %gcc-cl -fsyntax-only -DSILENT %s 2>&1 | count 0
#include "cachelint.h"

struct counters {
	long hits __write_hot;
#ifndef SILENT
	// CHECK: $snake.c:[[@LINE+1]]:14: warning: write-hot field 'example_hits' of 'struct counters' is an example [$id]
	long example_hits __write_hot;
#endif
};
EOF

cat > "$example" <<EOF
#include "cachelint.h"

struct counters {
	long hits __write_hot;
	long example_hits __write_hot;
};
EOF

cat > "$page" <<EOF
# $id

> A write-hot field is named as an example

Severity: **warning**. No proposal fixes it.
\`cachelint explain $id\` prints this page from its first section on.

## What the hardware does

(To write: what it costs, with a measurement or a real case.)

## How cachelint detects it

As scripts/new-check.sh wrote it: a write-hot field whose name starts
with \`example_\`.

## How to fix it

(To write.)

## Example

[examples/$snake.c](examples/$snake.c):

\`\`\`console
\$ gcc -fplugin=build/plugin/cachelint.so -fno-diagnostics-show-caret \\
>     -Iannotations -c $example -o $snake.o
$example:5:14: warning: write-hot field 'example_hits' of 'struct counters' is an example [$id]
\`\`\`
EOF

python3 scripts/rule-lists.py
echo "new-check.sh: wrote $check, its row in core/model/rules.def, $test, $page and $example"
echo "new-check.sh: build, then: ctest -R 'core.test_rules|docs_rules|docs.rules.$id|man' and lit testsuite/plugin/$snake.c"
