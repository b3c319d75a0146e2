#include <assert.h>
int main(void) {
  int a[1000];
  for (int i = 0; i < 3; i++) a[i] = i;
  assert(a[500] != 3 || a[1] != 1);
  return 0;
}
