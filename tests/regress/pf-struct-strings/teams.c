#include <stdio.h>
struct team {
  char name[8];
  int solved;
};
int main(void) {
  struct team t[3];
  int n = 0, i;
  while (n < 3 && scanf("%7s %d", t[n].name, &t[n].solved) == 2) n++;
  for (i = 1; i < n; i++)
    if (t[i].solved != t[i - 1].solved) printf("%s\n", t[i].name);
  return 1;
}
