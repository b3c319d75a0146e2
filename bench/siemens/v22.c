/* block-signal advisory: aspect, target speed and brake intervention */
#include <stdio.h>
#include <stdlib.h>
#define PROCEED 0
#define CAUTION 1
#define REDUCE 2
#define STOP 3
#define NUM_BRAKE 4
#define NUM_WEATHER 3
#define SW_NORMAL 0
#define SW_REVERSE 1
#define SW_UNKNOWN 2
#define MAX_SPEED 300
#define MAX_GRADE 40
#define MIN_DECEL 12
#define REVERSE_LIMIT 60
#define CAUTION_SPEED 40
#define CREEP_SPEED 15
#define TOLERANCE 5
#define SIGHT_TIME 6
#define CROSSING_WARN 900
#define LONG_TRAIN 400

int Train_Speed;
int Train_Length;
int Block_Distance;
int Track_Grade;
int Brake_Class;
int Next_Occupied;
int Switch_Pos;
int Crossing_Closed;
int Weather;
int Line_Limit;
int Route_Locked;
int Driver_Ack;
int Overlap;
int Decel_Table[NUM_BRAKE];
int Overlap_Need[NUM_BRAKE];
int Weather_Pct[NUM_WEATHER];

void initialize()
{
    Decel_Table[0] = 40;
    Decel_Table[1] = 55;
    Decel_Table[2] = 70;
    Decel_Table[3] = 95;
    Overlap_Need[0] = 200;
    Overlap_Need[1] = 150;
    Overlap_Need[2] = 100;
    Overlap_Need[3] = 80;
    Weather_Pct[0] = 100;
    Weather_Pct[1] = 80;
    Weather_Pct[2] = 55;
}

int in_range(v, lo, hi)
int v, lo, hi;
{
    return v >= lo && v <= hi;
}

int valid_inputs()
{
    if (!in_range(Train_Speed, 0, MAX_SPEED) || !in_range(Train_Length, 1, 1500))
        return 0;
    if (!in_range(Block_Distance, 0, 9999) || !in_range(Overlap, 0, 999))
        return 0;
    if (Track_Grade < -MAX_GRADE || Track_Grade > MAX_GRADE)
        return 0;
    if (!in_range(Brake_Class, 0, NUM_BRAKE - 1) || !in_range(Weather, 0, NUM_WEATHER - 1))
        return 0;
    return in_range(Switch_Pos, SW_NORMAL, SW_UNKNOWN) && in_range(Line_Limit, 10, MAX_SPEED);
}

int min_of(a, b)
int a, b;
{
    return a < b ? a : b;
}

int effective_decel()
{
    int a = Decel_Table[Brake_Class] * Weather_Pct[Weather] / 100 + Track_Grade;
    if (Train_Length > LONG_TRAIN)
        a = a - a / 5;
    if (a < MIN_DECEL)
        a = MIN_DECEL;
    return a;
}

int stopping_distance(speed, decel)
int speed, decel;
{
    return speed * speed * 1250 / (324 * decel) + speed * SIGHT_TIME * 5 / 18;
}

int route_cap()
{
    int cap;
    switch (Switch_Pos) {
    case SW_NORMAL:
        cap = Line_Limit;
        break;
    case SW_REVERSE:
        cap = min_of(Line_Limit, REVERSE_LIMIT);
        break;
    default:
        cap = 0;
        break;
    }
    return cap;
}

int block_clear()
{
    return !Next_Occupied && (Route_Locked || Switch_Pos == SW_NORMAL);
}

int crossing_safe()
{
    return Crossing_Closed || Block_Distance > CROSSING_WARN;
}

int available_distance()
{
    if (Overlap >= Overlap_Need[Brake_Class])
        return Block_Distance + Overlap;
    return Block_Distance;
}

int compute_aspect()
{
    int need, avail, cap;
    cap = route_cap();
    if (cap == 0)
        return STOP;
    need = stopping_distance(Train_Speed, effective_decel());
    avail = available_distance();
    if (!crossing_safe())
        return need > avail ? STOP : REDUCE;
    if (block_clear()) {
        if (Train_Speed > cap + TOLERANCE)
            return REDUCE;
        if (need > avail && Weather != 0)
            return CAUTION;
        return PROCEED;
    }
    if (need > avail)
        return STOP;
    if (need * 2 > avail || Train_Speed > CAUTION_SPEED)
        return REDUCE;
    return PROCEED;
}

int target_speed(aspect)
int aspect;
{
    int cap = route_cap();
    switch (aspect) {
    case PROCEED:
        return cap;
    case CAUTION:
        return min_of(cap, cap / 2 + 10);
    case REDUCE:
        return min_of(cap, CAUTION_SPEED);
    }
    return 0;
}

int must_intervene(aspect, target)
int aspect, target;
{
    if (Train_Speed <= CREEP_SPEED)
        return 0;
    if (aspect == STOP)
        return !Driver_Ack || Train_Speed > CAUTION_SPEED * 2;
    return Train_Speed > target + TOLERANCE && (!Driver_Ack || aspect == REDUCE);
}

main(argc, argv)
int argc;
char *argv[];
{
    int aspect, target;
    if (argc < 14) {
        fprintf(stdout, "usage: speed length dist grade brake occ switch cross weather limit lock ack overlap\n");
        exit(1);
    }
    initialize();
    Train_Speed = atoi(argv[1]);
    Train_Length = atoi(argv[2]);
    Block_Distance = atoi(argv[3]);
    Track_Grade = atoi(argv[4]);
    Brake_Class = atoi(argv[5]);
    Next_Occupied = atoi(argv[6]);
    Switch_Pos = atoi(argv[7]);
    Crossing_Closed = atoi(argv[8]);
    Weather = atoi(argv[9]);
    Line_Limit = atoi(argv[10]);
    Route_Locked = atoi(argv[11]);
    Driver_Ack = atoi(argv[12]);
    Overlap = atoi(argv[13]);
    if (!valid_inputs()) {
        fprintf(stdout, "invalid input\n");
        exit(2);
    }
    aspect = compute_aspect();
    target = target_speed(aspect);
    printf("aspect %d target %d\n", aspect, target);
    fprintf(stdout, "intervene %d\n", must_intervene(aspect, target));
    exit(0);
}
