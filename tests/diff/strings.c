/* String handling through pointers: string.h and ctype.h functions, pointer walks, string
   literals as values, NULL. Usage: strings WORD WORD [N] */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kinds[] = {"empty", "word", "number", "mixed"};

static const char *classify(const char *s) {
  const char *p = s;
  int digits = 0, letters = 0;
  if (*p == '\0') return kinds[0];
  for (; *p; p++) {
    if (isdigit(*p)) digits++;
    else if (isalpha(*p)) letters++;
  }
  if (digits == p - s) return kinds[2];
  return letters == p - s ? kinds[1] : kinds[3];
}

static char *reverse(char *s) {
  char *a = s, *b = s + strlen(s);
  while (a < b) {
    char t = *a;
    *a++ = *--b;
    *b = t;
  }
  return s;
}

static int count(const char *s, char c) {
  int n = 0;
  const char *hit = strchr(s, c);
  while (hit != NULL) {
    n++;
    hit = strchr(hit + 1, c);
  }
  return n;
}

int main(int argc, char **argv) {
  char buf[80], up[80];
  int i, n = argc > 3 ? atoi(argv[3]) : 3;
  if (argc < 3) {
    puts("usage: strings WORD WORD [N]");
    return 2;
  }
  if (strlen(argv[1]) + strlen(argv[2]) + 2 > sizeof buf) return 3;
  strcpy(buf, argv[1]);
  strcat(buf, "+");
  strncat(buf, argv[2], n < 0 ? 0 : (size_t)n);
  for (i = 0; buf[i]; i++) up[i] = (char)toupper(buf[i]);
  up[i] = '\0';
  printf("%s %s %zu\n", buf, up, strlen(buf));
  printf("%s/%s cmp=%d ncmp=%d\n", classify(argv[1]), classify(argv[2]),
         strcmp(argv[1], argv[2]) < 0 ? -1 : strcmp(argv[1], argv[2]) > 0,
         strncmp(argv[1], argv[2], 2) == 0);
  printf("%s\n", reverse(buf));
  printf("a:%d e:%d last-e:%s\n", count(argv[1], 'a'), count(argv[2], 'e'),
         strrchr(argv[2], 'e') ? strrchr(argv[2], 'e') : "(none)");
  printf("%s\n", strstr(argv[1], "an") ? "has an" : "no an");
  for (i = 0; i < (int)sizeof up; i++) up[i] = 0;
  strncpy(up, argv[1], 4);
  printf("[%s] %d %d\n", up, islower(up[0]) != 0, isspace(argv[2][0]) != 0);
  for (i = 0; argv[2][i]; i++)
    if (ispunct(argv[2][i]) || isupper(argv[2][i])) putchar(tolower(argv[2][i]));
  putchar('\n');
  return strcmp(argv[1], argv[2]) == 0;
}
