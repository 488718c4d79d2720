/* instrument_dlopen.test: a program that loads argv[1] and runs lib_work */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : NULL;

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 1;
	}
	((void (*)(void))dlsym(h, "lib_work"))();
	return 0;
}
