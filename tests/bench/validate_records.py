#!/usr/bin/python3
"""Validates bench output directories against the JSON Schemas in bench/schema.

usage: validate_records.py SCHEMA_DIR BENCH_DIR...   (exit 0 iff all is valid)
Every line of runs.jsonl must be a valid run record and summary.json a valid summary; runs.csv
must have a header naming the record's fields in order and one row per record with the
record's values. The schemas must reject broken examples, so that a schema accepting
everything cannot pass.
"""
import csv
import json
import os
import sys

import jsonschema


def load_validator(path):
    schema = json.load(open(path))
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def csv_value(v):
    """A JSON value as runs.csv writes it."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    return v


def check_dir(d, run_v, summary_v):
    errors = []
    records = []
    for n, line in enumerate(open(os.path.join(d, "runs.jsonl")), 1):
        r = json.loads(line)
        records.append(r)
        for e in list(run_v.iter_errors(r))[:3]:
            errors.append(f"{d}/runs.jsonl:{n}: {'/'.join(map(str, e.path))}: {e.message}")
    summary = json.load(open(os.path.join(d, "summary.json")))
    for e in list(summary_v.iter_errors(summary))[:10]:
        errors.append(f"{d}/summary.json: {'/'.join(map(str, e.path))}: {e.message}")
    if summary["runs"] != len(records):
        errors.append(f"{d}/summary.json: runs {summary['runs']}, runs.jsonl has {len(records)}")
    rows = list(csv.reader(open(os.path.join(d, "runs.csv"), newline="")))
    if not records or rows[0] != list(records[0].keys()):
        errors.append(f"{d}/runs.csv: header is not the record's fields in order")
    if len(rows) - 1 != len(records):
        errors.append(f"{d}/runs.csv: {len(rows) - 1} rows for {len(records)} runs")
    # runs.csv is in report order, runs.jsonl in finishing order: compare by key.
    by_key = {(r["subject"], r["technique"], r["test"]): r for r in records}
    for row in rows[1:]:
        fields = dict(zip(rows[0], row))
        key = (fields["subject"], fields["technique"],
               int(fields["test"]) if fields["test"] else None)
        r = by_key.get(key)
        if r is None:
            errors.append(f"{d}/runs.csv: row for {key} has no record")
            continue
        for name, value in r.items():
            want = csv_value(value)
            if isinstance(want, float) or isinstance(want, int) and not isinstance(want, bool):
                ok = fields[name] != "" and abs(float(fields[name]) - want) <= 1e-6 * max(1, abs(want))
            else:
                ok = fields[name] == str(want)
            if not ok:
                errors.append(f"{d}/runs.csv: {key} {name} = {fields[name]!r}, record has {value!r}")
                break
    return errors, len(records)


def main():
    run_v = load_validator(os.path.join(sys.argv[1], "run.schema.json"))
    summary_v = load_validator(os.path.join(sys.argv[1], "summary.schema.json"))
    good = {"subject": "s", "technique": "pf", "test": 3, "status": "ok", "message": "",
            "result": "diagnoses", "executable_lines": 10, "diagnoses": 1, "feasible": 1,
            "unchecked": 0, "precision": 1.0, "fault_localized": True, "fix_localized": True,
            "found": True, "exam": 10.0, "exam_average": 10.0, "rank": 1.0, "rank_best": 1.0,
            "rank_average": 1.0, "solver_ms": 1.5, "total_ms": 2.5, "suite_ms": 3.0, "soft": 4,
            "hard": 5, "queries": 6, "iterations": 0, "lines_examined": 1}
    if not run_v.is_valid(good):
        print("the run schema rejects a good record:", list(run_v.iter_errors(good))[0].message)
        return 1
    for broken in ({**good, "status": "fine"}, {k: v for k, v in good.items() if k != "rank"},
                   {**good, "test": 0}, {**good, "iterations": -1}, {**good, "exam": 101}):
        if run_v.is_valid(broken):
            print("the run schema accepts a broken record:", broken)
            return 1
    if summary_v.is_valid({"name": "x", "runs": 0}):
        print("the summary schema accepts a summary without techniques")
        return 1
    bad = 0
    for d in sys.argv[2:]:
        errors, n = check_dir(d, run_v, summary_v)
        for e in errors[:20]:
            print(e)
        bad += bool(errors)
        if not errors:
            print(f"{d}: {n} run records, summary.json and runs.csv valid")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
