/*
 * The embedded type, in a header of its own (as liburcu's cds_wfcq_node is
 * in urcu/wfcqueue.h): a finding on 'node.next' points here, but the fix-its
 * belong to the struct that embeds it.  The lines below the struct body's
 * line numbers in y.h (7 and 8) are unrelated code that must stay as it is.
 */
static inline int x_unrelated(int a)
{
	return a + 1;
}

struct x_node {
	struct x_node *next __read_mostly;
	struct x_node *prev;
};
