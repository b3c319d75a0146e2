#include <stdio.h>

union val {
  float ratio;
  struct {
    int n;
    float f;
  } num;
  int tag;
};

/* Writes an int into a union and reads it back as a float: type punning. */
int main(int argc, char **argv) {
  union val v;
  v.num.n = argc;
  printf("%d %f\n", v.tag, v.ratio);
  return 0;
}
