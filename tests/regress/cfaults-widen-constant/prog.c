#include <stdio.h>
#include <stdlib.h>
int scale(int k, int a) {
  switch (k) {
  case 1:
    return a * 2;
  }
  return 0;
}
int main(int argc, char *argv[]) {
  int k = atoi(argv[1]);
  int a = atoi(argv[2]);
  int r = scale(k, a);
  printf("%d\n", r);
  return 0;
}
