#!/usr/bin/python3
"""Validates SARIF logs against the SARIF 2.1.0 JSON schema shipped in tests/data.

usage: validate_sarif.py SCHEMA LOG...   (exit 0 iff every log is valid)
It first checks that the schema rejects a log without a tool, so a validator that accepts
everything cannot pass the test.
"""
import json
import sys

import jsonschema


def main():
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    if validator.is_valid({"version": "2.1.0", "runs": [{"results": []}]}):
        print("the schema accepts a run without a tool: not the SARIF schema")
        return 1
    bad = 0
    for path in sys.argv[2:]:
        log = json.load(open(path))
        errors = list(validator.iter_errors(log))
        for e in errors[:10]:
            print(f"{path}: {'/'.join(map(str, e.path))}: {e.message}")
        bad += bool(errors)
        if not errors:
            print(f"{path}: valid, {sum(len(r.get('results', [])) for r in log['runs'])} results")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
