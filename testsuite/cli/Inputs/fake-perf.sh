#!/bin/sh
# A stand-in for perf on PATH (bench_perf.test): "perf c2c record -o FILE --
# PROG ARG..." runs PROG and writes FILE (the layout PROG ran: its fourth
# argument, "probe" for the check); "perf c2c report -i FILE --stdio" prints
# the head of a report in perf's format, 1000 + 100 * layout local HITMs and
# 7 remote.  FAKE_PERF=nohitm prints a report without the HITM lines;
# FAKE_PERF=norecord fails the record of a layout as perf does.
case "$1 $2" in
"c2c record")
	out=$4
	shift 5
	if [ -n "${4:-}" ] && [ "${FAKE_PERF:-}" = norecord ]; then
		echo "failed: memory events not supported" >&2
		exit 255
	fi
	"$@" > /dev/null || exit 1
	echo "${4:-probe}" > "$out"
	;;
"c2c report")
	l=$(cat "$4")
	cat <<EOT
=================================================
            Trace Event Information
=================================================
  Total records                     :      52731
  Locked Load/Store Operations      :          0
  Load Operations                   :      30500
EOT
	if [ "${FAKE_PERF:-}" != nohitm ]; then
		printf '  Load Local HITM                   :  %9d\n' $((1000 + 100 * l))
		printf '  Load Remote HITM                  :  %9d\n' 7
	fi
	echo '  Store Operations                  :      22231'
	;;
*)
	echo "fake perf: $*" >&2
	exit 1
	;;
esac
