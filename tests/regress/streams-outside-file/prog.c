#include <stdio.h>

int main(void) {
  FILE *fp = fopen("/etc/hostname", "r");
  int c = fp ? getc(fp) : -2;
  printf("%d\n", c);
  return 0;
}
