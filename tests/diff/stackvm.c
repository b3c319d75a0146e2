/* stackvm: a tiny stack machine running one of four built-in bytecode
   programs on an argument n; the exit status is the result modulo 256. */
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>

enum op { HALT, PUSH, LOAD, STORE, ADD, SUB, MUL, DUP, JZ, JMP, PRINT, DEC, INC, LT };

typedef int word;

static const word programs[4][40] = {
    /* 0: factorial of r0 */
    { PUSH, 1, STORE, 1, LOAD, 0, JZ, 22, LOAD, 1, LOAD, 0, MUL, STORE, 1, LOAD, 0,
      DEC, STORE, 0, JMP, 4, LOAD, 1, PRINT, HALT },
    /* 1: n-th Fibonacci number */
    { PUSH, 0, STORE, 1, PUSH, 1, STORE, 2, LOAD, 0, JZ, 29, LOAD, 2, DUP, LOAD, 1,
      ADD, STORE, 2, STORE, 1, LOAD, 0, DEC, STORE, 0, JMP, 8, LOAD, 1, PRINT,
      HALT },
    /* 2: sum of squares 1..n minus n */
    { PUSH, 0, STORE, 1, LOAD, 0, JZ, 27, LOAD, 1, LOAD, 0, DUP, MUL, ADD, LOAD, 0,
      SUB, STORE, 1, LOAD, 0, DEC, STORE, 0, JMP, 4, LOAD, 1, HALT },
    /* 3: count down while r0 > 0, printing */
    { LOAD, 0, PRINT, PUSH, 0, LOAD, 0, LT, JZ, 17, LOAD, 0, DEC, STORE, 0, JMP, 0,
      LOAD, 0, INC, INC, PUSH, 0, SUB, HALT },
};

static const int max_n[] = { 12, 40, 40, 40 };
static word reg[4];
static word stack[16];
static int sp;
static long steps;

static word run(int prog)
{
    int pc = 0;
    word a, b;

    do {
        word instr = programs[prog][pc++];
        steps++;
        switch (instr) {
        case HALT:
            return sp > 0 ? stack[sp - 1] : reg[1];
        case PUSH: stack[sp++] = programs[prog][pc++]; break;
        case LOAD: stack[sp++] = reg[programs[prog][pc++]]; break;
        case STORE: reg[programs[prog][pc++]] = stack[--sp]; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case INC: stack[sp - 1]++; break;
        case DEC: stack[sp - 1]--; break;
        case SUB:
            stack[sp - 1] = -stack[sp - 1];
            /* fall through: a - b == a + (-b) */
        case ADD: b = stack[--sp]; a = stack[--sp]; stack[sp++] = a + b; break;
        case MUL: b = stack[--sp]; a = stack[--sp]; stack[sp++] = a * b; break;
        case LT: b = stack[--sp]; a = stack[--sp]; stack[sp++] = a < b; break;
        case JZ:
            a = stack[--sp];
            if (a == 0) {
                pc = programs[prog][pc];
                break;
            }
            pc++;
            break;
        case JMP: pc = programs[prog][pc]; break;
        case PRINT: printf("out: %d\n", stack[--sp]); break;
        default:
            printf("bad opcode %d at %d\n", instr, pc - 1);
            exit(99);
        }
        assert(sp >= 0 && sp <= 15);
    } while (pc < 40 && steps < 100000);
    return reg[1];
}

int main(int argc, char *argv[])
{
    int which, n;
    word result;

    if (argc != 3) {
        printf("usage: stackvm PROGRAM N\n");
        return 100;
    }
    which = atoi(argv[1]);
    n = atoi(argv[2]);
    if (which < 0 || which > 3) {
        fprintf(stderr, "no such program\n");
        exit(102);
    }
    if (n < 0 || n > max_n[which]) {
        printf("out of range\n");
        return 101;
    }
    reg[0] = n;
    result = run(which);
    printf("program %d, n=%d: result %d after %ld steps\n", which, n, result, steps);
    return result & 0xff;
}
