char *strcpy(d, s) char *d; const char *s;
{
  char *r = d;
  while ((*d++ = *s++) != 0)
    ;
  return r;
}

int main(void) {
  char buf[8];
  strcpy(buf);
  return buf[0];
}
