/*
 * numstat - summary statistics of a list of numbers, in the style of the
 * classic Unix statistics utilities: shared exits through goto.
 *
 * usage: numstat [-q] [-b BINS] [-t PCT] [-p PCT] [-s] NUMBER...
 *        numstat [options] -          (numbers read from standard input)
 *
 * Numbers are decimals with at most two fraction digits ("12", "-3.5",
 * "0.25"); they are kept as hundredths in ints. Output values are printed
 * in hundredths as D.DD. Exit status: 0 ok, 1 usage, 2 bad number,
 * 3 no numbers, 4 too many numbers.
 */
#include <stdio.h>
#include <stdlib.h>

#define MAXN 64
#define MAXBINS 10
#define LIMIT 1000000 /* |value| in hundredths */

int Quiet = 0;
int Bins = 0;
int Trim = 0;
int Pct = 50;
int Show_sorted = 0;

int Vals[MAXN];
int Sorted[MAXN];
int Count = 0;

/* Prints a hundredths value as D.DD */
void put_fixed(v)
int v;
{
  int neg = 0;
  if (v < 0) {
    neg = 1;
    v = -v;
  }
  printf("%s%d.%02d", neg ? "-" : "", v / 100, v % 100);
}

/* Parses "[-]D[.D[D]]" into hundredths; 1 on success, 0 on a bad number */
int parse_num(s, out)
char *s;
int *out;
{
  int i = 0, neg = 0, whole = 0, frac = 0, digits = 0, fdigits = 0;
  if (s[i] == '-') {
    neg = 1;
    i++;
  } else if (s[i] == '+') {
    i++;
  }
  while (s[i] >= '0' && s[i] <= '9') {
    whole = whole * 10 + (s[i] - '0');
    digits++;
    if (whole > LIMIT / 100) goto bad;
    i++;
  }
  if (s[i] == '.') {
    i++;
    while (s[i] >= '0' && s[i] <= '9') {
      if (fdigits == 2) goto bad;
      frac = frac * 10 + (s[i] - '0');
      fdigits++;
      i++;
    }
    if (fdigits == 1) frac = frac * 10;
  }
  if (digits == 0 && fdigits == 0) goto bad;
  if (s[i] != '\0') goto bad;
  *out = whole * 100 + frac;
  if (neg) *out = -*out;
  return 1;
bad:
  return 0;
}

/* Rounded quotient a / b for b > 0 (halves away from zero) */
int div_round(a, b)
long a;
long b;
{
  if (a >= 0) return (int)((a + b / 2) / b);
  return (int)(-((-a + b / 2) / b));
}

void sort_values(n)
int n;
{
  int i, j, v;
  for (i = 0; i < n; i++) Sorted[i] = Vals[i];
  for (i = 1; i < n; i++) {
    v = Sorted[i];
    j = i - 1;
    while (j >= 0 && Sorted[j] > v) {
      Sorted[j + 1] = Sorted[j];
      j--;
    }
    Sorted[j + 1] = v;
  }
}

long total(n)
int n;
{
  long sum = 0;
  int i;
  for (i = 0; i < n; i++) sum += Vals[i];
  return sum;
}

/* Sample variance in hundredths squared / 100 (i.e. in hundredths of units^2) */
int variance(n, mean)
int n;
int mean;
{
  long acc = 0;
  int i, d;
  if (n < 2) return 0;
  for (i = 0; i < n; i++) {
    d = Vals[i] - mean;
    acc += (long)d * d;
  }
  return div_round(acc, (long)(n - 1) * 100);
}

/* Integer square root of a hundredths value, in hundredths */
int sqrt_fixed(v)
int v;
{
  long x = (long)v * 100, r = 0, bit = 1L << 40;
  if (v <= 0) return 0;
  while (bit > x) bit >>= 2;
  while (bit != 0) {
    if (x >= r + bit) {
      x -= r + bit;
      r = (r >> 1) + bit;
    } else {
      r >>= 1;
    }
    bit >>= 2;
  }
  return (int)r;
}

int median(n)
int n;
{
  if (n % 2 == 1) return Sorted[n / 2];
  return div_round((long)Sorted[n / 2 - 1] + Sorted[n / 2], 2);
}

/* Nearest-rank percentile: the smallest value with at least pct% of the values at or below */
int percentile(n, pct)
int n;
int pct;
{
  int rank = (pct * n) / 100;
  if (rank < 1) rank = 1;
  if (rank > n) rank = n;
  return Sorted[rank - 1];
}

/* Mean of the values left after dropping trim% of them at each end */
int trimmed_mean(n, trim)
int n;
int trim;
{
  int cut = trim * n / 100, i, kept;
  long sum = 0;
  if (2 * cut >= n) cut = (n - 1) / 2;
  kept = n - 2 * cut;
  for (i = cut; i < n - cut; i++) sum += Sorted[i];
  return div_round(sum, kept);
}

/* The most frequent value (the smallest of equally frequent ones) and its count */
int mode(n, count)
int n;
int *count;
{
  int i = 0, j, best = Sorted[0], bestrun = 0, run;
  while (i < n) {
    run = 1;
    for (j = i + 1; j < n; j++) {
      if (Sorted[j] != Sorted[i]) goto next;
      run++;
    }
  next:
    if (run > bestrun) {
      bestrun = run;
      best = Sorted[i];
    }
    i += run;
  }
  *count = bestrun;
  return best;
}

/* Longest strictly increasing run in input order */
int longest_run(n)
int n;
{
  int i, len = 1, best = 1;
  for (i = 1; i < n; i++) {
    if (Vals[i] > Vals[i - 1]) {
      len++;
      if (len > best) best = len;
    } else {
      len = 1;
    }
  }
  return best;
}

/* Histogram of `bins` equal bins between min and max; fewer bins while a bin would be
   narrower than 0.10, one line when all values are equal */
void histogram(n, bins)
int n;
int bins;
{
  int counts[MAXBINS];
  int lo = Sorted[0], hi = Sorted[n - 1], width, i, b;
  if (hi == lo) goto flat;
retry:
  if (bins > 1 && hi - lo < bins * 10) {
    bins--;
    goto retry;
  }
  width = (hi - lo) / bins + 1;
  for (b = 0; b < bins; b++) counts[b] = 0;
  for (i = 0; i < n; i++) {
    b = (Vals[i] - lo) / width;
    if (b >= bins) b = bins - 1;
    counts[b]++;
  }
  for (b = 0; b < bins; b++) {
    printf("bin ");
    put_fixed(lo + b * width);
    printf(" %d\n", counts[b]);
  }
  return;
flat:
  printf("bin ");
  put_fixed(lo);
  printf(" %d\n", n);
}

int read_stdin()
{
  int c, len = 0;
  char word[32];
  for (;;) {
    c = getchar();
    if (c == EOF || c == ' ' || c == '\n' || c == '\t' || c == ',') {
      if (len > 0) {
        word[len] = '\0';
        if (Count == MAXN) return 4;
        if (!parse_num(word, &Vals[Count])) return 2;
        Count++;
        len = 0;
      }
      if (c == EOF) break;
      continue;
    }
    if (len == 31) return 2;
    word[len++] = (char)c;
  }
  return 0;
}

main(argc, argv)
int argc;
char **argv;
{
  int i, status = 0, from_stdin = 0, mean, var, sd, cnt, m;
  long sum;
  char *arg;

  for (i = 1; i < argc; i++) {
    arg = argv[i];
    if (arg[0] == '-' && arg[1] == 'q' && arg[2] == '\0') {
      Quiet = 1;
    } else if (arg[0] == '-' && arg[1] == 's' && arg[2] == '\0') {
      Show_sorted = 1;
    } else if (arg[0] == '-' && (arg[1] == 'b' || arg[1] == 't' || arg[1] == 'p') &&
               arg[2] == '\0') {
      if (i + 1 >= argc) goto usage;
      m = atoi(argv[++i]);
      if (arg[1] == 'b') {
        if (m < 1 || m > MAXBINS) goto usage;
        Bins = m;
      } else if (arg[1] == 't') {
        if (m < 0 || m > 49) goto usage;
        Trim = m;
      } else {
        if (m < 1 || m > 100) goto usage;
        Pct = m;
      }
    } else if (arg[0] == '-' && arg[1] == '\0') {
      from_stdin = 1;
    } else {
      if (Count == MAXN) goto toomany;
      if (!parse_num(arg, &Vals[Count])) goto badnum;
      Count++;
    }
  }
  if (from_stdin) {
    status = read_stdin();
    if (status == 2) goto badnum;
    if (status == 4) goto toomany;
  }
  if (Count == 0) goto empty;

  sort_values(Count);
  sum = total(Count);
  mean = div_round(sum, Count);
  printf("n %d\n", Count);
  printf("sum ");
  put_fixed((int)sum);
  printf("\nmean ");
  put_fixed(mean);
  printf("\nmin ");
  put_fixed(Sorted[0]);
  printf("\nmax ");
  put_fixed(Sorted[Count - 1]);
  printf("\nmedian ");
  put_fixed(median(Count));
  printf("\n");
  if (Quiet) goto done;

  var = variance(Count, mean);
  sd = sqrt_fixed(var);
  printf("var ");
  put_fixed(var);
  printf("\nsd ");
  put_fixed(sd);
  printf("\np%d ", Pct);
  put_fixed(percentile(Count, Pct));
  if (Trim > 0) {
    printf("\ntrim%d ", Trim);
    put_fixed(trimmed_mean(Count, Trim));
  }
  m = mode(Count, &cnt);
  printf("\nmode ");
  put_fixed(m);
  printf(" x%d\nrun %d\n", cnt, longest_run(Count));
  if (Bins > 0) histogram(Count, Bins);
  if (Show_sorted) {
    printf("sorted");
    for (i = 0; i < Count; i++) {
      printf(" ");
      put_fixed(Sorted[i]);
    }
    printf("\n");
  }
done:
  return 0;

usage:
  printf("usage: numstat [-q] [-b BINS] [-t PCT] [-p PCT] [-s] NUMBER... | -\n");
  return 1;
badnum:
  printf("bad number\n");
  return 2;
empty:
  printf("no numbers\n");
  return 3;
toomany:
  printf("too many numbers (max %d)\n", MAXN);
  return 4;
}
