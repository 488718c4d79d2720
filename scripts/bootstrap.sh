#!/bin/sh
# Install what is missing (Debian 12 packages), then configure and build
# cachelint in build/.  Idempotent: a second run only rebuilds what changed.
# Used by demo.sh, test.sh and .ci/run; run it by hand as root on a fresh
# machine, or as a user once the packages are there.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# Build and test dependencies, by Debian package name.  chromium and tidy:
# testsuite/html renders and validates the HTML report.  groff-base:
# testsuite/man checks the written man pages (docs/man) for groff warnings;
# ccache and distcc are what testsuite/buildsys checks the plugin under (a
# changed profile under ccache, a local distcc server).
packages="gcc g++ make cmake pkg-config binutils patch libyaml-dev libcmocka-dev
	llvm-14-tools clang-14 python3 python3-yaml
	libdwarf-dev libelf-dev dwarves libclang-rt-14-dev libclang-14-dev python3-jsonschema
	chromium tidy groff-base ccache distcc"

missing=""
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed'; }
for p in $packages; do
	have "$p" || missing="$missing $p"
done
# The plugin headers must match the installed GCC exactly.
if command -v gcc >/dev/null 2>&1; then
	plugin_dev="gcc-$(gcc -dumpversion | cut -d. -f1)-plugin-dev"
	have "$plugin_dev" || missing="$missing $plugin_dev"
else
	missing="$missing gcc-12-plugin-dev"
fi

if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "cachelint: missing Debian packages:$missing" >&2
		echo "cachelint: as root: apt-get install$missing" >&2
		exit 2
	fi
	echo "cachelint: installing:$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >&2
fi

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$jobs" >&2
