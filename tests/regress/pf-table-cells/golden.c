#include <stdio.h>
#include <string.h>

int main(void)
{
    char names[40][8];
    int n = 0;
    while (n < 40 && scanf("%7s", names[n]) == 1)
        n++;
    int longest = 0;
    for (int i = 1; i < n; i++)
        if (strlen(names[i]) > strlen(names[longest]))
            longest = i;
    printf("%s\n", names[longest]);
    return 0;
}
