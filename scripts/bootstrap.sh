#!/bin/sh
# Install what is missing (Debian 12 packages), then configure and build
# cachelint in build/.  Idempotent: a second run only rebuilds what changed.
# Used by demo.sh, test.sh and .ci/run; run it by hand as root on a fresh
# machine, or as a user once the packages are there.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# What to install and build: `--demo` (scripts/demo.sh) only what building
# cachelint and running the demo need; by default (scripts/test.sh, CI,
# the benchmarks) the test tools too, and the build then fails any suite
# that would skip tests for want of one (CACHELINT_REQUIRE_ALL_SUITES).
mode=test
case "${1:-}" in
--demo) mode=demo ;;
"" | --test) ;;
*) echo "usage: scripts/bootstrap.sh [--demo|--test]" >&2; exit 2 ;;
esac

# Build dependencies, by Debian package name: the compilers, libyaml for
# profiles, libdwarf/libelf for `cachelint dwarf`, libclang for `cachelint
# lint` (the plugin's headers are added below); python3 and patch for the
# benchmark the demo ends with (bench/false_sharing applies the plugin's patch).
packages="gcc g++ make cmake pkg-config libyaml-dev
	libdwarf-dev libelf-dev libclang-14-dev python3 patch"
# Test dependencies: cmocka, lit and FileCheck; clang (also as `clang`,
# which the docs examples run) and its fuzzer runtime; binutils for the
# codegen tests; pahole (dwarves) to check the DWARF front end against;
# python3-yaml and python3-jsonschema for the report checks; chromium and
# tidy render and validate the HTML report (testsuite/html); groff-base
# checks the written man pages (testsuite/man); ccache and distcc are what
# testsuite/buildsys checks the plugin under, pre-commit and git what it runs
# the pre-commit hook with.
if [ "$mode" = test ]; then
	packages="$packages libcmocka-dev llvm-14-tools clang clang-14 libclang-rt-14-dev
	python3-yaml python3-jsonschema binutils dwarves
	chromium tidy groff-base ccache distcc pre-commit git"
fi

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
# The demo leaves a build that has its tests as it is, and configures a new
# one without them (their tools are not installed).
if [ "$mode" = test ]; then
	tests="-DCACHELINT_TESTS=ON -DCACHELINT_REQUIRE_ALL_SUITES=ON"
elif [ -f build/CMakeCache.txt ]; then
	tests=""
else
	tests="-DCACHELINT_TESTS=OFF"
fi
# shellcheck disable=SC2086
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo $tests >/dev/null
cmake --build build -j "$jobs" >&2
