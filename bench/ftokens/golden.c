/* ftokens: a tokenizer over a C stream (FILE *), in the classic style.
 *
 * usage: ftokens [-c] [-q] [FILE]
 *   Reads FILE (or stdin without it) through a FILE * with getc/ungetc and prints one line
 *   per token: its kind and its text.  A first line starting with '#' is a header, read
 *   with fgets and echoed.  -c prints only the counts, -q only the summary line.
 *   Token kinds: keyword, identifier, number, real, string, char, operator, special,
 *   comment (from ';' to the end of the line), error.
 *   Exit status: 0, or 1 + the number of errors (at most 9); 2 when FILE cannot be opened,
 *   3 on a bad option.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAXTOK 64
#define NKINDS 10
#define LINE 80

#define KEYWORD 0
#define IDENT 1
#define NUMBER 2
#define REAL 3
#define STRING 4
#define CHARLIT 5
#define OPERATOR 6
#define SPECIAL 7
#define COMMENT 8
#define ERROR 9

static const char *kind_names[NKINDS] = {"keyword", "identifier", "number", "real", "string",
                                         "char", "operator", "special", "comment", "error"};

static const char *keywords[] = {"if", "else", "while", "for", "return", "int", "char", "do"};
#define NKEYWORDS 8

static int counts[NKINDS];
static int line_no = 1;
static int quiet = 0;
static int counts_only = 0;
static int longest = 0;

typedef struct token {
  int kind;
  int line;
  int len;
  char text[MAXTOK];
} token;

static int next_char(FILE *fp) {
  int c = getc(fp);
  if (c == '\n')
    line_no++;
  return c;
}

static void unread_char(int c, FILE *fp) {
  if (c == EOF)
    return;
  if (c == '\n')
    line_no--;
  ungetc(c, fp);
}

static void add_char(token *t, int c) {
  if (t->len < MAXTOK - 1) {
    t->text[t->len] = (char)c;
    t->len++;
  }
  t->text[t->len] = '\0';
}

static int is_keyword(const char *s) {
  int i;
  for (i = 0; i < NKEYWORDS; i++)
    if (strcmp(s, keywords[i]) == 0)
      return 1;
  return 0;
}

static int is_special(int c) {
  return c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == ',' ||
         c == ':';
}

static int is_operator_start(int c) {
  return c == '+' || c == '-' || c == '*' || c == '/' || c == '=' || c == '<' || c == '>' ||
         c == '!' || c == '&' || c == '|' || c == '%';
}

/* The second character that makes a two-character operator with c, or 0. */
static int pairs_with(int c, int d) {
  switch (c) {
  case '=':
  case '<':
  case '>':
  case '!':
    return d == '=';
  case '&':
    return d == '&';
  case '|':
    return d == '|';
  case '+':
    return d == '+' || d == '=';
  case '-':
    return d == '-' || d == '=' || d == '>';
  default:
    return 0;
  }
}

static void skip_blanks(FILE *fp) {
  int c = next_char(fp);
  while (c == ' ' || c == '\t' || c == '\n' || c == '\r')
    c = next_char(fp);
  unread_char(c, fp);
}

static void read_word(FILE *fp, token *t, int c) {
  while (isalnum(c) || c == '_') {
    add_char(t, c);
    c = next_char(fp);
  }
  unread_char(c, fp);
  t->kind = is_keyword(t->text) ? KEYWORD : IDENT;
}

static void read_number(FILE *fp, token *t, int c) {
  t->kind = NUMBER;
  while (isdigit(c)) {
    add_char(t, c);
    c = next_char(fp);
  }
  if (c == '.') {
    int d = next_char(fp);
    if (isdigit(d)) {
      t->kind = REAL;
      add_char(t, c);
      while (isdigit(d)) {
        add_char(t, d);
        d = next_char(fp);
      }
    } else {
      /* "12." is a real without a fraction */
      t->kind = REAL;
      add_char(t, c);
    }
    c = d;
  }
  if (isalpha(c) || c == '_') {
    /* a number running into letters: one error token */
    t->kind = ERROR;
    while (isalnum(c) || c == '_') {
      add_char(t, c);
      c = next_char(fp);
    }
  }
  unread_char(c, fp);
}

static void read_string(FILE *fp, token *t) {
  int c;
  add_char(t, '"');
  c = next_char(fp);
  while (c != '"') {
    if (c == EOF || c == '\n') {
      t->kind = ERROR;
      unread_char(c, fp);
      return;
    }
    if (c == '\\') {
      add_char(t, c);
      c = next_char(fp);
      if (c == EOF) {
        t->kind = ERROR;
        return;
      }
    }
    add_char(t, c);
    c = next_char(fp);
  }
  add_char(t, '"');
  t->kind = STRING;
}

static void read_char_lit(FILE *fp, token *t) {
  int c = next_char(fp);
  add_char(t, '\'');
  if (c == EOF || c == '\n' || c == '\'') {
    t->kind = ERROR;
    unread_char(c, fp);
    return;
  }
  if (c == '\\') {
    add_char(t, c);
    c = next_char(fp);
  }
  add_char(t, c);
  c = next_char(fp);
  if (c != '\'') {
    t->kind = ERROR;
    unread_char(c, fp);
    return;
  }
  add_char(t, c);
  t->kind = CHARLIT;
}

static void read_comment(FILE *fp, token *t) {
  int c = next_char(fp);
  add_char(t, ';');
  while (c != '\n' && c != EOF) {
    add_char(t, c);
    c = next_char(fp);
  }
  unread_char(c, fp);
  t->kind = COMMENT;
}

static void read_operator(FILE *fp, token *t, int c) {
  int d = next_char(fp);
  add_char(t, c);
  if (pairs_with(c, d))
    add_char(t, d);
  else
    unread_char(d, fp);
  t->kind = OPERATOR;
}

/* Reads the next token; returns 0 at the end of the input. */
static int get_token(FILE *fp, token *t) {
  int c;
  t->len = 0;
  t->text[0] = '\0';
  skip_blanks(fp);
  t->line = line_no;
  c = next_char(fp);
  if (c == EOF)
    return 0;
  if (isalpha(c) || c == '_')
    read_word(fp, t, c);
  else if (isdigit(c))
    read_number(fp, t, c);
  else if (c == '"')
    read_string(fp, t);
  else if (c == '\'')
    read_char_lit(fp, t);
  else if (c == ';')
    read_comment(fp, t);
  else if (is_special(c)) {
    add_char(t, c);
    t->kind = SPECIAL;
  } else if (is_operator_start(c))
    read_operator(fp, t, c);
  else {
    add_char(t, c);
    t->kind = ERROR;
  }
  return 1;
}

static void print_token(const token *t) {
  if (quiet || counts_only)
    return;
  printf("%d: %s %s\n", t->line, kind_names[t->kind], t->text);
}

static void read_header(FILE *fp) {
  char line[LINE];
  int c = getc(fp);
  if (c != '#') {
    if (c != EOF)
      ungetc(c, fp);
    return;
  }
  if (fgets(line, LINE, fp) == NULL) {
    printf("header: (empty)\n");
    return;
  }
  if (strchr(line, '\n') != NULL)
    line_no++;
  else {
    /* a header longer than the buffer: skip the rest of it */
    c = getc(fp);
    while (c != '\n' && c != EOF)
      c = getc(fp);
    if (c == '\n')
      line_no++;
  }
  if (!quiet)
    printf("header: %s%s", line, strchr(line, '\n') ? "" : "\n");
}

static void print_counts(void) {
  int k;
  for (k = 0; k < NKINDS; k++)
    if (counts[k] > 0)
      printf("%-10s %d\n", kind_names[k], counts[k]);
}

int main(int argc, char *argv[]) {
  FILE *fp = stdin;
  token t;
  int i, total = 0, errors;
  const char *name = NULL;

  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-c") == 0)
      counts_only = 1;
    else if (strcmp(argv[i], "-q") == 0)
      quiet = 1;
    else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "ftokens: bad option %s\n", argv[i]);
      return 3;
    } else
      name = argv[i];
  }
  if (name != NULL) {
    fp = fopen(name, "r");
    if (fp == NULL) {
      fprintf(stderr, "ftokens: cannot open %s\n", name);
      return 2;
    }
  }
  read_header(fp);
  while (get_token(fp, &t)) {
    counts[t.kind]++;
    total++;
    if (t.len > longest)
      longest = t.len;
    print_token(&t);
  }
  if (!feof(fp))
    printf("stopped before the end of the input\n");
  if (counts_only)
    print_counts();
  printf("%d tokens, %d lines, longest %d\n", total, line_no - 1, longest);
  if (fp != stdin)
    fclose(fp);
  errors = counts[ERROR];
  if (errors > 9)
    errors = 9;
  return errors > 0 ? 1 + errors : 0;
}
