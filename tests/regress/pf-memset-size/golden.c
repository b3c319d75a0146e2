#include <stdio.h>
#include <string.h>

/* Counts the digits 0-3 on each of two lines. */
int main(void) {
  int cnt[4] = {0, 0, 0, 0};
  int c = 0;
  for (int round = 0; round < 2; round++) {
    memset(cnt, 0, sizeof cnt);
    while ((c = getchar()) != EOF && c != '\n')
      if (c >= '0' && c <= '3')
        cnt[c - '0']++;
    printf("%d %d %d %d\n", cnt[0], cnt[1], cnt[2], cnt[3]);
  }
  return 0;
}
