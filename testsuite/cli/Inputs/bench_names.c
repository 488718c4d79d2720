/*
 * Write groups whose names are code (bench_names.test).  clang keeps
 * btf_decl_tag strings in the DWARF as they are: a group name is any
 * string.  `cachelint bench` writes the names into comments of the program
 * it compiles and runs; each name here would end or bend such a comment.
 * MARK is the file the payload's shell command creates.
 */
#ifndef MARK
#define MARK "/nonexistent/cachelint-bench-names"
#endif
#define TAG(s) __attribute__((btf_decl_tag("cachelint:" s)))

/*
 * Ends the comment, then a file-scope asm that puts a function in
 * .init_array: it calls system("touch MARK") before main (x86-64).
 */
#define PAYLOAD "x */ __asm__(\".pushsection .text; 1: lea 2f(%rip), %rdi; " \
	"jmp system@PLT; .popsection; .pushsection .init_array,\\\"aw\\\"; .quad 1b; " \
	".popsection; .pushsection .rodata; 2: .asciz \\\"touch " MARK "\\\"; " \
	".popsection\"); /*"

struct payload {
	long hot TAG("write_hot:" PAYLOAD);
	long rm TAG("read_mostly");
};

/*
 * Each name below, unescaped in a comment, ends it: "t*??/", newline, "/"
 * is a star, a backslash (the trigraph, under -trigraphs) and a slash
 * spliced together; "s*\\", newline, "/" the same without the trigraph;
 * a name ending in a backslash carries a // comment over to the next line;
 * a newline starts a directive; DWARF strings end at a NUL.
 */
struct hostile {
	long tri TAG("write_hot:t*?\?/\n/ int tri_code; /*");
	long splice TAG("write_hot:s*\\\n/ int splice_code; /*");
	long slash TAG("write_hot://\\");
	long nl TAG("write_hot:n\n#include \"/nonexistent\"\n");
	long nul TAG("write_hot:z\0*/ int nul_code;");
	long rm TAG("read_mostly");
};

/* no annotation: its classes come from a profile */
struct plain {
	long a;
	long b;
};

struct payload p;
struct hostile h;
struct plain q;
