#include <stdio.h>

int main(void) {
  printf("another main\n");
  return 0;
}
