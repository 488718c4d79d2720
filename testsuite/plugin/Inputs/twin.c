#ifdef A
struct node { long a; long b; };
void touch_a(void) { static struct node n; n.a++; n.b++; }
#else
struct node { int x; };
void touch_a(void);
void touch_b(void) { static struct node n; n.x++; }
int main(void) { touch_a(); touch_b(); touch_b(); return 0; }
#endif
