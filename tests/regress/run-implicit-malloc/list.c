/* K&R code without <stdlib.h> or <string.h> */
#include <stdio.h>

typedef struct node {
	char name[8];
	struct node *next;
} Node;

Node *
push(list, s)
Node *list;
char *s;
{
	Node *n;

	n = (Node *)malloc(sizeof(Node));
	strcpy(n->name, s);
	n->next = list;
	return n;
}

main(argc, argv)
char **argv;
{
	Node *l = 0;
	int i;

	for (i = 1; i < argc; i++)
		l = push(l, argv[i]);
	for (; l != 0; l = l->next)
		printf("%s\n", l->name);
	return count(argc);
}

count(n)
{
	return n * 2;
}
