/* Word frequencies in K&R C: no <stdlib.h> or <string.h>, so malloc, free, strcpy, strcmp,
 * strlen and atoi are declared implicitly (C89); old-style definitions, implicit int.
 * Usage: krwords MIN WORD...  prints the words seen at least MIN times, sorted, with counts,
 * then the longest word; exit status: the number of distinct words. */
#include <stdio.h>

struct word {
	char *text;
	int count;
	struct word *next;
};

struct word *
insert(list, s)
struct word *list;
char *s;
{
	struct word *w, *prev, *p;
	int c;

	prev = 0;
	for (p = list; p != 0; p = p->next) {
		c = strcmp(s, p->text);
		if (c == 0) {
			p->count++;
			return list;
		}
		if (c < 0)
			break;
		prev = p;
	}
	w = (struct word *)malloc(sizeof(struct word));
	w->text = (char *)malloc(strlen(s) + 1);
	strcpy(w->text, s);
	w->count = 1;
	w->next = p;
	if (prev == 0)
		return w;
	prev->next = w;
	return list;
}

release(list)
struct word *list;
{
	struct word *next;
	int n;

	n = 0;
	while (list != 0) {
		next = list->next;
		free(list->text);
		free((char *)list);
		list = next;
		n++;
	}
	return n;
}

main(argc, argv)
int argc;
char *argv[];
{
	struct word *list, *p, *longest;
	int min, i, distinct;

	if (argc < 2) {
		printf("usage: krwords MIN WORD...\n");
		return 1;
	}
	min = atoi(argv[1]);
	list = 0;
	for (i = 2; i < argc; i++)
		list = insert(list, argv[i]);
	longest = 0;
	for (p = list; p != 0; p = p->next) {
		if (p->count >= min)
			printf("%-8s %d\n", p->text, p->count);
		if (longest == 0 || strlen(p->text) > strlen(longest->text))
			longest = p;
	}
	if (longest != 0)
		printf("longest: %s (%d)\n", longest->text, (int)strlen(longest->text));
	distinct = release(list);
	printf("%d distinct\n", distinct);
	return distinct;
}
