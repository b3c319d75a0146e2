#include <stdio.h>
#include <stdlib.h>
int main(void) {
  char s[8];
  int i;
  if (!fgets(s, sizeof s, stdin)) return 1;
  for (i = 0; s[i] != '\0'; i++)
    if (s[i] == 'o')
      s[i] = '1';
  printf("%d\n", atoi(s) + 1);
  return 0;
}
