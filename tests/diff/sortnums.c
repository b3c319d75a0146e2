/* sortnums: read integers with scanf until EOF (or a non-number), sort them
   and print statistics.  Options: -r reverse, -u unique, -s shell sort. */
#include <stdio.h>
#include <stdlib.h>

#define MAX 64

int data[MAX];

void insertion_sort(int a[], int n)
{
    int i, j, key;
    for (i = 1; i < n; i++) {
        key = a[i];
        for (j = i - 1; j >= 0 && a[j] > key; j--)
            a[j + 1] = a[j];
        a[j + 1] = key;
    }
}

void shell_sort(int a[], int n)
{
    int gap, i, j, t;
    for (gap = n / 2; gap > 0; gap /= 2)
        for (i = gap; i < n; i++)
            for (j = i - gap; j >= 0 && a[j] > a[j + gap]; j -= gap) {
                t = a[j];
                a[j] = a[j + gap];
                a[j + gap] = t;
            }
}

int unique(int a[], int n)
{
    int i, m = 0;
    for (i = 0; i < n; i++)
        if (m == 0 || a[m - 1] != a[i])
            a[m++] = a[i];
    return m;
}

void reverse(int a[], int n)
{
    int i, j, t;
    for (i = 0, j = n - 1; i < j; i++, j--) {
        t = a[i], a[i] = a[j], a[j] = t;
    }
}

int main(int argc, char *argv[])
{
    int n = 0, x, rc, i, rev = 0, uniq = 0, shell = 0;
    long sum = 0;

    for (i = 1; i < argc; i++) {
        if (argv[i][0] != '-' || argv[i][1] == '\0' || argv[i][2] != '\0') {
            fprintf(stderr, "bad option %s\n", argv[i]);
            exit(2);
        }
        switch (argv[i][1]) {
        case 'r': rev = 1; break;
        case 'u': uniq = 1; break;
        case 's': shell = 1; break;
        default:
            fprintf(stderr, "unknown option -%c\n", argv[i][1]);
            exit(2);
        }
    }
    while ((rc = scanf("%d", &x)) == 1) {
        if (n == MAX) {
            printf("too many numbers (max %d)\n", MAX);
            return 3;
        }
        data[n++] = x;
        sum += x;
    }
    if (rc == 0) {
        x = getchar();
        printf("stopped at '%c' after %d values\n", x, n);
    }
    if (n == 0) {
        puts("no input");
        return 1;
    }
    if (shell)
        shell_sort(data, n);
    else
        insertion_sort(data, n);
    printf("n=%d min=%d max=%d sum=%ld median=%d\n", n, data[0], data[n - 1],
           sum, n % 2 ? data[n / 2] : (int)(((long)data[n / 2 - 1] + data[n / 2]) / 2));
    if (uniq)
        n = unique(data, n);
    if (rev)
        reverse(data, n);
    for (i = 0; i < n; i++) {
        if (i > 0)
            putchar(' ');
        printf("%d", data[i]);
    }
    printf("\n");
    return 0;
}
