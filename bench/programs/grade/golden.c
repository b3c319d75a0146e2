#include <stdio.h>
#include <stdlib.h>

/* Grade points from an exam score (0..100) and the attendance (0..100 percent). */
int grade(int score, int attendance) {
  int g;
  if (score >= 90)
    g = 4;
  else if (score >= 80)
    g = 3;
  else if (score >= 70)
    g = 2;
  else if (score >= 60)
    g = 1;
  else
    g = 0;
  if (attendance < 50)
    g = 0;
  else if (attendance >= 95 && g < 4 && score % 10 >= 8)
    g = g + 1;
  return g;
}

int main(int argc, char *argv[]) {
  int score, attendance;
  if (argc != 3) {
    printf("usage: grade score attendance\n");
    return 2;
  }
  score = atoi(argv[1]);
  attendance = atoi(argv[2]);
  if (score < 0 || score > 100 || attendance < 0 || attendance > 100) {
    printf("invalid\n");
    return 1;
  }
  printf("%d\n", grade(score, attendance));
  return 0;
}
