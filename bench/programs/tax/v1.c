#include <stdio.h>
#include <stdlib.h>

/* Income tax: brackets, an allowance per child (at most 4), a surcharge on high incomes. */
int tax(int income, int kids) {
  int taxable, t;
  if (kids > 4)
    kids = 4;
  taxable = income - 2000 * kids;
  if (taxable < 0)
    taxable = 0;
  if (taxable <= 10000)
    t = 0;
  else if (taxable <= 40000)
    t = (taxable - 10000) * 10 / 100;
  else if (taxable <= 100000)
    t = 3000 + (taxable - 10000) * 20 / 100;
  else
    t = 15000 + (taxable - 100000) * 30 / 100;
  if (income > 200000)
    t = t + 1000;
  return t;
}

int main(int argc, char *argv[]) {
  int income, kids;
  if (argc != 3) {
    printf("usage: tax income kids\n");
    return 2;
  }
  income = atoi(argv[1]);
  kids = atoi(argv[2]);
  if (income < 0 || kids < 0) {
    printf("invalid\n");
    return 1;
  }
  printf("%d\n", tax(income, kids));
  return 0;
}
