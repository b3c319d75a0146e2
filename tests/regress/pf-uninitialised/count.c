#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
  int n = atoi(argv[1]);
  int count;
  for (int i = 0; i < n; i++)
    count = i + 1;
  if (count > 2)
    puts("many");
  else
    puts("few");
  return 0;
}
