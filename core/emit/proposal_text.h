/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * proposal_text.h - a proposal in words: the note every front end prints
 * with a struct's first finding, the order without a rewrite, and the
 * kernel's assert lines that keep the layout checked (proposal_text.c)
 */
#ifndef CACHELINT_PROPOSAL_TEXT_H
#define CACHELINT_PROPOSAL_TEXT_H

#ifdef __cplusplus
extern "C" {
#endif

struct cl_arena;
struct cl_proposal;
struct cl_record;
struct cl_report_proposal;

/*
 * The note every front end prints with a struct's first finding:
 * "proposed reordering of 'struct page_counter': 'usage' aligned to a new
 * line; 112 -> 128 bytes, 2 -> 2 cache lines", or "no patch is offered for
 * 'struct x': <why>".
 */
const char *cl_proposal_summary(const struct cl_report_proposal *rp, const char *record_name,
				struct cl_arena *a);

/*
 * "order: parent, min, usage; 'usage' aligned to 64 bytes; 40 -> 128 bytes,
 * 1 -> 2 cache lines": a proposal without a rewrite, in words.
 */
const char *cl_proposal_order(const struct cl_proposal *p, struct cl_arena *a);

/*
 * For a struct with the kernel's cacheline groups: the lines of its assert
 * function that keep the proposed layout checked by the kernel's own build
 * ("\tCACHELINE_ASSERT_GROUP_MEMBER(struct tcp_sock, tcp_sock_read_tx,
 * max_window);\n" for each member of each group, then the group's
 * "\tCACHELINE_ASSERT_GROUP_SIZE(struct tcp_sock, tcp_sock_read_tx, 40);\n":
 * the bytes from the end of its begin marker to its end marker, as the
 * kernel's macro measures them), or NULL.  cl_record_group_asserts() gives
 * the same for @rec as it is laid out.
 */
const char *cl_proposal_group_asserts(const struct cl_proposal *p, struct cl_arena *a);
const char *cl_record_group_asserts(const struct cl_record *rec, struct cl_arena *a);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_PROPOSAL_TEXT_H */
