#include <stdio.h>
#include <stdlib.h>

/* A sorted linked list driven by commands, one per line:
   i X inserts X, d X deletes one X, p prints the list. */
struct node {
    int val;
    struct node *next;
};

struct node *insert(struct node *head, int v)
{
    struct node *n = malloc(sizeof *n);
    if (n == NULL)
        exit(1);
    n->val = v;
    if (head == NULL || v < head->val) {
        n->next = head;
        return n;
    }
    struct node *p = head;
    while (p->next != NULL && p->next->val < v)
        p = p->next;
    n->next = p->next;
    p->next = n;
    return head;
}

struct node *remove_val(struct node *head, int v)
{
    struct node *prev = NULL;
    struct node *cur = head;
    while (cur != NULL && cur->val != v) {
        prev = cur;
        cur = cur->next;
    }
    if (cur == NULL) {
        printf("%d not found\n", v);
        return head;
    }
    if (prev == NULL)
        head = cur->next;
    else
        prev->next = cur->next;
    free(cur);
    return head;
}

void print_list(const struct node *p)
{
    int count = 0;
    printf("[");
    for (; p != NULL; p = p->next) {
        if (count > 0)
            putchar(' ');
        printf("%d", p->val);
        count++;
    }
    printf("] size %d\n", count);
}

int main(void)
{
    char line[32];
    struct node *head = NULL;
    while (fgets(line, sizeof line, stdin) != NULL) {
        char cmd;
        int v;
        int got = sscanf(line, " %c %d", &cmd, &v);
        if (got >= 1 && cmd == 'p')
            print_list(head);
        else if (got == 2 && cmd == 'i')
            head = insert(head, v);
        else if (got == 2 && cmd == 'd')
            head = remove_val(head, v);
        else if (got >= 1)
            printf("bad command %c\n", cmd);
    }
    while (head != NULL) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
