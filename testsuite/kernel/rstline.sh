#!/bin/sh
# rstline.sh TABLE MEMBER: the line of the net_cachelines TABLE (.rst) whose
# Name column is MEMBER, so that the tests name the table line a message
# must show even if a Debian update of the kernel source moves the rows.
set -eu
[ $# -eq 2 ] || { echo "usage: rstline.sh TABLE MEMBER" >&2; exit 2; }
awk -v m="$2" '$2 == m { print NR; n++ }
	END { if (n != 1) { printf "rstline.sh: %s is in %d rows\n", m, n > "/dev/stderr"; exit 1 } }' "$1"
