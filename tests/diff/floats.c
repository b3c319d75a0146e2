/* Floating point: float and double arithmetic, conversions both ways, comparisons with NaN
   and signed zeros, printf's floating conversions, scanf of doubles, atof, math.h.
   Usage: floats X Y (numbers), then numbers on stdin. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double mean(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += v[i];
  return n ? s / n : 0.0;
}

static double stddev(const double *v, int n) {
  double m = mean(v, n), acc = 0.0;
  for (int i = 0; i < n; ++i) acc += (v[i] - m) * (v[i] - m);
  return n > 1 ? sqrt(acc / (n - 1)) : 0.0;
}

struct sample {
  float weight;
  double value;
};

static double newton_sqrt(double x) {
  double g = x > 1 ? x / 2 : 1.0;
  for (int i = 0; i < 30 && g != 0; i++) g = 0.5 * (g + x / g);
  return g;
}

int main(int argc, char **argv) {
  double x = argc > 1 ? atof(argv[1]) : 1.5;
  double y = argc > 2 ? strtod(argv[2], NULL) : -2.25;
  float f = (float)x / 3;
  printf("x=%g y=%g f=%.9g\n", x, y, f);
  printf("%f %e %.3f %10.4f|%-10.2e|%+g %G\n", x + y, x * y, x - y, y / 3, x / 7, y, x * 1e10);
  printf("div %.17g %.17g\n", x / y, 1.0 / 3);
  printf("float ops %.9g %.9g %.9g\n", f * f, f + 0.1f, (double)(f / 7.0f));
  int i = (int)x, j = (int)y;
  long l = (long)(x * 1000.5);
  unsigned u = (unsigned)(x < 0 ? -x : x);
  printf("trunc %d %d %ld %u\n", i, j, l, u);
  printf("cmp %d %d %d %d %d\n", x < y, x > y, x == y, x <= y, x != y);
  double z = 0.0, nz = -0.0;
  printf("zeros %d %d %g %g\n", z == nz, 1 / z > 0, nz, -z);
  double nan = z / z, inf = 1.0 / z;
  printf("nan %d %d %d %d %g %g\n", nan == nan, nan != nan, nan < 1, !(nan >= 1), inf, -inf);
  printf("class %d %d %d %d\n", isnan(nan) != 0, isinf(-inf), isfinite(x) != 0, isinf(x));
  if (nz) puts("-0.0 is true");
  else puts("-0.0 is false");
  if (nan) puts("nan is true");
  double acc = 0;
  for (int k = 0; k < 10; k++) acc += 0.1;
  printf("acc %.17g %d\n", acc, acc == 1.0);
  printf("math %.6f %.6f %.6f %.6f %.6f %.6f\n", sqrt(fabs(y)), floor(y), ceil(y), round(2.5),
         trunc(-2.7), round(-2.5));
  printf("math2 %.6f %.6f %.6f %.6f %.6f\n", pow(x, 3), fmod(7.5, 2), exp(1), log(10), sin(x));
  printf("minmax %g %g %g %g\n", fmin(x, y), fmax(x, y), fmin(nan, 1), fmax(2, nan));
  printf("sqrtf %.9g newton %.12f\n", sqrtf(2.0f), newton_sqrt(x < 0 ? -x : x));
  struct sample s[3] = {{0.5f, 1.25}, {1.5f, -3.5}, {2.0f, x}};
  double wsum = 0;
  for (int k = 0; k < 3; k++) wsum += s[k].weight * s[k].value;
  printf("weighted %.4f\n", wsum);
  float fa[4] = {1.0f, 2.5f};
  fa[3] = fa[0] + fa[1];
  fa[2] += 0.25f;
  fa[2]++;
  printf("fa %g %g %g %g\n", fa[0], fa[1], fa[2], fa[3]);
  int n = 0;
  double v[16];
  while (n < 16 && scanf("%lf", &v[n]) == 1) n++;
  float g;
  if (scanf("%f", &g) == 1) printf("float read %.9g\n", g);
  printf("n=%d mean=%.6f sd=%.6f\n", n, mean(v, n), stddev(v, n));
  int big = 0;
  for (int k = 0; k < n; k++)
    if (v[k] > 100.0) big++;
  double m = n ? v[0] : 0;
  for (int k = 1; k < n; k++) m = v[k] > m ? v[k] : m;
  printf("big=%d max=%.3f\n", big, m);
  x *= 2;
  x -= 0.5;
  x /= 4;
  int ci = 7;
  ci *= 1.5;
  ci += 0.9;
  printf("compound %g %d\n", x, ci);
  return (int)(m * 10) % 7;
}
