#include <stdio.h>
#include <stdlib.h>

/* Converts Celsius readings to Fahrenheit and says which are hot. */
int main(int argc, char **argv) {
  int hot = 0;
  for (int i = 1; i < argc; i++) {
    double c = atof(argv[i]);
    double f = c * 1.8 - 32;
    if (f > 86.0) hot++;
    printf("%.1f\n", f);
  }
  printf("%d hot\n", hot);
  return 0;
}
