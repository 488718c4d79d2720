/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * names.h - names as they may be printed: valid UTF-8 as itself, anything
 * else escaped
 *
 * C allows UTF-8 identifiers (GCC and clang accept `struct café`), and
 * they print as themselves.  A name read from a damaged or hostile input
 * (a corrupted .debug_str, a profile's quoted "\x01") may hold control
 * characters, DEL or bytes that are not UTF-8: those print as \xNN, one
 * escape per byte, so a terminal shows what is there and every output
 * format stays valid.  Readers escape names as they load them, once; the
 * escaped form is plain and escaping it again changes nothing.
 */
#ifndef CACHELINT_NAMES_H
#define CACHELINT_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The length of the valid UTF-8 sequence at @s (at most @n bytes) and its
 * code point in *@cp; 0 when the bytes there are not UTF-8 (a stray
 * continuation byte, an overlong form, a surrogate, past U+10FFFF).
 */
size_t cl_utf8_decode(const char *s, size_t n, uint32_t *cp);
/*
 * Whether code point @cp prints as itself: not C0, DEL or C1, nor a
 * bidirectional control or a line or paragraph separator.
 */
bool cl_name_printable(uint32_t cp);
/*
 * The bytes of the C identifier character at @s (at most @n bytes), or 0:
 * ASCII letters, '_', digits unless @first, and any printable character
 * beyond ASCII, which C allows in identifiers as UTF-8 (`struct café`).
 */
size_t cl_ident_char(const char *s, size_t n, bool first);
/*
 * Records are named as the compilers name them: a C tag or typedef name,
 * or a C++ class as GCC prints it, `ns::box<long int, 3>`: identifiers
 * joined by "::", then for a template its arguments in balanced '<...>'
 * (printable text), and so on for a class of a template's instance
 * (`std::_Vector_base<int, std::allocator<int> >::_Vector_impl`).  Whether
 * the @n bytes at @s are such a name.
 */
bool cl_record_name_valid(const char *s, size_t n);
/*
 * The length of the first name of a list separated by ':' (`instrument=`):
 * up to a ':' that is neither half of a "::" nor inside '<...>'.
 */
size_t cl_record_name_length(const char *list);
/* Whether @s prints as itself (NULL and "" do). */
bool cl_name_plain(const char *s);
/* @s when plain, else a copy in @a with every other byte as \xNN. */
const char *cl_name_escape(struct cl_arena *a, const char *s);
/*
 * @s as text inside a comment of C that cachelint generates and compiles
 * (`cachelint bench`): cl_name_escape()'s form, with '*', '/', '?' and a
 * backslash not followed by 'x' as \xNN too.  Whatever text surrounds it
 * in a comment, it cannot close the comment ("*" "/"), open one ("/" "*",
 * which -Wcomment rejects), splice lines (a backslash, or the trigraph
 * "??/" under -trigraphs, before a newline: in a // comment the next line
 * becomes comment too) or hold a newline.  A name is never written into
 * generated C outside a comment.
 */
const char *cl_name_c_comment(struct cl_arena *a, const char *s);
/*
 * @s escaped into @buf for a message, at most @max characters of it, then
 * "..." ; @buf must hold @max * 4 + 4 bytes.  With @quote, a "'" is
 * escaped too (messages quote names with ').
 */
const char *cl_name_show(char *buf, size_t max, const char *s, bool quote);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_NAMES_H */
