/*
 * pmatch -- copy standard input to standard output, replacing the text
 * that matches a pattern by a substitution.
 *
 * usage: pmatch [-gipnc] PATTERN [SUBST]
 *        pmatch [-gipnc] -f FILE       (pattern on line 1, substitution on line 2)
 *
 * Pattern language:
 *   c        a literal character           \c   c taken literally (\t is a tab)
 *   .        any character                 [..] a class: chars and ranges a-z,
 *   ^        start of line (first only)         [^..] negated, ']' literal first
 *   $        end of line (last only)       x*   zero or more x
 *   x+       one or more x                 x?   zero or one x
 * Substitution: & is the matched text, \& a literal '&', \t a tab.
 *
 * Options: -g replace every match of a line (else the first one only),
 * -i ignore case, -p print only the lines that changed, -n number the
 * printed lines, -c print a count of the replacements at the end.
 *
 * Exit status: 0 something was replaced, 1 nothing was, 2 usage error
 * or unreadable -f file, 3 bad pattern or substitution, 4 an output line
 * was too long and was cut.
 */
#include <stdio.h>
#include <string.h>
#include <ctype.h>
#include <stdlib.h>

#define MAXLINE 120 /* input line, with its newline */
#define MAXOUT 160  /* output line */
#define MAXTOK 24   /* pattern tokens */
#define MAXRANGE 32 /* ranges of all classes */
#define MAXSUB 32   /* substitution pieces */
#define MAXARG 100  /* pattern and substitution read by -f */

/* token kinds */
#define T_CHAR 1
#define T_ANY 2
#define T_CLASS 3
#define T_BOL 4
#define T_EOL 5

/* repetition of a token */
#define R_ONE 0
#define R_STAR 1
#define R_PLUS 2
#define R_OPT 3

/* pieces of the substitution */
#define S_CHAR 1
#define S_MATCH 2

#define EX_CHANGED 0
#define EX_NONE 1
#define EX_USAGE 2
#define EX_PATTERN 3
#define EX_LONG 4

struct token {
  int kind;
  int ch;      /* T_CHAR: the character */
  int negated; /* T_CLASS: [^...] */
  int first;   /* T_CLASS: its first range in range_lo/range_hi */
  int nranges; /* T_CLASS: how many ranges */
  int repeat;  /* R_ONE, R_STAR, R_PLUS or R_OPT */
};

struct piece {
  int kind;
  int ch;
};

static struct token pat[MAXTOK];
static int npat;
static int range_lo[MAXRANGE], range_hi[MAXRANGE];
static int nrange;
static struct piece sub[MAXSUB];
static int nsub;

static char out[MAXOUT];
static int nout;
static int cut;

static int opt_global, opt_icase, opt_print, opt_number, opt_count;

static int error_at(const char *what, int col, const char *msg)
{
  fprintf(stderr, "pmatch: bad %s at column %d: %s\n", what, col + 1, msg);
  return -1;
}

/* the character that the escape \c stands for */
static int escaped(int c)
{
  if (c == 't')
    return '\t';
  return c;
}

static int fold(int c)
{
  if (opt_icase && isupper(c))
    return tolower(c);
  return c;
}

static int same_char(int a, int b)
{
  return fold(a) == fold(b);
}

/* reads one class member (a character or an escape) at s[*i] */
static int class_char(const char *s, int *i)
{
  int c = s[*i];
  if (c == '\\' && s[*i + 1] != '\0') {
    *i += 1;
    c = escaped(s[*i]);
  }
  *i += 1;
  return c;
}

/* compiles the class whose '[' is at s[i - 1]; returns the index after
   its ']', or -1 */
static int compile_class(const char *s, int i, struct token *t)
{
  int lo, hi, start;
  t->kind = T_CLASS;
  t->first = nrange;
  t->nranges = 0;
  if (s[i] == '^') {
    t->negated = 1;
    i++;
  }
  start = i;
  while (s[i] != ']' || i == start) {
    if (s[i] == '\0')
      return error_at("pattern", i, "missing ]");
    lo = class_char(s, &i);
    hi = lo;
    if (s[i] == '-' && s[i + 1] != ']' && s[i + 1] != '\0') {
      i++;
      hi = class_char(s, &i);
      if (hi < lo)
        return error_at("pattern", i - 1, "range out of order");
    }
    if (nrange == MAXRANGE)
      return error_at("pattern", i, "too many ranges");
    range_lo[nrange] = lo;
    range_hi[nrange] = hi;
    nrange++;
    t->nranges++;
  }
  return i + 1;
}

static int repeatable(const struct token *t)
{
  return t->kind == T_CHAR || t->kind == T_ANY || t->kind == T_CLASS;
}

/* compiles s into pat[0..npat); returns 0, or -1 after a message */
static int compile_pattern(const char *s)
{
  int i = 0, c;
  struct token *t;
  npat = 0;
  nrange = 0;
  if (s[0] == '\0')
    return error_at("pattern", 0, "empty pattern");
  while (s[i] != '\0') {
    c = s[i];
    if ((c == '*' || c == '+' || c == '?') && npat > 0 && repeatable(&pat[npat - 1])) {
      if (pat[npat - 1].repeat != R_ONE)
        return error_at("pattern", i, "repetition of a repetition");
      pat[npat - 1].repeat = c == '*' ? R_STAR : c == '+' ? R_PLUS : R_OPT;
      i++;
      continue;
    }
    if (npat == MAXTOK)
      return error_at("pattern", i, "pattern too long");
    t = &pat[npat];
    t->ch = 0;
    t->negated = 0;
    t->first = 0;
    t->nranges = 0;
    t->repeat = R_ONE;
    if (c == '^' && i == 0) {
      t->kind = T_BOL;
      i++;
    } else if (c == '$' && s[i + 1] == '\0') {
      t->kind = T_EOL;
      i++;
    } else if (c == '.') {
      t->kind = T_ANY;
      i++;
    } else if (c == '[') {
      i = compile_class(s, i + 1, t);
      if (i < 0)
        return -1;
    } else if (c == '\\') {
      if (s[i + 1] == '\0')
        return error_at("pattern", i, "\\ at the end");
      t->kind = T_CHAR;
      t->ch = escaped(s[i + 1]);
      i += 2;
    } else {
      t->kind = T_CHAR;
      t->ch = c;
      i++;
    }
    npat++;
  }
  return 0;
}

/* compiles the substitution s into sub[0..nsub) */
static int compile_subst(const char *s)
{
  int i;
  nsub = 0;
  for (i = 0; s[i] != '\0'; i++) {
    if (nsub == MAXSUB)
      return error_at("substitution", i, "substitution too long");
    sub[nsub].kind = S_CHAR;
    sub[nsub].ch = s[i];
    if (s[i] == '&') {
      sub[nsub].kind = S_MATCH;
    } else if (s[i] == '\\') {
      if (s[i + 1] == '\0')
        return error_at("substitution", i, "\\ at the end");
      i++;
      sub[nsub].ch = escaped(s[i]);
    }
    nsub++;
  }
  return 0;
}

static int in_class(const struct token *t, int c)
{
  int k, lc;
  for (k = t->first; k < t->first + t->nranges; k++) {
    if (c >= range_lo[k] && c <= range_hi[k])
      return 1;
    if (opt_icase && isalpha(c)) {
      lc = islower(c) ? toupper(c) : tolower(c);
      if (lc >= range_lo[k] && lc <= range_hi[k])
        return 1;
    }
  }
  return 0;
}

/* does the single token t match the character c of a line? */
static int match_one(const struct token *t, int c)
{
  if (c == '\0')
    return 0;
  if (t->kind == T_ANY)
    return 1;
  if (t->kind == T_CHAR)
    return same_char(t->ch, c);
  if (t->kind == T_CLASS)
    return in_class(t, c) != t->negated;
  return 0;
}

/* matches pat[ti..npat) at line[pos]; returns where the match ends, or -1 */
static int match_here(int ti, const char *line, int pos, int len)
{
  const struct token *t;
  int n, least, most, end;
  if (ti == npat)
    return pos;
  t = &pat[ti];
  if (t->kind == T_BOL)
    return pos == 0 ? match_here(ti + 1, line, pos, len) : -1;
  if (t->kind == T_EOL)
    return pos >= len - 1 ? match_here(ti + 1, line, pos, len) : -1;
  if (t->repeat == R_ONE) {
    if (pos < len && match_one(t, line[pos]))
      return match_here(ti + 1, line, pos + 1, len);
    return -1;
  }
  least = 0;
  if (t->repeat == R_PLUS)
    least = 1;
  most = 0;
  while (pos + most < len && match_one(t, line[pos + most])) {
    most++;
    if (t->repeat == R_OPT)
      break;
  }
  /* longest first, then give characters back */
  for (n = most; n >= least; n--) {
    end = match_here(ti + 1, line, pos + n, len);
    if (end >= 0)
      return end;
  }
  return -1;
}

static void put(int c)
{
  if (nout < MAXOUT - 1)
    out[nout++] = c;
  else
    cut = 1;
}

/* writes the substitution for the match line[from..to) */
static void put_subst(const char *line, int from, int to)
{
  int k, j;
  for (k = 0; k < nsub; k++) {
    if (sub[k].kind == S_MATCH) {
      for (j = from; j < to; j++)
        put(line[j]);
    } else {
      put(sub[k].ch);
    }
  }
}

/* builds in out[] the line[0..len) with its matches replaced; returns
   how many were replaced */
static int replace_line(const char *line, int len)
{
  int pos = 0, end, count = 0, last = -1;
  nout = 0;
  cut = 0;
  while (pos <= len) {
    end = match_here(0, line, pos, len);
    /* an empty match right after a match is not another match */
    if (end >= 0 && !(end == pos && pos == last)) {
      put_subst(line, pos, end);
      count++;
      last = end;
      if (!opt_global) {
        pos = end;
        break;
      }
      if (end > pos) {
        pos = end;
        continue;
      }
    }
    if (pos < len)
      put(line[pos]);
    pos++;
  }
  while (pos < len)
    put(line[pos++]);
  out[nout] = '\0';
  return count;
}

static void chop(char *s)
{
  int n = strlen(s);
  if (n > 0 && s[n - 1] == '\n')
    s[n - 1] = '\0';
}

/* reads the pattern and the substitution from the first two lines of a file */
static int read_script(const char *name, char *pattern, char *subst)
{
  FILE *fp = fopen(name, "r");
  if (fp == NULL) {
    fprintf(stderr, "pmatch: cannot open %s\n", name);
    return -1;
  }
  if (fgets(pattern, MAXARG, fp) == NULL)
    pattern[0] = '\0';
  else if (fgets(subst, MAXARG, fp) == NULL)
    subst[0] = '\0';
  fclose(fp);
  chop(pattern);
  chop(subst);
  return 0;
}

static int usage(void)
{
  fprintf(stderr, "usage: pmatch [-gipnc] PATTERN [SUBST]\n"
                  "       pmatch [-gipnc] -f FILE\n");
  return EX_USAGE;
}

int main(int argc, char **argv)
{
  static char script_pat[MAXARG], script_sub[MAXARG];
  static char line[MAXLINE];
  const char *pattern, *subst, *script = NULL, *o;
  int i, len, n, newline, lineno = 0, total = 0, changed = 0, status;
  int was_cut = 0;

  for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
    if (strcmp(argv[i], "--") == 0) {
      i++;
      break;
    }
    for (o = argv[i] + 1; *o != '\0'; o++) {
      if (*o == 'g')
        opt_global = 1;
      else if (*o == 'i')
        opt_icase = 1;
      else if (*o == 'p')
        opt_print = 1;
      else if (*o == 'n')
        opt_number = 1;
      else if (*o == 'c')
        opt_count = 1;
      else if (*o == 'f' && o[1] == '\0' && i + 1 < argc)
        script = argv[++i];
      else
        return usage();
    }
  }
  if (script != NULL) {
    if (i != argc)
      return usage();
    script_sub[0] = '\0';
    if (read_script(script, script_pat, script_sub) < 0)
      return EX_USAGE;
    pattern = script_pat;
    subst = script_sub;
  } else {
    if (i == argc || argc - i > 2)
      return usage();
    pattern = argv[i];
    subst = i + 1 < argc ? argv[i + 1] : "";
  }
  if (compile_pattern(pattern) < 0 || compile_subst(subst) < 0)
    return EX_PATTERN;

  while (fgets(line, MAXLINE, stdin) != NULL) {
    lineno++;
    len = strlen(line);
    newline = len > 0 && line[len - 1] == '\n';
    if (newline)
      line[--len] = '\0';
    n = replace_line(line, len);
    if (cut) {
      fprintf(stderr, "pmatch: line %d: output cut at %d characters\n", lineno, MAXOUT - 1);
      was_cut = 1;
    }
    total += n;
    if (n > 0)
      changed++;
    if (opt_print && n == 0)
      continue;
    if (opt_number)
      printf("%d:", lineno);
    fputs(out, stdout);
    if (newline)
      putchar('\n');
  }
  if (opt_count)
    printf("%d replacement%s in %d of %d lines\n", total, total == 1 ? "" : "s", changed, lineno);
  if (was_cut)
    status = EX_LONG;
  else
    status = total > 0 ? EX_CHANGED : EX_NONE;
  return status;
}
