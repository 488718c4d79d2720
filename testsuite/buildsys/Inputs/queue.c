/* A unit whose findings come only from the profile it is compiled with. */
struct queue {
	long head;
	long tail;
	long limit;
};

struct queue the_queue;
