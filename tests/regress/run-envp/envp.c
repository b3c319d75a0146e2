#include <stdio.h>
int main(int argc, char **argv, char **envp) {
  int n = 0;
  while (envp[n]) n++;
  printf("%d %d\n", argc, n);
  return 0;
}
