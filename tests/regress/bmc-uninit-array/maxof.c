#include <assert.h>
int main(void) {
  int a[3];
  int max = a[0];
  for (int i = 1; i < 2; i++)
    if (a[i] > max)
      max = a[i];
  for (int k = 0; k < 3; k++)
    assert(max >= a[k]);
  return 0;
}
