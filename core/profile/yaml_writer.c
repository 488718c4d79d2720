// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * yaml_writer.c - the YAML the program writes, through libyaml's emitter
 */
#define _GNU_SOURCE	/* open_memstream */

#include "yaml_writer.h"
#include "model/arena.h"
#include "model/names.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

/**
 * struct cl_yw - a YAML document being written
 * @e: libyaml's emitter, writing to the output stream
 * @ev: the event being emitted
 * @failed: an event was refused (what was written is not a document)
 * @a: scalars made fit for the emitter, until the document is done
 * @mem: a fragment's stream into @buf, NULL for a document
 * @buf: what a fragment wrote
 * @len: its length
 */
struct cl_yw {
	yaml_emitter_t e;
	yaml_event_t ev;
	bool failed;
	struct cl_arena a;
	FILE *mem;
	char *buf;
	size_t len;
};

static void yw_emit(struct cl_yw *w, int made)
{
	if (w->failed)
		return;
	if (!made || !yaml_emitter_emit(&w->e, &w->ev))
		w->failed = true;
}

/*
 * @s as the emitter takes it: libyaml refuses bytes that are not UTF-8 and
 * prints the bidirectional controls and separators that names.h hides as
 * themselves, so those become the text \xNN, one escape per byte, as
 * names show them.  Control characters it escapes itself ("\n", "\x01").
 */
static const char *yw_text(struct cl_yw *w, const char *s)
{
	size_t n = strlen(s), k = 0;
	char *out;

	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t len = cl_utf8_decode(s + i, n - i, &cp);

		if (!len || (cp >= 0xa0 && !cl_name_printable(cp)))
			break;
		i += len;
		k = i;
	}
	if (k == n)
		return s;
	out = cl_arena_alloc(&w->a, n * 4 + 1);
	memcpy(out, s, k);
	for (size_t i = k; i < n;) {
		uint32_t cp;
		size_t len = cl_utf8_decode(s + i, n - i, &cp);

		if (len && !(cp >= 0xa0 && !cl_name_printable(cp))) {
			memcpy(out + k, s + i, len);
			k += len;
			i += len;
			continue;
		}
		for (size_t end = i + (len ? len : 1); i < end; i++)
			k += (size_t)sprintf(out + k, "\\x%02x", (unsigned char)s[i]);
	}
	out[k] = '\0';
	return out;
}

static void yw_scalar(struct cl_yw *w, const char *s, yaml_scalar_style_t style)
{
	yw_emit(w, yaml_scalar_event_initialize(&w->ev, NULL, NULL, (yaml_char_t *)s,
						(int)strlen(s), 1, 1, style));
}

void cl_yw_word(struct cl_yw *w, const char *s)
{
	yw_scalar(w, s, YAML_PLAIN_SCALAR_STYLE);
}

void cl_yw_quoted(struct cl_yw *w, const char *s)
{
	yw_scalar(w, yw_text(w, s ? s : ""), YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

/* YAML 1.1 readers turn these plain scalars into booleans or null. */
static const char *const yaml_words[] = {
	"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~",
};

/*
 * A key libyaml may write plain: it quotes a key that plain would misread
 * (": ", a leading '-' or '#'), but not the words above, and it would fold
 * a line break into a multi-line single-quoted key.
 */
static bool plain_key(const char *s)
{
	for (size_t i = 0; i < sizeof(yaml_words) / sizeof(yaml_words[0]); i++)
		if (!strcasecmp(s, yaml_words[i]))
			return false;
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return false;
	return true;
}

void cl_yw_key(struct cl_yw *w, const char *s)
{
	s = yw_text(w, s ? s : "");
	yw_scalar(w, s, plain_key(s) ? YAML_PLAIN_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

void cl_yw_empty(struct cl_yw *w)
{
	yw_scalar(w, "", YAML_PLAIN_SCALAR_STYLE);
}

void cl_yw_u64(struct cl_yw *w, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	cl_yw_word(w, buf);
}

void cl_yw_key_u64(struct cl_yw *w, const char *key, uint64_t v)
{
	cl_yw_word(w, key);
	cl_yw_u64(w, v);
}

void cl_yw_key_quoted(struct cl_yw *w, const char *key, const char *s)
{
	cl_yw_word(w, key);
	cl_yw_quoted(w, s);
}

void cl_yw_key_list(struct cl_yw *w, const char *key, const char **v, uint32_t n)
{
	if (!n)
		return;
	cl_yw_word(w, key);
	cl_yw_seq(w, true);
	for (uint32_t i = 0; i < n; i++)
		cl_yw_quoted(w, v[i]);
	cl_yw_seq_end(w);
}

void cl_yw_map(struct cl_yw *w, bool flow)
{
	yw_emit(w, yaml_mapping_start_event_initialize(&w->ev, NULL, NULL, 1, flow ?
						       YAML_FLOW_MAPPING_STYLE :
						       YAML_BLOCK_MAPPING_STYLE));
}

void cl_yw_map_end(struct cl_yw *w)
{
	yw_emit(w, yaml_mapping_end_event_initialize(&w->ev));
}

void cl_yw_seq(struct cl_yw *w, bool flow)
{
	yw_emit(w, yaml_sequence_start_event_initialize(&w->ev, NULL, NULL, 1, flow ?
							YAML_FLOW_SEQUENCE_STYLE :
							YAML_BLOCK_SEQUENCE_STYLE));
}

void cl_yw_seq_end(struct cl_yw *w)
{
	yw_emit(w, yaml_sequence_end_event_initialize(&w->ev));
}

static struct cl_yw *yw_open(FILE *out, bool fragment)
{
	struct cl_yw *w = cl_xmalloc(sizeof(*w));

	memset(w, 0, sizeof(*w));
	cl_arena_init(&w->a);
	if (fragment)
		out = w->mem = open_memstream(&w->buf, &w->len);
	if (!out || !yaml_emitter_initialize(&w->e)) {
		w->failed = true;
		return w;
	}
	yaml_emitter_set_output_file(&w->e, out);
	yaml_emitter_set_unicode(&w->e, 1);	/* UTF-8 names as themselves */
	yaml_emitter_set_width(&w->e, -1);	/* a message is one line, as grep wants it */
	yw_emit(w, yaml_stream_start_event_initialize(&w->ev, YAML_UTF8_ENCODING));
	yw_emit(w, yaml_document_start_event_initialize(&w->ev, NULL, NULL, NULL, 1));
	return w;
}

struct cl_yw *cl_yw_open(FILE *out)
{
	return yw_open(out, false);
}

struct cl_yw *cl_yw_open_fragment(void)
{
	return yw_open(NULL, true);
}

/* End the document; the stream is flushed.  @w stays for its fragment. */
static int yw_finish(struct cl_yw *w)
{
	yw_emit(w, yaml_document_end_event_initialize(&w->ev, 1));
	yw_emit(w, yaml_stream_end_event_initialize(&w->ev));
	if (!w->failed && !yaml_emitter_flush(&w->e))
		w->failed = true;
	yaml_emitter_delete(&w->e);
	cl_arena_free(&w->a);
	return w->failed ? -1 : 0;
}

int cl_yw_close(struct cl_yw *w)
{
	int rc = yw_finish(w);

	free(w);
	return rc;
}

int cl_yw_close_fragment(struct cl_yw *w, FILE *out, const char *indent, const char *comment)
{
	int rc = yw_finish(w);

	if (w->mem && fclose(w->mem) != 0)
		rc = -1;
	/* open_memstream() updates the buffer's address at the close */
	for (const char *s = rc ? NULL : w->buf; s && *s;) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);

		fprintf(out, "%s%.*s", indent, (int)len, s);
		s += len + (nl != NULL);
		if (*s || !comment)
			fputc('\n', out);
		else
			cl_yw_comment(out, "  # ", comment);
	}
	free(w->buf);
	free(w);
	return rc;
}

void cl_yw_comment(FILE *out, const char *prefix, const char *text)
{
	size_t n = strlen(text);

	fputs(prefix, out);
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t len = cl_utf8_decode(text + i, n - i, &cp);

		if (!len || !cl_name_printable(cp)) {
			fputc('?', out);
			i++;
			continue;
		}
		fwrite(text + i, 1, len, out);
		i += len;
	}
	fputc('\n', out);
}
