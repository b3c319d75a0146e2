#!/usr/bin/env python3
"""Writes the faulty versions vN.c of krsched from golden.c and the fault table below, and
the manifest suite.json.  Each version has one seeded fault: (golden line, old text, new text);
every version keeps golden.c's line numbering.
Run: python3 make_versions.py
"""
import json

FAULTS = {
    'v1': ('off-by-one: a job that used its whole quantum is demoted from level 1 too '
           '(prio >= 1 instead of > 1), to the unused level 0, and never runs again',
           'data', 215, 'j->prio > 1', 'j->prio >= 1'),
    'v2': ('off-by-one: ageing moves a job up when its age reaches the limit '
           '(>= AGE_LIMIT instead of >)', 'condition', 290,
           'j->age > AGE_LIMIT', 'j->age >= AGE_LIMIT'),
    'v3': ('wrong array index: a woken job returns to the highest queue (Ready[NPRIO]) '
           'instead of its own', 'data', 257,
           'append(&Ready[j->prio], j);', 'append(&Ready[NPRIO], j);'),
    'v4': ('wrong expression: a raised job is moved to the next queue but keeps its old '
           'priority (prio instead of prio + 1)', 'data', 274,
           'j->prio = prio + 1;', 'j->prio = prio;'),
    'v5': ('off-by-one in a loop bound: take_current never looks at queue 1 (p > 1 instead '
           'of p >= 1)', 'off-by-one', 182,
           'for (p = NPRIO; p >= 1; p--)', 'for (p = NPRIO; p > 1; p--)'),
    'v6': ('wrong variable: the clock advances by a whole quantum even when the job needed '
           'less (QUANTUM instead of used)', 'data', 209,
           'Clock += used;', 'Clock += QUANTUM;'),
    'v7': ('off-by-one in a range check: a count of 10 jobs is rejected (n >= 10 instead of '
           'n > 10)', 'condition', 380, 'n > 10', 'n >= 10'),
}

UNWIND = 12

golden = open('golden.c').read().split('\n')
subjects = []
for name, (fault, kind, line, old, new) in FAULTS.items():
    lines = list(golden)
    assert old in lines[line - 1], (name, lines[line - 1])
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    with open(name + '.c', 'w') as f:
        f.write('\n'.join(lines))
    subjects.append({'name': 'krsched-' + name, 'family': 'krsched', 'program': name + '.c',
                     'golden': 'golden.c', 'tests': 'tests.txt', 'faulty_lines': [line],
                     'fault': fault, 'kind': kind, 'unwind': UNWIND})
with open('suite.json', 'w') as f:
    json.dump({'name': 'krsched', 'subjects': subjects}, f, indent=2)
    f.write('\n')
