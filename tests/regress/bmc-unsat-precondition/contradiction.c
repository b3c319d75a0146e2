#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 5);
  __VERIFIER_assume(x < 3);
  assert(x != 4);
  return 0;
}
