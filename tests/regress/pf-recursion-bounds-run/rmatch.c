#include <stdio.h>
#include <string.h>

static char pat[16];
static int npat;

/* end of a match of pat[ti..] at s[pos], each pattern char repeated (like x*), or -1 */
static int here(int ti, const char *s, int pos, int len)
{
  int n, most = 0, end;
  if (ti == npat)
    return pos;
  while (pos + most < len && s[pos + most] == pat[ti])
    most++;
  for (n = most; n >= 1; n--) { /* fault: should be n >= 0 */
    end = here(ti + 1, s, pos + n, len);
    if (end >= 0)
      return end;
  }
  return -1;
}

int main(int argc, char **argv)
{
  int pos, len, end;
  if (argc != 3)
    return 2;
  strncpy(pat, argv[1], 15);
  npat = strlen(pat);
  len = strlen(argv[2]);
  for (pos = 0; pos <= len; pos++) {
    end = here(0, argv[2], pos, len);
    if (end >= 0) {
      printf("%d %d\n", pos, end);
      return 0;
    }
  }
  printf("none\n");
  return 1;
}
