#include <stdio.h>

/* Counts the words of stdin: blanks are spaces, tabs and newlines. */
int main(void) {
  int c, words = 0, in = 0;
  while ((c = getchar()) != EOF) {
    if (c == ' ' || c == '\n')
      in = 0;
    else if (!in) {
      in = 1;
      words++;
    }
  }
  printf("%d\n", words);
  return 0;
}
