// culprit's C library prelude: <string.h> and <ctype.h> functions written in C over culprit's
// memory model, so the interpreter and the encoder give them exact semantics with no model of
// their own (their loops are the program's loops: unwinding bounds apply to them). The frontend
// force-includes the text as a virtual system header; a call to `strlen` resolves to
// `__culprit_strlen` here, declared and lowered on first use as a trusted library function (a
// runtime error inside it is reported at the call). glibc's ctype macros are disabled
// (-D__NO_CTYPE), so `isdigit(c)` is a call too. The character classes are those of the "C"
// locale; comparisons return the difference of the first differing bytes as unsigned char, as
// glibc's do on x86-64.
#pragma once

namespace culprit::frontend {

inline constexpr const char* kPreludePath = "/__culprit__/include/__culprit_prelude.h";
inline constexpr const char* kPreludePrefix = "__culprit_";

inline constexpr const char* kPrelude = R"(/* culprit's library prelude */
#ifndef __CULPRIT_PRELUDE_H
#define __CULPRIT_PRELUDE_H
typedef unsigned long __culprit_size_t;

static int __culprit_isdigit(int c) { return c >= '0' && c <= '9'; }
static int __culprit_isupper(int c) { return c >= 'A' && c <= 'Z'; }
static int __culprit_islower(int c) { return c >= 'a' && c <= 'z'; }
static int __culprit_isalpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int __culprit_isalnum(int c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static int __culprit_isxdigit(int c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int __culprit_isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static int __culprit_isblank(int c) { return c == ' ' || c == '\t'; }
static int __culprit_iscntrl(int c) { return (c >= 0 && c < 32) || c == 127; }
static int __culprit_isprint(int c) { return c >= 32 && c < 127; }
static int __culprit_isgraph(int c) { return c > 32 && c < 127; }
static int __culprit_ispunct(int c) {
  return c > 32 && c < 127 && !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
                                (c >= 'A' && c <= 'Z'));
}
static int __culprit_toupper(int c) { return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c; }
static int __culprit_tolower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }
static int __culprit_abs(int x) { return x < 0 ? -x : x; }
static long __culprit_labs(long x) { return x < 0 ? -x : x; }

static __culprit_size_t __culprit_strlen(const char *s) {
  __culprit_size_t n = 0;
  while (s[n] != 0) n++;
  return n;
}
static char *__culprit_strcpy(char *d, const char *s) {
  __culprit_size_t i = 0;
  while (s[i] != 0) {
    d[i] = s[i];
    i++;
  }
  d[i] = 0;
  return d;
}
static char *__culprit_strncpy(char *d, const char *s, __culprit_size_t n) {
  __culprit_size_t i = 0;
  for (; i < n && s[i] != 0; i++) d[i] = s[i];
  for (; i < n; i++) d[i] = 0;
  return d;
}
static char *__culprit_strcat(char *d, const char *s) {
  __culprit_size_t n = 0, i = 0;
  while (d[n] != 0) n++;
  while (s[i] != 0) {
    d[n + i] = s[i];
    i++;
  }
  d[n + i] = 0;
  return d;
}
static char *__culprit_strncat(char *d, const char *s, __culprit_size_t k) {
  __culprit_size_t n = 0, i = 0;
  while (d[n] != 0) n++;
  while (i < k && s[i] != 0) {
    d[n + i] = s[i];
    i++;
  }
  d[n + i] = 0;
  return d;
}
static int __culprit_strcmp(const char *a, const char *b) {
  __culprit_size_t i = 0;
  while (a[i] != 0 && a[i] == b[i]) i++;
  return (unsigned char)a[i] - (unsigned char)b[i];
}
static int __culprit_strncmp(const char *a, const char *b, __culprit_size_t n) {
  __culprit_size_t i = 0;
  if (n == 0) return 0;
  while (i + 1 < n && a[i] != 0 && a[i] == b[i]) i++;
  return (unsigned char)a[i] - (unsigned char)b[i];
}
static char *__culprit_strchr(const char *s, int c) {
  __culprit_size_t i = 0;
  for (;; i++) {
    if (s[i] == (char)c) return (char *)s + i;
    if (s[i] == 0) return 0;
  }
}
static char *__culprit_strrchr(const char *s, int c) {
  const char *found = 0;
  __culprit_size_t i = 0;
  for (;; i++) {
    if (s[i] == (char)c) found = s + i;
    if (s[i] == 0) return (char *)found;
  }
}
static char *__culprit_strstr(const char *h, const char *n) {
  __culprit_size_t i = 0, j;
  for (;; i++) {
    for (j = 0; n[j] != 0 && h[i + j] == n[j]; j++) {
    }
    if (n[j] == 0) return (char *)h + i;
    if (h[i] == 0) return 0;
  }
}
#endif
)";

}  // namespace culprit::frontend
