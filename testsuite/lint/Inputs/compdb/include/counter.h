/* A header every unit includes, with the annotations defined empty: the
 * struct is analysed once however many units include it. */
#define __read_mostly
#define __write_hot

struct counter {
	long usage __write_hot;
	struct counter *parent __read_mostly;
};
