#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int m = atoi(argv[2]);
  int x = a + 1;
  if (m) {
    for (int i = 0; i < 12; i++)
      x = (x * 31 + 13) % 65521;
  }
  printf("%d\n", x);
  return 0;
}
