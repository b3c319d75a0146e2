/*
 * krsched -- a priority scheduler over linked lists, written in the K&R style of the
 * 1980s: old-style function definitions, implicit int, and the C library used without
 * <stdlib.h> or <string.h> (malloc, free, atoi, strcpy and strcmp are declared implicitly).
 *
 * Usage: krsched N1 N2 N3 [COMMAND ...]
 *
 * N1, N2, N3 are the numbers of jobs created at priorities 1 (low), 2 and 3 (high).  Job k
 * (numbered from 1 in order of creation) needs (k * 7) % 9 + 1 time units.  The commands:
 *
 *   new P       create a job at priority P
 *   run         give the current job one quantum (QUANTUM units); a job that used its whole
 *               quantum and still has work left drops one priority level (never below 1)
 *   finish      the current job finishes at once
 *   block       the current job waits: it leaves its queue for the blocked list
 *   wake I      the I-th blocked job (from 0, oldest first) returns to the end of its queue
 *   raise P I   the I-th job of queue P moves to the end of queue P + 1 (P < 3)
 *   age         every job waiting in queue 1 or 2 gets older; a job older than AGE_LIMIT
 *               moves up one level and its age starts again
 *   flush       every job finishes, highest priority first
 *   show        prints the queues
 *
 * The current job is the first job of the highest non-empty queue.  Each finished job prints
 * "job ID done at T" (T: the clock, in time units).  At the end the program prints the number
 * of finished jobs and the jobs still waiting, and exits with the number of jobs that never
 * finished (0 when all did).  Bad commands print an error and exit with status 2; bad counts
 * exit with status 1.
 */
#include <stdio.h>

#define NPRIO 3
#define QUANTUM 3
#define AGE_LIMIT 2
#define MAXJOBS 40
#define NAMELEN 16

typedef struct job {
	int id;
	int prio;
	int left;		/* time units still needed */
	int age;		/* age commands waited through */
	char name[NAMELEN];
	struct job *next;
} Job;

typedef struct queue {
	Job *head;
	Job *tail;
	int len;
} Queue;

Queue Ready[NPRIO + 1];		/* Ready[1..NPRIO]; Ready[0] unused */
Queue Blocked;
int Clock = 0;
int Next_id = 1;
int Finished = 0;
int Created = 0;

/* ---------------------------------------------------------------- queues */

init_queue(q)
Queue *q;
{
	q->head = 0;
	q->tail = 0;
	q->len = 0;
}

append(q, j)
Queue *q;
Job *j;
{
	j->next = 0;
	if (q->tail == 0)
		q->head = j;
	else
		q->tail->next = j;
	q->tail = j;
	q->len++;
}

Job *
take_first(q)
Queue *q;
{
	Job *j;

	j = q->head;
	if (j == 0)
		return 0;
	q->head = j->next;
	if (q->head == 0)
		q->tail = 0;
	q->len--;
	j->next = 0;
	return j;
}

/* Removes and returns the job at position idx (from 0), or 0 when there is none. */
Job *
take_at(q, idx)
Queue *q;
int idx;
{
	Job *prev, *cur;
	int k;

	if (idx < 0 || idx >= q->len)
		return 0;
	if (idx == 0)
		return take_first(q);
	prev = q->head;
	for (k = 1; k < idx; k++)
		prev = prev->next;
	cur = prev->next;
	prev->next = cur->next;
	if (q->tail == cur)
		q->tail = prev;
	q->len--;
	cur->next = 0;
	return cur;
}

/* ---------------------------------------------------------------- jobs */

format_name(buf, id)
char *buf;
int id;
{
	char digits[8];
	int n, k;

	strcpy(buf, "job");
	n = 0;
	do {
		digits[n++] = '0' + id % 10;
		id = id / 10;
	} while (id > 0);
	k = 3;
	while (n > 0)
		buf[k++] = digits[--n];
	buf[k] = '\0';
}

Job *
new_job(prio)
int prio;
{
	Job *j;

	if (Created >= MAXJOBS)
		return 0;
	j = (Job *)malloc(sizeof(Job));
	j->id = Next_id++;
	j->prio = prio;
	j->left = (j->id * 7) % 9 + 1;
	j->age = 0;
	format_name(j->name, j->id);
	j->next = 0;
	Created++;
	append(&Ready[prio], j);
	return j;
}

Job *
current()
{
	int p;

	for (p = NPRIO; p >= 1; p--)
		if (Ready[p].head != 0)
			return Ready[p].head;
	return 0;
}

/* Removes the current job from its queue and returns it. */
Job *
take_current()
{
	int p;

	for (p = NPRIO; p >= 1; p--)
		if (Ready[p].len > 0)
			return take_first(&Ready[p]);
	return 0;
}

finish(j)
Job *j;
{
	printf("%s done at %d\n", j->name, Clock);
	Finished++;
	free((char *)j);
}

/* ---------------------------------------------------------------- commands */

do_run()
{
	Job *j;
	int used;

	j = take_current();
	if (j == 0) {
		printf("idle\n");
		return;
	}
	used = j->left < QUANTUM ? j->left : QUANTUM;
	Clock += QUANTUM;
	j->left -= used;
	if (j->left <= 0) {
		finish(j);
		return;
	}
	if (used == QUANTUM && j->prio > 1)
		j->prio--;
	append(&Ready[j->prio], j);
}

do_finish()
{
	Job *j;

	j = take_current();
	if (j == 0) {
		printf("idle\n");
		return;
	}
	Clock += j->left;
	j->left = 0;
	finish(j);
}

do_block()
{
	Job *j;

	j = take_current();
	if (j == 0) {
		printf("idle\n");
		return;
	}
	append(&Blocked, j);
}

do_wake(idx)
int idx;
{
	Job *j;

	j = take_at(&Blocked, idx);
	if (j == 0) {
		printf("no blocked job %d\n", idx);
		return;
	}
	j->age = 0;
	append(&Ready[j->prio], j);
}

do_raise(prio, idx)
int prio, idx;
{
	Job *j;

	if (prio < 1 || prio >= NPRIO) {
		printf("cannot raise from %d\n", prio);
		return;
	}
	j = take_at(&Ready[prio], idx);
	if (j == 0) {
		printf("no job %d at %d\n", idx, prio);
		return;
	}
	j->prio = prio + 1;
	j->age = 0;
	append(&Ready[prio + 1], j);
}

do_age()
{
	Job *j, *moved[MAXJOBS];
	int p, n, k;

	n = 0;
	for (p = 1; p < NPRIO; p++) {
		k = 0;
		j = Ready[p].head;
		while (j != 0) {
			j->age++;
			if (j->age > AGE_LIMIT) {
				j = j->next;
				moved[n++] = take_at(&Ready[p], k);
				continue;
			}
			j = j->next;
			k++;
		}
	}
	for (k = 0; k < n; k++) {
		moved[k]->prio++;
		moved[k]->age = 0;
		append(&Ready[moved[k]->prio], moved[k]);
	}
}

do_flush()
{
	Job *j;

	while ((j = take_current()) != 0) {
		Clock += j->left;
		j->left = 0;
		finish(j);
	}
}

show_queue(label, q)
char *label;
Queue *q;
{
	Job *j;

	printf("%s:", label);
	for (j = q->head; j != 0; j = j->next)
		printf(" %d/%d", j->id, j->left);
	printf("\n");
}

do_show()
{
	static char label[4] = "q0";
	int p;

	for (p = NPRIO; p >= 1; p--) {
		label[1] = '0' + p;
		show_queue(label, &Ready[p]);
	}
	show_queue("blocked", &Blocked);
}

/* ---------------------------------------------------------------- main */

bad(what, arg)
char *what, *arg;
{
	printf("bad %s: %s\n", what, arg);
	exit(2);
}

/* The integer in word s, or -1 when s is not a number. */
number(s)
char *s;
{
	int k;

	if (s[0] == '\0')
		return -1;
	for (k = 0; s[k] != '\0'; k++)
		if (s[k] < '0' || s[k] > '9')
			return -1;
	return atoi(s);
}

main(argc, argv)
int argc;
char **argv;
{
	int p, k, n, a, b, waiting;
	char *cmd;

	if (argc < NPRIO + 1) {
		printf("usage: krsched N1 N2 N3 [COMMAND ...]\n");
		exit(1);
	}
	for (p = 1; p <= NPRIO; p++)
		init_queue(&Ready[p]);
	init_queue(&Blocked);
	for (p = 1; p <= NPRIO; p++) {
		n = number(argv[p]);
		if (n < 0 || n > 10) {
			printf("bad count: %s\n", argv[p]);
			exit(1);
		}
		for (k = 0; k < n; k++)
			new_job(p);
	}
	for (k = NPRIO + 1; k < argc; k++) {
		cmd = argv[k];
		if (strcmp(cmd, "run") == 0)
			do_run();
		else if (strcmp(cmd, "finish") == 0)
			do_finish();
		else if (strcmp(cmd, "block") == 0)
			do_block();
		else if (strcmp(cmd, "age") == 0)
			do_age();
		else if (strcmp(cmd, "flush") == 0)
			do_flush();
		else if (strcmp(cmd, "show") == 0)
			do_show();
		else if (strcmp(cmd, "new") == 0) {
			if (k + 1 >= argc)
				bad("command", cmd);
			a = number(argv[++k]);
			if (a < 1 || a > NPRIO)
				bad("priority", argv[k]);
			if (new_job(a) == 0)
				printf("too many jobs\n");
		} else if (strcmp(cmd, "wake") == 0) {
			if (k + 1 >= argc)
				bad("command", cmd);
			a = number(argv[++k]);
			if (a < 0)
				bad("index", argv[k]);
			do_wake(a);
		} else if (strcmp(cmd, "raise") == 0) {
			if (k + 2 >= argc)
				bad("command", cmd);
			a = number(argv[++k]);
			b = number(argv[++k]);
			if (a < 0 || b < 0)
				bad("number", argv[k]);
			do_raise(a, b);
		} else
			bad("command", cmd);
	}
	waiting = 0;
	for (p = 1; p <= NPRIO; p++)
		waiting += Ready[p].len;
	waiting += Blocked.len;
	printf("finished %d waiting %d clock %d\n", Finished, waiting, Clock);
	exit(waiting);
}
