/* K&R code defining its own strcpy (it counts the bytes it copies), called as the library's
   would be, and a memset with no parameter list, called without arguments. */
int copied;

char *strcpy(d, s) char *d; const char *s;
{
  char *r = d;
  while ((*d++ = *s++) != 0)
    copied++;
  return r;
}

char *memset() { return 0; }

int main(void) {
  char buf[8];
  strcpy(buf, "abc");
  if (memset() != 0) return 9;
  return copied * 10 + buf[1] - 'a';
}
