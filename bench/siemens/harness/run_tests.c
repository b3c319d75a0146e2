/* Test driver for verify.sh: linked with a subject compiled with -Dmain=subject_main.
 * usage: run_tests TESTS OUT
 * For every test line (blank and '#' lines skipped, words split on blanks), forks,
 * runs subject_main(argc, argv) with stdout captured, and writes one line to OUT:
 *   <exit status or sig+N> <stdout with \n and \\ escaped>
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

int subject_main(int argc, char **argv);

int main(int argc, char **argv)
{
    FILE *in, *out;
    char line[4096], *words[128], buf[65536];
    char **lines = NULL;
    size_t nlines = 0, cap = 0, k;
    if (argc != 3) {
        fprintf(stderr, "usage: run_tests TESTS OUT\n");
        return 2;
    }
    in = fopen(argv[1], "r");
    out = fopen(argv[2], "w");
    if (!in || !out) {
        perror("run_tests");
        return 2;
    }
    /* read every line first: a child's exit() may move the shared file offset */
    while (fgets(line, sizeof line, in)) {
        if (nlines == cap) {
            cap = cap ? 2 * cap : 1024;
            lines = realloc(lines, cap * sizeof *lines);
            if (!lines)
                return 2;
        }
        lines[nlines++] = strdup(line);
    }
    fclose(in);
    for (k = 0; k < nlines; k++) {
        int n = 1, fd[2], status;
        size_t len = 0;
        ssize_t r;
        pid_t pid;
        char *p = strtok(lines[k], " \t\r\n");
        if (!p || p[0] == '#')
            continue;
        words[0] = "subject";
        while (p && n < 127) {
            words[n++] = p;
            p = strtok(NULL, " \t\r\n");
        }
        words[n] = NULL;
        if (pipe(fd) != 0) {
            perror("pipe");
            return 2;
        }
        fflush(out);
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            close(fd[0]);
            dup2(fd[1], 1);
            close(fd[1]);
            alarm(10);
            exit(subject_main(n, words));
        }
        close(fd[1]);
        while ((r = read(fd[0], buf + len, sizeof buf - 1 - len)) > 0)
            len += (size_t)r;
        close(fd[0]);
        waitpid(pid, &status, 0);
        if (WIFEXITED(status))
            fprintf(out, "%d ", WEXITSTATUS(status));
        else
            fprintf(out, "sig%d ", WTERMSIG(status));
        for (size_t i = 0; i < len; i++) {
            if (buf[i] == '\n')
                fputs("\\n", out);
            else if (buf[i] == '\\')
                fputs("\\\\", out);
            else
                fputc(buf[i], out);
        }
        fputc('\n', out);
    }
    fclose(out);
    for (k = 0; k < nlines; k++)
        free(lines[k]);
    free(lines);
    return 0;
}
