// A remount reconfigures what a mount may hold: shmem_reconfigure() sets
// the limits under the superblock's stat_lock, and every allocation reads
// them beside the free count it updates.  `reconfigure` is a setup word
// as `configure` is: the limit is read-mostly.  The control: the same
// write in a function whose name says no setup stays a hot write.
#include <pthread.h>

struct sb_info {
	long free_blocks;
	long max_blocks;
};

struct sb_other {
	long free_blocks;
	long max_blocks;
};

static pthread_mutex_t stat_lock = PTHREAD_MUTEX_INITIALIZER;

void sb_reconfigure(struct sb_info *sb, long max)
{
	pthread_mutex_lock(&stat_lock);
	sb->max_blocks = max;
	pthread_mutex_unlock(&stat_lock);
}

int sb_take_block(struct sb_info *sb)
{
	return __atomic_add_fetch(&sb->free_blocks, -1, __ATOMIC_RELAXED) < sb->max_blocks;
}

void other_grow(struct sb_other *sb, long max)
{
	pthread_mutex_lock(&stat_lock);
	sb->max_blocks = max;
	pthread_mutex_unlock(&stat_lock);
}

int other_take_block(struct sb_other *sb)
{
	return __atomic_add_fetch(&sb->free_blocks, -1, __ATOMIC_RELAXED) < sb->max_blocks;
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_reconfigure.c:10:14: warning: read-mostly field 'max_blocks' shares cache line 0 (bytes 0-63) of 'struct sb_info' with write-hot field 'free_blocks' [cachelint-false-sharing]
// CHECK-NEXT: infer_reconfigure.c:9:14: note: 'free_blocks' is written on hot paths
// CHECK-NEXT: infer_reconfigure.c:10:14: note: 'max_blocks' is read-mostly, inferred from the code: read in sb_take_block ({{.*}}infer_reconfigure.c:29), written only in sb_reconfigure ({{.*}}infer_reconfigure.c:23)
// CHECK-NEXT: infer_reconfigure.c:9:14: note: 'free_blocks' is write-hot, inferred from the code: updated atomically in sb_take_block ({{.*}}infer_reconfigure.c:29)
