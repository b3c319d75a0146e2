#include <stdlib.h>
int main(int argc, char *argv[]) {
  int n = atoi(argv[1]);
  while (n != 0)
    n = n - 2;
  return 0;
}
