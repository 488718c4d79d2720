/* One instrumented unit of three (units.test): UNIT names its counter. */
struct units_counts {
	long a, b, c;
};
extern struct units_counts units_counts;

void UNIT(int n)
{
	for (int i = 0; i < n; i++)
		units_counts.UNIT_MEMBER++;
}
