#!/usr/bin/env python3
"""Writes the faulty versions vNN.c from golden.c and the fault table below.

Each fault is (golden line, old text, new text); `new` None deletes the line.
Faulty lines in the manifest are given in the numbering of the faulty version; an optional
third element overrides them (used for the deleted case label of v11).
Run: python3 make_versions.py   (also writes the manifest suite.json)
"""
import json
import re

FAULTS = {
    'v01': ('relational operator >= instead of > in the over-speed test on a clear block',
            [(142, 'Train_Speed > cap + TOLERANCE', 'Train_Speed >= cap + TOLERANCE')]),
    'v02': ('logical operator || instead of && when choosing CAUTION on a clear block',
            [(144, 'need > avail && Weather != 0', 'need > avail || Weather != 0')]),
    'v03': ('wrong deceleration table value for brake class 2 (80 instead of 70)',
            [(45, 'Decel_Table[2] = 70;', 'Decel_Table[2] = 80;')]),
    'v04': ('off-by-one: crossing considered safe at exactly the warning distance (>= instead of >)',
            [(121, 'Block_Distance > CROSSING_WARN', 'Block_Distance >= CROSSING_WARN')]),
    'v05': ('missing clause: a normal-position switch no longer makes an unlocked route clear',
            [(116, '!Next_Occupied && (Route_Locked || Switch_Pos == SW_NORMAL)',
              '!Next_Occupied && Route_Locked')]),
    'v06': ('wrong arithmetic operator: long trains get more deceleration (a + a / 5)',
            [(85, 'a = a - a / 5;', 'a = a + a / 5;')]),
    'v07': ('off-by-one: overlap counted only when strictly above the requirement (> instead of >=)',
            [(126, 'Overlap >= Overlap_Need[Brake_Class]', 'Overlap > Overlap_Need[Brake_Class]')]),
    'v08': ('wrong arithmetic operator: need + 2 instead of need * 2 in the REDUCE test',
            [(150, 'need * 2 > avail', 'need + 2 > avail')]),
    'v09': ('wrong variable: target instead of Train_Speed in the STOP intervention test',
            [(176, 'Train_Speed > CAUTION_SPEED * 2', 'target > CAUTION_SPEED * 2')]),
    'v10': ('off-by-one: creep-speed exemption uses < instead of <=',
            [(173, 'Train_Speed <= CREEP_SPEED', 'Train_Speed < CREEP_SPEED')]),
    'v11': ('missing case CAUTION in target_speed: its return became unreachable, CAUTION gets target 0',
            [(162, 'case CAUTION:', None)], [159, 162]),
    'v12': ('extra case STOP joins the REDUCE arm of target_speed',
            [(164, 'case REDUCE:', 'case STOP: case REDUCE:')],
            [159]),  # a case label is not a statement: blame the switch that dispatches on it
    'v13': ('wrong array index: Decel_Table indexed by Weather instead of Brake_Class',
            [(83, 'Decel_Table[Brake_Class]', 'Decel_Table[Weather]')]),
    'v14': ('wrong constant in the sighting distance (divides by 15 instead of 18)',
            [(94, 'speed * SIGHT_TIME * 5 / 18', 'speed * SIGHT_TIME * 5 / 15')]),
    'v15': ('wrong constant: REVERSE_LIMIT defined as 65 instead of 60',
            [(16, '#define REVERSE_LIMIT 60', '#define REVERSE_LIMIT 65')],
            [105]),  # a #define is not executable: blame the statement that uses the constant
    'v16': ('wrong variable: unprotected crossing compares need with Block_Distance instead of avail',
            [(140, 'need > avail ?', 'need > Block_Distance ?')]),
    'v17': ('off-by-one in the range check: brake class 3 rejected (NUM_BRAKE - 2)',
            [(70, 'in_range(Brake_Class, 0, NUM_BRAKE - 1)', 'in_range(Brake_Class, 0, NUM_BRAKE - 2)')]),
    'v18': ('logical operator && instead of || in the intervention test for non-STOP aspects',
            [(177, '(!Driver_Ack || aspect == REDUCE)', '(!Driver_Ack && aspect == REDUCE)')]),
    'v19': ('relational operator >= instead of > in the STOP test of an occupied block',
            [(148, 'if (need > avail)', 'if (need >= avail)')]),
    'v20': ('wrong constant: MIN_DECEL defined as 8 instead of 12',
            [(15, '#define MIN_DECEL 12', '#define MIN_DECEL 8')],
            [86, 87]),  # both uses of MIN_DECEL
    'v21': ('wrong return value: REDUCE instead of CAUTION for a clear block beyond braking range',
            [(145, 'return CAUTION;', 'return REDUCE;')]),
    'v22': ('wrong return value: PROCEED instead of CAUTION at the end of compute_aspect',
            [(152, 'return CAUTION;', 'return PROCEED;')]),
    'v23': ('two faults: Decel_Table[0] is 45 instead of 40; LONG_TRAIN defined as 500 instead of 400',
            [(43, 'Decel_Table[0] = 40;', 'Decel_Table[0] = 45;'),
             (22, '#define LONG_TRAIN 400', '#define LONG_TRAIN 500')],
            [43, 84]),  # LONG_TRAIN's #define is blamed on its use
    'v24': ('two faults: cap - TOLERANCE instead of cap + TOLERANCE; intervention ignores the tolerance',
            [(142, 'cap + TOLERANCE', 'cap - TOLERANCE'),
             (177, 'Train_Speed > target + TOLERANCE &&', 'Train_Speed > target &&')]),
    'v25': ('two faults: Overlap_Need[1] is 105 instead of 150; CREEP_SPEED instead of CAUTION_SPEED in the REDUCE test',
            [(48, 'Overlap_Need[1] = 150;', 'Overlap_Need[1] = 105;'),
             (150, 'Train_Speed > CAUTION_SPEED', 'Train_Speed > CREEP_SPEED')]),
    'v26': ('two faults: SW_REVERSE instead of SW_NORMAL in block_clear; && instead of || in the STOP intervention test',
            [(116, 'Switch_Pos == SW_NORMAL', 'Switch_Pos == SW_REVERSE'),
             (176, '!Driver_Ack || Train_Speed', '!Driver_Ack && Train_Speed')]),
    'v27': ('two faults: Weather_Pct[2] is 65 instead of 55; cap / 3 instead of cap / 2 in the CAUTION target',
            [(53, 'Weather_Pct[2] = 55;', 'Weather_Pct[2] = 65;'),
             (163, 'cap / 2 + 10', 'cap / 3 + 10')]),
    'v28': ('three faults: long-train test uses >=; only half the overlap is added; REDUCE target capped at CREEP_SPEED',
            [(84, 'Train_Length > LONG_TRAIN', 'Train_Length >= LONG_TRAIN'),
             (127, 'return Block_Distance + Overlap;', 'return Block_Distance + Overlap / 2;'),
             (165, 'min_of(cap, CAUTION_SPEED)', 'min_of(cap, CREEP_SPEED + 10)')]),
    'v29': ('three faults: grade 40 rejected (>= MAX_GRADE); Weather != 1 instead of != 0; reverse cap REVERSE_LIMIT + 20',
            [(68, 'Track_Grade > MAX_GRADE', 'Track_Grade >= MAX_GRADE'),
             (144, 'Weather != 0', 'Weather != 1'),
             (105, 'min_of(Line_Limit, REVERSE_LIMIT)', 'min_of(Line_Limit, REVERSE_LIMIT + 20)')]),
    'v30': ('three faults: Decel_Table[3] is 59 instead of 95; extra clause !Route_Locked forces STOP; STOP-intervention rule applied to REDUCE too',
            [(46, 'Decel_Table[3] = 95;', 'Decel_Table[3] = 59;'),
             (135, 'if (cap == 0)', 'if (cap == 0 || !Route_Locked)'),
             (175, 'if (aspect == STOP)', 'if (aspect >= REDUCE)')]),
}


def main():
    golden = open('golden.c').read().split('\n')
    table = []
    for name, entry in sorted(FAULTS.items()):
        desc, edits = entry[0], entry[1]
        lines = list(golden)
        deleted = []
        for ln, old, new in edits:
            assert old in lines[ln - 1], (name, ln, lines[ln - 1])
            if new is None:
                deleted.append(ln)
            else:
                lines[ln - 1] = lines[ln - 1].replace(old, new, 1)
        faulty = []
        for ln, old, new in edits:
            shift = sum(1 for d in deleted if d < ln)
            # a deleted line is blamed on the statement that now occupies its place
            faulty.append(ln - shift)
        if len(entry) > 2:
            # explicit blame, e.g. for a deleted case label: the switch and the orphaned arm
            faulty = entry[2]
        for d in sorted(deleted, reverse=True):
            del lines[d - 1]
        open(name + '.c', 'w').write('\n'.join(lines))
        table.append({'name': 'siemens-' + name, 'program': name + '.c', 'golden': 'golden.c',
                      'tests': 'tests.txt', 'faulty_lines': sorted(faulty), 'fault': desc})
    with open('suite.json', 'w') as f:
        text = json.dumps({'name': 'siemens', 'subjects': table}, indent=2)
        text = re.sub(r'\[\s+([0-9,\s]+?)\s+\]', lambda m: '[' + ', '.join(m.group(1).split(',\n')).replace(' ', '').replace(',', ', ') + ']', text)
        f.write(text + '\n')


if __name__ == '__main__':
    main()
