#include <stdio.h>
int main(void) { int x; printf("%p\n", (void *)&x); return 0; }
