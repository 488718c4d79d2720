/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * yaml_writer.h - the YAML the program writes, through libyaml's emitter
 *
 * libyaml quotes and escapes every scalar; these helpers say which style a
 * scalar asks for (our own words plain, anything from the input double-
 * quoted) and make text fit for the emitter (core/model/names.h's \xNN for
 * bytes that are not UTF-8).  A whole document (the YAML report) is
 * written with cl_yw_open() ... cl_yw_close().  libyaml writes no comments,
 * so a file with comments between or after its entries (an imported
 * profile, a budget) is written a fragment at a time: cl_yw_open_fragment()
 * emits one or a few entries into memory, cl_yw_close_fragment() prints
 * them indented, with the comment after the last line, and
 * cl_yw_comment() writes a comment line.
 */
#ifndef CACHELINT_YAML_WRITER_H
#define CACHELINT_YAML_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct cl_yw;

/* A document written to @out, until cl_yw_close(). */
struct cl_yw *cl_yw_open(FILE *out);
/* End the document and free @w: 0, or -1 if an event was refused or the stream failed. */
int cl_yw_close(struct cl_yw *w);

/* A document written into memory, printed by cl_yw_close_fragment(). */
struct cl_yw *cl_yw_open_fragment(void);
/*
 * Print what @w wrote on @out, each line after @indent, and "  # " and
 * @comment (cl_yw_comment()'s text) after the last line when @comment is
 * not NULL; free @w.  0, or -1 as cl_yw_close().
 */
int cl_yw_close_fragment(struct cl_yw *w, FILE *out, const char *indent, const char *comment);

/* A line "@prefix@text": printable UTF-8 as itself, any other byte as '?'. */
void cl_yw_comment(FILE *out, const char *prefix, const char *text);

/* A word of our own (a key, a class, a rule ID): plain. */
void cl_yw_word(struct cl_yw *w, const char *s);
/* Anything from the input (names, paths, messages): double-quoted. */
void cl_yw_quoted(struct cl_yw *w, const char *s);
/*
 * A name as a key: plain where libyaml can write it so, double-quoted where
 * a YAML 1.1 reader would take it for a boolean or null ("on", "null") or
 * where it holds a control character.
 */
void cl_yw_key(struct cl_yw *w, const char *s);
/* An empty value: "key:" with nothing after it (what follows is indented). */
void cl_yw_empty(struct cl_yw *w);
void cl_yw_u64(struct cl_yw *w, uint64_t v);
/* key: number */
void cl_yw_key_u64(struct cl_yw *w, const char *key, uint64_t v);
/* key: "text" */
void cl_yw_key_quoted(struct cl_yw *w, const char *key, const char *s);
/* key: ["a", "b"], names from the input quoted; nothing when @n is 0. */
void cl_yw_key_list(struct cl_yw *w, const char *key, const char **v, uint32_t n);
/* A mapping: in a flow ({a: 1, b: 2}) or as a block of lines. */
void cl_yw_map(struct cl_yw *w, bool flow);
void cl_yw_map_end(struct cl_yw *w);
/* A sequence: in a flow ([a, b]) or as a block of lines. */
void cl_yw_seq(struct cl_yw *w, bool flow);
void cl_yw_seq_end(struct cl_yw *w);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_YAML_WRITER_H */
