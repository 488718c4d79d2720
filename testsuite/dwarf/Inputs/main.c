/* An empty program around the structs of another unit. */
int main(void)
{
	return 0;
}
