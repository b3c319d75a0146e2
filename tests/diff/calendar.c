/* calendar: date arithmetic.  calendar Y M D prints weekday, day of year and
   days until the end of the year; calendar Y M prints the month as a grid. */
#include <stdio.h>
#include <stdlib.h>

typedef enum { JAN = 1, FEB, MAR, APR, MAY, JUN, JUL, AUG, SEP, OCT, NOV, DEC } month_t;
typedef short year_t;

static const char names[7][10] = { "Sunday", "Monday", "Tuesday", "Wednesday",
                                   "Thursday", "Friday", "Saturday" };

static _Bool leap(year_t y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int month_days(year_t y, month_t m)
{
    switch (m) {
    case FEB:
        return leap(y) ? 29 : 28;
    case APR: case JUN: case SEP: case NOV:
        return 30;
    default:
        return 31;
    }
}

/* Day of year, accumulating the lengths of the earlier months by falling through. */
static int day_of_year(year_t y, month_t m, int d)
{
    int n = d;
    switch (m - 1) {
    case NOV: n += 30;
    case OCT: n += 31;
    case SEP: n += 30;
    case AUG: n += 31;
    case JUL: n += 31;
    case JUN: n += 30;
    case MAY: n += 31;
    case APR: n += 30;
    case MAR: n += 31;
    case FEB: n += leap(y) ? 29 : 28;
    case JAN: n += 31;
    default:
        break;
    }
    return n;
}

/* Zeller's congruence, 0 = Sunday. */
static int weekday(int y, int m, int d)
{
    int k, j, h;
    if (m < 3) {
        m += 12;
        y -= 1;
    }
    k = y % 100;
    j = y / 100;
    h = (d + 13 * (m + 1) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
    return (h + 6) % 7;
}

int main(int argc, char *argv[])
{
    year_t y;
    month_t m;
    int d, first, i;

    if (argc < 3 || argc > 4)
        return -1;
    y = (year_t)atoi(argv[1]);
    m = (month_t)atoi(argv[2]);
    if (y < 1583 || y > 9999 || m < JAN || m > DEC) {
        fprintf(stderr, "bad year or month\n");
        return 65;
    }
    if (argc == 4) {
        d = atoi(argv[3]);
        if (d < 1 || d > month_days(y, m)) {
            printf("%04d-%02d-%02d does not exist\n", y, m, d);
            return 66;
        }
        i = day_of_year(y, m, d);
        printf("%04d-%02d-%02d is a %s, day %d of %d (%d left)", y, m, d,
               names[weekday(y, m, d)], i, 365 + leap(y), 365 + leap(y) - i);
        if (leap(y))
            printf(", leap year");
        putchar('\n');
        return weekday(y, m, d);
    }
    first = weekday(y, m, 1);
    printf("     %04hd-%02d\n Su Mo Tu We Th Fr Sa\n", y, (int)m);
    for (i = 0; i < first; i++)
        printf("   ");
    for (d = 1; d <= month_days(y, m); d++) {
        printf("%3d", d);
        if ((first + d) % 7 == 0 || d == month_days(y, m))
            putchar('\n');
    }
    return 0;
}
