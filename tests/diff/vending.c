/* vending: a vending-machine state machine driven by one-letter commands
   read from stdin.  n d q insert coins, A B C buy, r refund, s toggles service
   mode (where digits restock the last item), # starts a comment, x jams it. */
#include <stdio.h>
#include <stdlib.h>

enum mode { IDLE, PAYING, SERVICE };

int price[3] = { 65, 100, 35 };
int stock[3] = { 2, 1, 0 };
int credit, errors, sold;
char last_item = 'A';

void give_change(amount)
int amount;
{
    int q = amount / 25, d = amount % 25 / 10, n = amount % 25 % 10 / 5;
    printf("  change %d: %dq %dd %dn\n", amount, q, d, n);
}

int coin_value(c)
int c;
{
    switch (c) {
    case 'n': return 5;
    case 'd': return 10;
    case 'q': return 25;
    }
    return 0;
}

int main(int argc, char *argv[])
{
    enum mode m = IDLE;
    int c, k, verbose = argc > 1;

    while ((c = getchar()) != EOF) {
        if (c == ' ' || c == '\n' || c == '\t')
            continue;
        if (c == '#') {
            do
                c = getchar();
            while (c != '\n' && c != EOF);
            continue;
        }
        if (verbose)
            printf("[%c] mode=%d credit=%d\n", c, m, credit);
        if (m == SERVICE) {
            if (c == 's') {
                m = credit ? PAYING : IDLE;
                puts("  service off");
            } else if (c >= '0' && c <= '9') {
                stock[last_item - 'A'] += c - '0';
                printf("  restocked %c to %d\n", last_item, stock[last_item - 'A']);
            } else if (c >= 'A' && c <= 'C') {
                last_item = (char)c;
            } else {
                errors++;
            }
            continue;
        }
        switch (c) {
        case 'n': case 'd': case 'q':
            credit += coin_value(c);
            m = PAYING;
            printf("  credit %d\n", credit);
            break;
        case 'A': case 'B': case 'C':
            k = c - 'A';
            if (stock[k] == 0) {
                printf("  %c sold out\n", c);
                errors++;
            } else if (credit < price[k]) {
                printf("  %c costs %d, credit %d\n", c, price[k], credit);
                errors++;
            } else {
                stock[k]--;
                sold++;
                printf("  vend %c\n", c);
                if (credit > price[k])
                    give_change(credit - price[k]);
                credit = 0;
                m = IDLE;
            }
            break;
        case 'r':
            if (m == PAYING)
                give_change(credit);
            credit = 0;
            m = IDLE;
            break;
        case 's':
            m = SERVICE;
            puts("  service on");
            break;
        case 'x':
            printf("  jammed holding %d\n", credit);
            exit(100 + sold);
        default:
            errors++;
        }
    }
    printf("sold %d, errors %d, credit left %d, stock %d/%d/%d\n", sold, errors,
           credit, stock[0], stock[1], stock[2]);
    return errors > 0 ? 1 : 0;
}
