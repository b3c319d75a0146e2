#include <stdlib.h>
int main(void) {
  for (;;) {
    int *p = (int *)malloc(4000000);
    p[0] = 1;
  }
}
