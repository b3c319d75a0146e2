char a[2000000000];
int main(void) { a[5] = 1; return a[5]; }
