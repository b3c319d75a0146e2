#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > -1000 && x < 1000);
  int abs = x;
  if (x < -1)
    abs = -x;
  assert(abs >= 0);
  return 0;
}
