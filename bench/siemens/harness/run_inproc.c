/* In-process test driver used by verify.sh for the sanitizer run of golden.c (forking an
 * ASan process per test is slow). The subject is compiled with -Dmain=subject_main
 * -Dexit=subject_exit; its exit() longjmps back here. Only valid for subjects that
 * re-initialise every global they read (golden.c does).
 * usage: run_inproc TESTS   (writes "== <status>" after each test's stdout on stdout) */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int subject_main(int argc, char **argv);
void subject_exit(int status) __attribute__((noreturn));

static jmp_buf back;
static volatile int exit_status;

void subject_exit(int status)
{
    exit_status = status;
    longjmp(back, 1);
}

int main(int argc, char **argv)
{
    char line[4096], *words[128];
    FILE *in;
    if (argc != 2 || !(in = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: run_inproc TESTS\n");
        return 2;
    }
    while (fgets(line, sizeof line, in)) {
        int n = 1;
        char *p = strtok(line, " \t\r\n");
        if (!p || p[0] == '#')
            continue;
        words[0] = "subject";
        while (p && n < 127) {
            words[n++] = p;
            p = strtok(NULL, " \t\r\n");
        }
        words[n] = NULL;
        if (setjmp(back) == 0)
            exit_status = subject_main(n, words);
        printf("== %d\n", exit_status);
    }
    fclose(in);
    return 0;
}
