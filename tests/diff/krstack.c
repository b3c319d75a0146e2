/* A K&R-era linked stack calculator: malloc declared the old way as `char *malloc();`,
 * free((char *)p), atoi implicit, old-style definitions.  Words: numbers are pushed; + - *
 * / pop two and push the result; d duplicates, s swaps, p prints the top.  At the end the
 * stack is printed top first; exit status: its depth, or 3 on an error. */
#include <stdio.h>

char *malloc();

typedef struct cell {
	long value;
	struct cell *below;
} Cell;

Cell *top;
int depth;

push(v)
long v;
{
	Cell *c;

	c = (Cell *)malloc(sizeof(Cell));
	c->value = v;
	c->below = top;
	top = c;
	depth++;
	return depth;
}

long
pop()
{
	Cell *c;
	long v;

	if (top == 0) {
		printf("stack empty\n");
		exit(3);
	}
	c = top;
	v = c->value;
	top = c->below;
	free((char *)c);
	depth--;
	return v;
}

isnumber(s)
char *s;
{
	if (*s == '-' && s[1] != '\0')
		s++;
	for (; *s != '\0'; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

main(argc, argv)
int argc;
char **argv;
{
	int i;
	long a, b;
	char *w;

	for (i = 1; i < argc; i++) {
		w = argv[i];
		if (isnumber(w))
			push((long)atoi(w));
		else if (w[1] != '\0') {
			printf("bad word %s\n", w);
			exit(3);
		} else if (*w == 'd') {
			a = pop();
			push(a);
			push(a);
		} else if (*w == 's') {
			a = pop();
			b = pop();
			push(a);
			push(b);
		} else if (*w == 'p') {
			a = pop();
			printf("%ld\n", a);
			push(a);
		} else {
			b = pop();
			a = pop();
			if (*w == '+')
				push(a + b);
			else if (*w == '-')
				push(a - b);
			else if (*w == '*')
				push(a * b);
			else if (*w == '/' && b != 0)
				push(a / b);
			else {
				printf("bad operator %s\n", w);
				exit(3);
			}
		}
	}
	i = depth;
	while (top != 0)
		printf("[%ld]", pop());
	printf("\n");
	return i;
}
