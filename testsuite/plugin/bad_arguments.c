// Bad plugin arguments are errors that name the argument, never ignored.
// RUN: not %gcc-cl -fplugin-arg-cachelint-frobnicate -c %s -o %t.o 2>&1 | %check --check-prefix=UNKNOWN
// UNKNOWN: cc1: error: cachelint: argument 'frobnicate': unknown (expected profile, line-size, alignment, adjacent, cacheline-groups, max-growth, propose, view, report, dump-layout, werror, instrument, instrument-notes, access-map, infer or disable)
// RUN: not %gcc-cl -fplugin-arg-cachelint-instrument=2pc -c %s -o %t.o 2>&1 | %check --check-prefix=INSTR
// INSTR: cc1: error: cachelint: argument 'instrument': '2pc' is not a list of struct names (STRUCT[:STRUCT...], a C++ name as ns::box<int>)
// An empty name ('a::b' is C++'s b in a, instrument_cxx.cc).
// RUN: not %gcc-cl -fplugin-arg-cachelint-instrument=a: -c %s -o %t.o 2>&1 | %check --check-prefix=INSTR2
// INSTR2: cc1: error: cachelint: argument 'instrument': 'a:' is not a list of struct names (STRUCT[:STRUCT...], a C++ name as ns::box<int>)
// RUN: not %gcc-cl -fplugin-arg-cachelint-instrument-notes -c %s -o %t.o 2>&1 | %check --check-prefix=NOTES
// NOTES: cc1: error: cachelint: argument 'instrument-notes': says what instrument misses: give instrument too
// RUN: not %gcc-cl -fplugin-arg-cachelint-line-size=0 -c %s -o %t.o 2>&1 | %check --check-prefix=LS0
// LS0: cc1: error: cachelint: argument 'line-size': invalid line-size '0': expected a power of two from 16 to 512
// RUN: not %gcc-cl -fplugin-arg-cachelint-line-size=48 -c %s -o %t.o 2>&1 | %check --check-prefix=LS48
// LS48: cc1: error: cachelint: argument 'line-size': invalid line-size '48': expected a power of two from 16 to 512
// RUN: not %gcc-cl -fplugin-arg-cachelint-line-size=1024 -c %s -o %t.o 2>&1 | %check --check-prefix=LS1024
// LS1024: cc1: error: cachelint: argument 'line-size': invalid line-size '1024': expected a power of two from 16 to 512
// RUN: not %gcc-cl -fplugin-arg-cachelint-line-size=sixty-four -c %s -o %t.o 2>&1 | %check --check-prefix=LSTEXT
// LSTEXT: cc1: error: cachelint: argument 'line-size': invalid line-size 'sixty-four': expected a power of two from 16 to 512
// RUN: not %gcc-cl -fplugin-arg-cachelint-line-size -c %s -o %t.o 2>&1 | %check --check-prefix=LSNONE
// LSNONE: cc1: error: cachelint: argument 'line-size': invalid line-size '': expected a power of two from 16 to 512
// RUN: not %gcc-cl -fplugin-arg-cachelint-alignment=page -c %s -o %t.o 2>&1 | %check --check-prefix=ALIGN
// ALIGN: cc1: error: cachelint: argument 'alignment': invalid alignment 'page': expected 'line' or 'any'
// RUN: not %gcc-cl -fplugin-arg-cachelint-adjacent=yes -c %s -o %t.o 2>&1 | %check --check-prefix=ADJ
// ADJ: cc1: error: cachelint: argument 'adjacent': 'adjacent' takes no value
// RUN: not %gcc-cl -fplugin-arg-cachelint-werror=1 -c %s -o %t.o 2>&1 | %check --check-prefix=WERROR
// WERROR: cc1: error: cachelint: argument 'werror': takes no value
// RUN: not %gcc-cl -fplugin-arg-cachelint-report -c %s -o %t.o 2>&1 | %check --check-prefix=REPORT
// REPORT: cc1: error: cachelint: argument 'report': needs a value (KEY=VALUE)
// RUN: not %gcc-cl -fplugin-arg-cachelint-access-map -c %s -o %t.o 2>&1 | %check --check-prefix=MAP
// MAP: cc1: error: cachelint: argument 'access-map': needs a value (KEY=VALUE)
// RUN: not %gcc-cl -fplugin-arg-cachelint-profile -c %s -o %t.o 2>&1 | %check --check-prefix=PROFILE
// PROFILE: cc1: error: cachelint: argument 'profile': needs a value (KEY=VALUE)
#include "cachelint.h"

/* A finding that must not be reported once an argument is bad. */
struct s {
	long hot __write_hot;
	long rm __read_mostly;
};
// RUN: not %gcc-cl -fplugin-arg-cachelint-infer=maybe -c %s -o %t.o 2>&1 | %check --check-prefix=INFER
// INFER: cc1: error: cachelint: argument 'infer': must be on or off
// RUN: not %gcc-cl -fplugin-arg-cachelint-infer -c %s -o %t.o 2>&1 | %check --check-prefix=INFER
