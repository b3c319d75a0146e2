#!/usr/bin/env python3
"""Deterministic generator of the test universe (tests.txt) for the block-signal subject.

Each test is one line of 13 integer arguments:
  speed length distance grade brake occupied switch crossing weather limit locked ack overlap
The universe mixes
  * random tests with every input drawn from its meaningful range,
  * boundary tests steered with a Python model of golden.c so that the
    stopping distance lands exactly on / next to the available distance,
    speeds sit on the cap, tolerance and creep limits, the deceleration on
    its floor, the distance on the crossing-warning limit, the overlap on
    its per-class requirement, the train length on the long-train limit,
  * invalid inputs (each field just outside its range) and short argument lists.
Run: python3 gen_tests.py > tests.txt
"""
import random

SEED = 20240611
N_RANDOM = 1150

DECEL = [40, 55, 70, 95]
OVERLAP_NEED = [200, 150, 100, 80]
WEATHER_PCT = [100, 80, 55]
MIN_DECEL, LONG_TRAIN, CROSSING_WARN = 12, 400, 900
REVERSE_LIMIT, CAUTION_SPEED, CREEP, TOL = 60, 40, 15, 5

rng = random.Random(SEED)


def cdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def decel(t):
    a = cdiv(DECEL[t['brake']] * WEATHER_PCT[t['weather']], 100) + t['grade']
    if t['length'] > LONG_TRAIN:
        a = a - cdiv(a, 5)
    return max(a, MIN_DECEL)


def need(t):
    s = t['speed']
    return cdiv(s * s * 1250, 324 * decel(t)) + cdiv(s * 6 * 5, 18)


def overlap_part(t):
    return t['overlap'] if t['overlap'] >= OVERLAP_NEED[t['brake']] else 0


def cap(t):
    return [t['limit'], min(t['limit'], REVERSE_LIMIT), 0][t['switch']]


FIELDS = ['speed', 'length', 'distance', 'grade', 'brake', 'occupied', 'switch',
          'crossing', 'weather', 'limit', 'locked', 'ack', 'overlap']


def pick(choices_weights):
    vals, ws = zip(*choices_weights)
    return rng.choices(vals, ws)[0]


def random_test():
    t = {}
    t['speed'] = pick([(rng.randint(0, 60), 3), (rng.randint(0, 160), 4), (rng.randint(0, 300), 3)])
    t['length'] = pick([(rng.randint(20, 400), 5), (rng.randint(401, 1500), 4), (rng.randint(1, 20), 1)])
    t['distance'] = pick([(rng.randint(0, 900), 3), (rng.randint(0, 3000), 5), (rng.randint(0, 9999), 2)])
    t['grade'] = pick([(rng.randint(-40, 40), 6), (0, 2), (rng.choice([-40, 40]), 1)])
    t['brake'] = rng.randint(0, 3)
    t['occupied'] = pick([(0, 6), (1, 4)])
    t['switch'] = pick([(0, 6), (1, 3), (2, 1)])
    t['crossing'] = pick([(1, 6), (0, 4)])
    t['weather'] = pick([(0, 5), (1, 3), (2, 2)])
    t['limit'] = pick([(rng.randrange(20, 301, 10), 6), (rng.randint(10, 300), 3), (rng.choice([10, 300]), 1)])
    t['locked'] = pick([(1, 7), (0, 3)])
    t['ack'] = pick([(1, 5), (0, 5)])
    t['overlap'] = pick([(rng.randint(0, 300), 6), (rng.randint(0, 999), 3), (0, 1)])
    return t


def clear_context(t):
    """Make the test reach the stopping-distance comparisons (route set, crossing safe)."""
    t['switch'] = pick([(0, 3), (1, 1)])
    if rng.random() < 0.8:
        t['crossing'] = 1
    return t


def boundary_tests():
    out = []
    # stopping distance exactly on / around the available distance, and twice it
    for _ in range(220):
        t = clear_context(random_test())
        t['speed'] = rng.randint(1, 300)
        if rng.random() < 0.3:
            t['overlap'] = OVERLAP_NEED[t['brake']]
        n = need(t)
        which = rng.random()
        delta = rng.choice([-2, -1, 0, 1, 2])
        if which < 0.6:
            target = n + delta
        else:
            target = 2 * n + delta
        d = target - overlap_part(t)
        if d < 0 or d > 9999:
            t['overlap'] = 0
            d = target
        if not 0 <= d <= 9999:
            continue
        t['distance'] = d
        out.append(t)
    # speed around cap + tolerance, the creep speed, the caution speed and twice it
    for _ in range(120):
        t = clear_context(random_test())
        c = cap(t)
        base = rng.choice([c + TOL, c, CREEP, CAUTION_SPEED, 2 * CAUTION_SPEED,
                           c // 2 + 10 + TOL, min(c, CAUTION_SPEED) + TOL])
        t['speed'] = min(300, max(0, base + rng.choice([-1, 0, 1])))
        out.append(t)
    # creep and caution speeds in any context (also unknown switch: STOP)
    for _ in range(60):
        t = random_test()
        t['speed'] = rng.choice([CREEP, CAUTION_SPEED, 2 * CAUTION_SPEED]) + rng.choice([-1, 0, 1])
        out.append(t)
    # creep speed with an unknown switch position (STOP without route)
    for _ in range(24):
        t = random_test()
        t['speed'] = rng.choice([CREEP - 1, CREEP, CREEP, CREEP + 1])
        t['switch'] = 2
        out.append(t)
    # crossing-warning distance, unprotected crossing
    for _ in range(40):
        t = clear_context(random_test())
        t['crossing'] = 0
        t['distance'] = CROSSING_WARN + rng.choice([-1, 0, 1, 2])
        out.append(t)
    # overlap on its per-class requirement
    for _ in range(60):
        t = clear_context(random_test())
        t['overlap'] = OVERLAP_NEED[t['brake']] + rng.choice([-1, 0, 1])
        out.append(t)
    # long-train limit, deceleration floor (steep downhill, poor weather)
    for _ in range(50):
        t = clear_context(random_test())
        t['length'] = LONG_TRAIN + rng.choice([-1, 0, 1])
        out.append(t)
    for _ in range(60):
        t = clear_context(random_test())
        t['brake'] = rng.randint(0, 1)
        t['weather'] = rng.randint(1, 2)
        t['grade'] = rng.randint(-40, -15)
        out.append(t)
    # switch in reverse with limits around REVERSE_LIMIT
    for _ in range(40):
        t = clear_context(random_test())
        t['switch'] = 1
        t['limit'] = REVERSE_LIMIT + rng.choice([-10, -1, 0, 1, 10])
        out.append(t)
    # every combination of the boolean inputs
    for bits in range(64):
        t = random_test()
        t['occupied'], t['locked'], t['ack'], t['crossing'] = bits & 1, bits >> 1 & 1, bits >> 2 & 1, bits >> 3 & 1
        t['switch'] = bits >> 4 & 3 if bits >> 4 < 3 else 0
        out.append(t)
    return out


RANGES = {'speed': (0, 300), 'length': (1, 1500), 'distance': (0, 9999), 'grade': (-40, 40),
          'brake': (0, 3), 'switch': (0, 2), 'weather': (0, 2), 'limit': (10, 300),
          'overlap': (0, 999)}


def invalid_tests():
    out = []
    for f, (lo, hi) in RANGES.items():
        for v in (lo - 1, hi + 1, lo, hi):
            t = random_test()
            t[f] = v
            out.append(t)
    for _ in range(20):
        t = random_test()
        f = rng.choice(list(RANGES))
        lo, hi = RANGES[f]
        t[f] = rng.choice([lo - rng.randint(1, 500), hi + rng.randint(1, 5000)])
        out.append(t)
    return out


def line(t):
    return ' '.join(str(t[f]) for f in FIELDS)


def main():
    tests = [random_test() for _ in range(N_RANDOM)]
    tests += boundary_tests()
    tests += invalid_tests()
    rng.shuffle(tests)
    lines = [line(t) for t in tests]
    # short argument lists (usage message)
    lines.insert(0, '0')
    lines.insert(len(lines) // 2, '100 200 300')
    lines.append(' '.join(line(random_test()).split()[:12]))
    # drop duplicates, keep order
    seen, uniq = set(), []
    for l in lines:
        if l not in seen:
            seen.add(l)
            uniq.append(l)
    print('# test universe of the block-signal subject, generated by gen_tests.py (seed %d)' % SEED)
    print('# speed length distance grade brake occupied switch crossing weather limit locked ack overlap')
    for l in uniq:
        print(l)


if __name__ == '__main__':
    main()
