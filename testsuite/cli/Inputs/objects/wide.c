/* key in line 0, hits and misses in line 1 of 64 bytes: one 128-byte line. */
struct wide {
	long key;
	long pad[7];
	long hits;
	long misses;
};
struct wide w[4];
