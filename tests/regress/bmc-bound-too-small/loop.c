#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n)
    i = i + 1;
  assert(i != 5);
  return 0;
}
