#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
  int age = atoi(argv[1]);
  int member = atoi(argv[2]);
  int discount = 0;
  if (age >= 65)
    discount = 10;
  printf("%d\n", discount);
  return 0;
}
