#include <assert.h>
#include <stdlib.h>
/* Two faults, each violating its own specification: the sum should be a + b (line 8), and
   the maximum should be b, not b + 1 (line 11). */
int main(int argc, char *argv[]) {
  int a = atoi(argv[1]);
  int b = atoi(argv[2]);
  int sum = a - b;
  int max = a;
  if (b > a)
    max = b + 1;
  assert(sum - b == a);
  assert(max >= a && max >= b && (max == a || max == b));
  return 0;
}
