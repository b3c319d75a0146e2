#include <assert.h>

/* With x <= 5 the if is not taken; taken anyway, its loop never ends (x does not change). */
void spin(int x) {
  int y = 0;
  if (x > 5) {
    while (x <= 5)
      y++;
  }
  assert(y == 1);
}

void harness(int x) { spin(x); }
