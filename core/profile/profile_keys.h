/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile_keys.h - every key of the profile format, spelled once
 *
 * The keys of docs/profiles.md as string literals: the loader's key
 * tables (profile_schema.c, profile_objects.c, contention_read.c) read
 * them, and the writers write them from here: merge_write.c and
 * contention_write.c through libyaml's emitter, the importers
 * (core/import/import.c), and libcachelint-rt, which links no part of core
 * and writes its profile by hand (runtime/rt_profile.c, rt_contention.c):
 * plain literals, so that the runtime joins them into its printf formats
 * ("  " CL_KEY_LINE_SIZE ": %u\n").  A key misspelt on one side is then a
 * compile error, not a profile that does not load.  One key, one macro,
 * whichever sections use it; sorted.
 *
 * Only macros: the runtime includes this header and nothing else of core.
 */
#ifndef CACHELINT_PROFILE_KEYS_H
#define CACHELINT_PROFILE_KEYS_H

#define CL_KEY_ACCESS			"access"
#define CL_KEY_ACCESSES			"accesses"
#define CL_KEY_ALLOC			"alloc"
#define CL_KEY_BASE_ALIGN		"base-align"
#define CL_KEY_BETWEEN			"between"
#define CL_KEY_CACHELINT_PROFILE	"cachelint-profile"
#define CL_KEY_CLASS			"class"
#define CL_KEY_CONTENTION		"contention"
#define CL_KEY_CORE_SECONDS		"core-seconds"
#define CL_KEY_COUNTS			"counts"
#define CL_KEY_CPU_SECONDS		"cpu-seconds"
#define CL_KEY_DROPPED			"dropped"
#define CL_KEY_ELEMENT			"element"
#define CL_KEY_ELEMENTS			"elements"
#define CL_KEY_EVIDENCE			"evidence"
#define CL_KEY_FALSE_SHARING		"false-sharing"
#define CL_KEY_FIRST			"first"
#define CL_KEY_FROM			"from"
#define CL_KEY_GROUP			"group"
#define CL_KEY_IN			"in"
#define CL_KEY_IN_OFFSET		"in-offset"
#define CL_KEY_INSTANCES		"instances"
#define CL_KEY_LAST			"last"
#define CL_KEY_LINE_SIZE		"line-size"
#define CL_KEY_LINES			"lines"
#define CL_KEY_MEASURE			"measure"
#define CL_KEY_MEMBER			"member"
#define CL_KEY_MIN_ACCESSES		"min-accesses"
#define CL_KEY_MIN_SAMPLES		"min-samples"
#define CL_KEY_MIN_SHARE		"min-share"
#define CL_KEY_MIN_TRANSFERS		"min-transfers"
#define CL_KEY_OBJECTS			"objects"
#define CL_KEY_OBSERVED			"observed"
#define CL_KEY_OFFSET			"offset"
#define CL_KEY_PAIRS			"pairs"
#define CL_KEY_PATH			"path"
#define CL_KEY_PATHS			"paths"
#define CL_KEY_PER_LINE			"per-line"
#define CL_KEY_READ			"read"
#define CL_KEY_READ_MOSTLY		"read-mostly"
#define CL_KEY_READS			"reads"
#define CL_KEY_SAME_BYTES		"same-bytes"
#define CL_KEY_SAME_WRITTEN		"same-written"
#define CL_KEY_SAMPLE			"sample"
#define CL_KEY_SAMPLES			"samples"
#define CL_KEY_SECONDS			"seconds"
#define CL_KEY_SHARED			"shared"
#define CL_KEY_SIZE			"size"
#define CL_KEY_SOURCE			"source"
#define CL_KEY_STRUCTS			"structs"
#define CL_KEY_SUPPRESS			"suppress"
#define CL_KEY_THREADS			"threads"
#define CL_KEY_THRESHOLDS		"thresholds"
#define CL_KEY_TOUCH			"touch"
#define CL_KEY_TRUE_SHARING		"true-sharing"
#define CL_KEY_UNITS_DROPPED		"units-dropped"
#define CL_KEY_UNJUDGED			"unjudged"
#define CL_KEY_VARIABLES		"variables"
#define CL_KEY_WRITE			"write"
#define CL_KEY_WRITE_HOT		"write-hot"
#define CL_KEY_WRITERS			"writers"
#define CL_KEY_WRITES			"writes"

#endif /* CACHELINT_PROFILE_KEYS_H */
