/* Three instrumented units (units.test), the runtime built to hold two. */
struct units_counts {
	long a, b, c;
};
struct units_counts units_counts;

void count_a(int n);
void count_b(int n);

int main(void)
{
	count_a(1000);
	count_b(1000);
	return 0;
}
