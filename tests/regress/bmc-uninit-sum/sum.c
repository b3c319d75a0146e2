#include <assert.h>
int main(void) {
  int a[3];
  int s = a[0] + a[1];
  assert(s != 7);
  return 0;
}
