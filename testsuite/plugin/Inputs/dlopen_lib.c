/* instrument_dlopen.test: an instrumented shared library */
struct conn {
	long rx;
	long tx;
};

struct conn lc;

void lib_work(void)
{
	for (int i = 0; i < 10; i++)
		lc.rx++;
}
