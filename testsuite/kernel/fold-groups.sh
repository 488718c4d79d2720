#!/bin/sh
# fold-groups.sh DUMP... > PROFILE
#
# The profile that the old reading of the kernel's cacheline groups gave:
# each member a group classes (paths(...) in the plugin's dump-layout) folded
# to one class: a member of a write group (written on some path: w, or s,
# on at least one) is write_hot in a write group named after its cacheline
# group, a member of a read group read_mostly.  Built with
# cacheline-groups=off, this profile shows how many findings the groups
# would have given before the access model knew paths.  Only a struct's own
# members are written (a dotted leaf belongs to the embedded struct's own
# entry); a struct seen in several dumps is taken from the first.
set -eu
[ $# -gt 0 ] || { echo "usage: fold-groups.sh DUMP..." >&2; exit 2; }
cat "$@" | awk '
	/^struct / {
		name = $2; sub(/:$/, "", name)
		take = !(name in seen); seen[name] = 1
		next
	}
	!take { next }
	$1 ~ /^__cacheline_group_begin__/ {
		group = $1; sub(/^__cacheline_group_begin__/, "", group); sub(/:$/, "", group)
		next
	}
	!/paths\(/ { next }
	{
		member = $1; sub(/:$/, "", member)
		if (member ~ /\./) next
		uses = $0; sub(/.*paths\(/, "", uses); sub(/\).*/, "", uses)
		cls = uses ~ /:[a-z]*[ws]/ ? "{class: write_hot, group: " group "}" : "read_mostly"
		if (!(name in started)) { order[n++] = name; started[name] = 1 }
		body[name] = body[name] "    " member ": " cls "\n"
	}
	END {
		print "cachelint-profile: 1"
		print "structs:"
		for (i = 0; i < n; i++)
			printf "  %s:\n%s", order[i], body[order[i]]
	}'
