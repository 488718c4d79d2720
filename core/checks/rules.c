// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rules.c - the rule table: IDs, severities and the text `explain` prints
 */
#include "rules.h"
#include "check.h"

#include <string.h>

static const struct cl_rule_info rules[CL_RULE_COUNT] = {
	[CL_RULE_FALSE_SHARING] = {
		"cachelint-false-sharing", CL_SEV_WARNING,
		"A read-mostly field shares a cache line with a write-hot field",
		"Caches keep whole lines (64 bytes on x86-64), not fields. When one CPU "
		"writes a field, the coherence protocol invalidates the line in every "
		"other CPU's cache, so every CPU that reads a different field of the same "
		"line misses and must fetch it again. A field read on hot paths by many "
		"CPUs (__read_mostly) next to a field written on hot paths (__write_hot) "
		"turns every write into misses on all readers: Linux lost 2-20% on "
		"page_counter (usage next to parent) and 38-50% on mem_cgroup_per_node "
		"this way.\n"
		"Detection: the struct is assumed to start on a line boundary (or, with "
		"alignment=any, at every offset its alignment allows) and each pair of "
		"leaves is mapped to line indices; embedded structs are analysed by their "
		"leaves.\n"
		"With access paths (a profile's read:/write:, the kernel's "
		"__cacheline_group_begin/end groups) the rule is general: fields W and V "
		"on one line are a finding when a write of W on path P makes an access "
		"of V on path Q miss that separate lines would avoid -- P and Q run on "
		"different CPUs (P != Q, or one concurrent path), V's own line does not "
		"already move between Q and another path, and Q does not read W on each "
		"of its runs anyway. A socket's rx path writing one field and reading "
		"another is one CPU: no finding. Where a source leaves the writer open "
		"(a _write_txrx group), a pair is reported only if every possibility is "
		"a finding. This rule reports a field that is only read. Counts per "
		"type cannot tell objects apart: with the evidence per object of an "
		"instrumented run (a profile's objects:), a pair is reported only when "
		"the runtime saw the two fields touched by different threads on one "
		"object; per-thread objects (a worker's own connection) are silent.\n"
		"Fix: move the read-mostly fields together and the write-hot fields "
		"together, with the boundary on a line (the proposal does this with the "
		"least growth), or align the first field of the hot group to the line "
		"(____cacheline_aligned_in_smp in the kernel).",
		.check = cl_check_false_sharing,
		.proposal_fixes = 1,
	},
	[CL_RULE_WRITE_GROUPS] = {
		"cachelint-write-groups", CL_SEV_WARNING,
		"Fields of two different write groups share a cache line",
		"Fields of one write group (__write_hot_group(\"name\")) are written "
		"together by one CPU and may share a line. Fields of different groups are "
		"written by different CPUs (say, a producer and a consumer index): on one "
		"line, each write steals the line from the other writer and it bounces "
		"between caches on every update.\n"
		"Detection: write-hot leaves of two different named groups on one line. "
		"Ungrouped __write_hot fields conflict with no writer. With access paths, "
		"two written fields whose writes cost each other misses by the rule of "
		"cachelint-false-sharing (a write group is a path).\n"
		"Fix: give each group its own line(s), e.g. align the first field of each "
		"group to the cache line, or let the proposal reorder the struct.",
		.check = cl_check_write_groups,
		.proposal_fixes = 1,
	},
	[CL_RULE_ADJACENT_LINE] = {
		"cachelint-adjacent-line", CL_SEV_NOTE,
		"A read-mostly and a write-hot field are in the two lines of one "
		"128-byte block",
		"Intel's L2 adjacent-line (spatial) prefetcher fetches lines in aligned "
		"pairs, so a write to one line can hurt readers of its neighbour: a "
		"36% vm-scalability regression in Linux (2d146aa3aa) went away only "
		"with 128-byte padding or with the prefetcher disabled.\n"
		"Detection (with the `adjacent` option): a read-mostly and a write-hot "
		"leaf in different lines of one block of twice the line size; with "
		"paths, a leaf only read and a leaf written on a path that would cost "
		"it misses on one line (see cachelint-false-sharing).\n"
		"Fix: keep such fields at least two lines apart, or pad the hot group to "
		"128 bytes.",
		.check = cl_check_adjacent_line,
		.proposal_fixes = 0,
	},
	[CL_RULE_ANNOTATION_MISMATCH] = {
		"cachelint-annotation-mismatch", CL_SEV_WARNING,
		"A source annotation and the access profile disagree",
		"An annotation in the source says how a field is meant to be accessed; "
		"a profile (hand-written, imported from perf, or generated) says how it "
		"is. When they disagree, one of them is stale: a __read_mostly field "
		"that is written on hot paths is exactly the false sharing the annotation "
		"was meant to prevent.\n"
		"Detection: a field annotated in the source whose class in a profile is "
		"different. The source annotation stays in force for the analysis.\n"
		"Fix: correct the annotation, or the profile if it is the stale one.",
		.check = NULL,
		.proposal_fixes = 0,
	},
	[CL_RULE_PROFILE] = {
		"cachelint-profile", CL_SEV_WARNING,
		"An access profile names a member that does not exist",
		"A profile entry for a struct names a member (or a path into an "
		"embedded struct) that the struct does not have, usually because the "
		"field was renamed or removed. The entry has no effect, so a field the "
		"profile meant to protect is not checked.\n"
		"Detection: every profile entry of a struct defined in the input is "
		"resolved against its members.\n"
		"Fix: update the profile to the new member names.",
		.check = NULL,
		.proposal_fixes = 0,
	},
	[CL_RULE_TRUE_SHARING] = {
		"cachelint-true-sharing", CL_SEV_NOTE,
		"A field is written by several threads or concurrent paths: its own line moves "
		"between them whatever the layout",
		"False sharing is two fields on one line; true sharing is one field that "
		"several CPUs write. Each write needs the line exclusively, so the line moves "
		"from writer to writer on every update whatever its neighbours are: padding "
		"it onto a line of its own stops the misses of the fields that were next to "
		"it, not its own. (A database project split a buffer-control block onto three "
		"lines to cure 'false sharing' and measured more remote hits: one block was "
		"written by every worker.)\n"
		"Detection: a profile with write counts per path (an instrumented run writes "
		"one path per thread) in which the field is written on two or more paths, or "
		"on a concurrent path. Annotations and profiles without counts per path never "
		"give this note: there is nothing to base it on. With the evidence per "
		"object of an instrumented run (objects:), only a field whose same bytes "
		"two threads wrote on one object: a type whose objects each belong to "
		"one thread is not shared however many threads write it.\n"
		"Fix: give each CPU or thread its own copy and merge them on read (the "
		"kernel's percpu_counter, per-thread counters), or batch the writes. Keep the "
		"read-mostly fields off its line all the same: their readers stop paying.",
		.check = cl_check_true_sharing,
		.proposal_fixes = 0,
	},
	[CL_RULE_GROUP_MARKERS] = {
		"cachelint-group-markers", CL_SEV_WARNING,
		"The kernel's cacheline group markers of a struct are malformed",
		"Since Linux 6.8 the networking structs bracket their fast-path members "
		"with __cacheline_group_begin(G) and __cacheline_group_end(G), and "
		"cachelint reads who reads and who writes a member from the group's name "
		"(tcp_sock_read_tx). A group that never ends, an end that names another "
		"group than the one it closes, an end with no group open, or a group begun "
		"inside another leaves it unclear which members the group holds: read "
		"naively, one member's class spreads over the rest of the struct, or an "
		"outer group loses its members, and the findings are wrong. The kernel's "
		"own CACHELINE_ASSERT_GROUP_MEMBER() checks assume the same brackets.\n"
		"Detection: the markers (zero-size members __cacheline_group_begin__G and "
		"__cacheline_group_end__G, anonymous members looked through) are read as "
		"brackets; each malformed one is reported at its line. A group that never "
		"ends, or whose end names another group, classes no member; a group inside "
		"another classes its own members and the outer one the rest. No reordering "
		"is proposed for the struct: the proposal moves groups whole, by their "
		"markers.\n"
		"Fix: give every __cacheline_group_begin(G) its __cacheline_group_end(G) "
		"with the same name, after the group's last member and before the next "
		"group begins.",
		.check = NULL,
		.proposal_fixes = 0,
	},
	[CL_RULE_FALSE_SHARING_OBJECTS] = {
		"cachelint-false-sharing-objects", CL_SEV_WARNING,
		"Elements of one array, or objects of one type, each owned by one thread share "
		"cache lines",
		"Per-thread slots in an array (a counter per thread, a struct of statistics "
		"per worker) are the other half of false sharing: no field is shared, yet "
		"when two elements sit on one line, each thread's write to its own element "
		"invalidates the line in the other thread's cache, and the line ping-pongs "
		"between them on every update. valkey's used_memory_thread[] (8 bytes per "
		"thread, 8 per line) gained 17.5% on one command when each slot got its own "
		"line; the kernel's cpupri_vec gained 11%.\n"
		"Detection: statically, an array variable or a struct type annotated "
		"__per_thread (annotations/cachelint.h) whose elements can share a line: the "
		"element size is not a multiple of the line size, or the array's (the type's) "
		"alignment is below it, so that an element straddles into its neighbour's "
		"line. At run time, from the object evidence of an instrumented run "
		"(libcachelint-rt, the profile's objects: section): different threads wrote "
		"different bytes of one line that belong to different elements of one "
		"variable or different objects of one type.\n"
		"Fix: align (or pad) the element to the line, so that each element has lines "
		"of its own: __attribute__((aligned(64))) on the element's struct (wrap a "
		"scalar element in one), or ____cacheline_aligned_in_smp in the kernel. It "
		"costs memory: every element grows to a multiple of the line (a 24-byte slot "
		"becomes 64 bytes; 16 of them 384 -> 1024 bytes), which the note states. An "
		"array whose elements are already a multiple of the line only needs the "
		"array aligned. Objects on the heap keep the alignment only with an aligned "
		"allocation: aligned_alloc(64, n) or posix_memalign(); malloc() and calloc() "
		"give 16 bytes on x86-64, and an aligned type in malloc()ed memory is "
		"undefined behaviour.",
		.check = NULL,
		.proposal_fixes = 0,
	},
	[CL_RULE_PATH_LINES] = {
		"cachelint-path-lines", CL_SEV_WARNING,
		"A path touches more cache lines than its budget",
		"Every cache line a hot path touches is a miss when it is cold and a "
		"line of the cache it keeps busy: the kernel's 6.8 reorganisation of "
		"tcp_sock, net_device and netns_ipv4 was about putting each fast path's "
		"members on as few lines as possible (counted with 6.12's own "
		"tcp_sock.rst table, tcp_sock's tx and rx paths touch 6 lines each). Such a layout decays: a member added in the middle pushes "
		"a path onto one more line, and nothing fails -- the kernel keeps "
		"CACHELINE_ASSERT_GROUP_SIZE() constants by hand for this, and a patch "
		"that broke them was reverted from linux-next.\n"
		"Detection: a profile's top-level lines: key gives, per struct, the most "
		"lines a path (or the class read_mostly or write_hot) may touch, "
		"lines: {tcp_sock: {tx: 6, rx: 6}}. A path touches the lines that hold "
		"a member it reads or writes (read-mostly members count for read_mostly "
		"only), with the struct starting on a line (with alignment=any, at its "
		"worst start). The note lists the lines and "
		"their members. `cachelint layout --write-budget FILE` writes the counts "
		"of a layout as it is, to lock a tuned layout in CI.\n"
		"Fix: move the member that pushed the path over next to the path's other "
		"members, or into a hole on one of its lines (the proposal with "
		"--propose and the layout view show where the path's members sit); if "
		"the path really needs the line, raise the budget in the profile.",
		.check = cl_check_path_lines,
		.proposal_fixes = 0,
	},
};

const struct cl_rule_info *cl_rule_info(enum cl_rule rule)
{
	return &rules[rule];
}

int cl_rule_proposal_fixes(enum cl_rule rule)
{
	return rules[rule].proposal_fixes;
}

int cl_rule_lookup(const char *id)
{
	for (int i = 0; i < CL_RULE_COUNT; i++)
		if (!strcmp(rules[i].id, id))
			return i;
	return -1;
}

unsigned cl_rule_mask(const char *id)
{
	int rule;

	if (!strcmp(id, "all"))
		return CL_RULE_MASK_ALL;
	rule = cl_rule_lookup(id);
	return rule < 0 ? 0 : 1u << rule;
}

const char *cl_severity_name(enum cl_severity sev)
{
	switch (sev) {
	case CL_SEV_ERROR:
		return "error";
	case CL_SEV_NOTE:
		return "note";
	default:
		return "warning";
	}
}
