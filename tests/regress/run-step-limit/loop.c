int main(void) {
  int n = 3;
  while (n != 0)
    n = n - 2;
  return 0;
}
