#!/bin/sh
# Print the path of the vmlinux (with full DWARF) of a Debian cloud kernel,
# fetching it once.  Used by bench/dwarf_speed and the real-vmlinux
# differential test (testsuite/dwarf-vmlinux).
#
#   scripts/debian-vmlinux.sh 6.1     newest linux-image-6.1.0-N-cloud-amd64-dbg
#   scripts/debian-vmlinux.sh 6.12    newest linux-image-6.12.N+deb12-cloud-amd64-dbg
#   scripts/debian-vmlinux.sh PACKAGE an exact -dbg package name
#
# The package (~300 MB) is fetched with `apt-get download` (after an
# `apt-get update` when run as root), only the vmlinux is extracted
# into
#   ${XDG_CACHE_HOME:-$HOME/.cache}/cachelint/vmlinux/<package>_<version>/
# and the .deb is deleted; a later run with the same package prints the
# cached path without touching the network.  Nothing of it is committed.
#
# Exit status: 0 and the path on stdout; 2 with the reason on stderr when the
# package cannot be found or fetched (no network, no such version).
set -eu

say() { echo "debian-vmlinux: $*" >&2; }
[ $# -eq 1 ] || { say "usage: $0 6.1|6.12|PACKAGE"; exit 2; }
cache=${XDG_CACHE_HOME:-${HOME:?debian-vmlinux: set HOME or XDG_CACHE_HOME}/.cache}/cachelint/vmlinux
mkdir -p "$cache"

# The package list is refreshed once a day at most, and only as root.
stamp="$cache/apt-updated"
if [ "$(id -u)" -eq 0 ] && [ -z "$(find "$stamp" -mmin -1440 2>/dev/null)" ]; then
	apt-get -o DPkg::Lock::Timeout=900 update -qq >&2 && touch "$stamp" ||
		say "apt-get update failed; using the package lists there are"
fi

case $1 in
6.1)  pattern='^linux-image-6\.1\.0-[0-9]+-cloud-amd64-dbg$' ;;
6.12) pattern='^linux-image-6\.12\.[0-9]+\+deb[0-9]+-cloud-amd64-dbg$' ;;
linux-image-*-dbg) pattern="^$(printf '%s' "$1" | sed 's/[.+]/\\&/g')\$" ;;
*) say "unknown kernel '$1' (6.1, 6.12 or a linux-image-*-dbg package)"; exit 2 ;;
esac
package=$(apt-cache search --names-only 'cloud-amd64-dbg' 2>/dev/null |
	cut -d' ' -f1 | grep -E "$pattern" | sort -V | tail -1) || true
[ -n "$package" ] || { say "no package matches '$1' (apt-cache search cloud-amd64-dbg)"; exit 2; }
version=$(apt-cache policy "$package" | awk '/Candidate:/ { print $2 }')
[ -n "$version" ] && [ "$version" != "(none)" ] ||
	{ say "$package has no installable version"; exit 2; }
dir="$cache/${package}_$(printf '%s' "$version" | tr ':' '%')"

exec 9>"$cache/lock"
flock 9
found=$(find "$dir" -name 'vmlinux-*' -type f 2>/dev/null | head -1)
if [ -z "$found" ] || [ ! -e "$dir/complete" ]; then
	rm -rf "$dir" "$dir.part"
	mkdir -p "$dir.part"
	say "fetching $package ($version)"
	(cd "$dir.part" && apt-get download "$package=$version" >&2) ||
		{ rm -rf "$dir.part"; say "apt-get download $package failed"; exit 2; }
	deb=$(find "$dir.part" -name '*.deb' | head -1)
	say "extracting the vmlinux from $(basename "$deb")"
	dpkg-deb --fsys-tarfile "$deb" |
		tar -x -C "$dir.part" --wildcards './usr/lib/debug/boot/vmlinux-*' ||
		{ rm -rf "$dir.part"; say "no vmlinux in $deb"; exit 2; }
	rm -f "$deb"
	touch "$dir.part/complete"
	mv "$dir.part" "$dir"
	found=$(find "$dir" -name 'vmlinux-*' -type f | head -1)
fi
echo "$found"
