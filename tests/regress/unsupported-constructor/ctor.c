#include <stdio.h>
int g;
__attribute__((constructor)) static void init(void) { g = 42; }
int main(void) { printf("%d\n", g); return 0; }
