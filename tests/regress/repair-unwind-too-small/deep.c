#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, s = 0;
  while (i < n) {
    s = s + 2;
    i = i + 1;
  }
  assert(s != 7);
  return 0;
}
