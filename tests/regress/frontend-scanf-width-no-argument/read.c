#include <stdio.h>

int main(void) {
  char word[8];
  if (scanf("%5s") != 1) return 3;
  scanf("%7s", word);
  puts(word);
  return 0;
}
