/* Masks every 'e' of each line with '*' and counts the masks. */
#include <stdio.h>

int main(void) {
  char line[16];
  int i, masked = 0;
  while (fgets(line, sizeof line, stdin) != NULL) {
    for (i = 0; line[i] != '\0'; i++)
      if (line[i] == 'a') {
        line[i] = '*';
        masked++;
      }
    fputs(line, stdout);
  }
  printf("%d masked\n", masked);
  return 0;
}
