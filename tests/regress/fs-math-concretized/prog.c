#include <stdio.h>
#include <stdlib.h>
#include <math.h>

int main(int argc, char **argv)
{
    double r = atof(argv[1]);
    double area = 3.0 * pow(r, 2);
    printf("%.2f\n", area);
    return 0;
}
