#!/bin/sh
# counts_within.sh TOTAL FILE: every count of an imported profile (each
# "key: N") is at most TOTAL, the report's records; a count above it names
# itself and the status is 1.  A c2c profile's counts are sums of the
# report's rows, so none can pass what the report sampled in all.
grep -oE '[a-z-]+: [0-9]+' "$2" |
	awk -F': ' -v total="$1" '$2 + 0 > total + 0 { print "above the report total " total ": " $0; bad = 1 } END { exit bad }'
