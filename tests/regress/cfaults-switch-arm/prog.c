#include <stdio.h>
#include <stdlib.h>

int cap_of(int pos, int limit)
{
    int cap;
    switch (pos) {
    case 0:
        cap = limit;
        break;
    case 1:
        cap = limit < 60 ? limit : 60;
        break;
    default:
        cap = 0;
        break;
    }
    return cap;
}

int target(int aspect, int pos, int limit)
{
    int cap = cap_of(pos, limit);
    switch (aspect) {
    case 0:
        return cap;
    case 3: case 2:
        return cap < 40 ? cap : 40;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int aspect = atoi(argv[1]);
    int pos = atoi(argv[2]);
    int limit = atoi(argv[3]);
    printf("%d\n", target(aspect, pos, limit));
    return 0;
}
