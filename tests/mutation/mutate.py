#!/usr/bin/env python3
"""The mutation check's driver (run it through tests/mutation/run.sh).

mutations.txt holds blocks like

    ## owner-bold: the owner's name is bold in author lists
    file: src/cv/authors.cpp
    old: return OwnerMatcher(owner, aliases)(author);
    new: return false;
    tests: ^unit\\.|integration\\.seed_cv_test

`old` must occur exactly once in `file`; `tests` is a ctest -R expression. A mutation is
caught when the tests it names fail after it is applied; one that does not build is a bad
mutation (the list is wrong), not a catch.
"""
import pathlib
import re
import subprocess
import sys
import time

FIELDS = ("file", "old", "new", "tests")


def read_mutations(path):
    mutations, current = [], None
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("## "):
            name, _, why = line[3:].partition(":")
            current = {"name": name.strip(), "why": why.strip(), "line": number}
            mutations.append(current)
        elif current is not None and re.match(r"^(file|old|new|tests): ", line):
            key, _, value = line.partition(": ")
            current[key] = value
        elif line.strip() and not line.startswith("#"):
            sys.exit(f"{path}:{number}: error: expected '## name: why' or 'KEY: value'")
    for m in mutations:
        missing = [f for f in FIELDS if f not in m]
        if missing:
            sys.exit(f"{path}:{m['line']}: error: {m['name']} lacks {', '.join(missing)}")
    return mutations


def run(command, cwd, log):
    with open(log, "a") as out:
        out.write(f"\n$ {' '.join(command)}\n")
        out.flush()
        return subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode


def build(root, build_dir, log):
    return run(["cmake", "--build", str(build_dir), "-j2", "--target", "mkcv", "mkcv_unit_tests"],
               root, log) == 0


def main():
    root, build_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    args = sys.argv[3:]
    mutations = read_mutations(root / "tests/mutation/mutations.txt")
    names = {m["name"] for m in mutations}
    if args == ["--list"]:
        for m in mutations:
            print(f"{m['name']:24} {m['file']}: {m['why']}")
        return 0
    unknown = [a for a in args if a not in names]
    if unknown:
        sys.exit(f"unknown mutation(s): {', '.join(unknown)}")
    chosen = [m for m in mutations if not args or m["name"] in args]

    bad = []
    for m in chosen:
        text = (root / m["file"]).read_text()
        if text.count(m["old"]) != 1:
            bad.append(f"{m['name']}: 'old' occurs {text.count(m['old'])} times in {m['file']}")
    if bad:
        print("\n".join(bad), file=sys.stderr)
        return 2

    log = build_dir / "mutation.log"
    log.write_text("")
    if not build(root, build_dir, log):
        sys.exit(f"the unmutated source does not build (see {log})")
    # A mutation is caught only if its tests pass without it: run them all once, unmutated.
    every_test = "|".join(f"(?:{m['tests']})" for m in chosen)
    if run(["ctest", "-j2", "--timeout", "600", "-R", every_test], build_dir, log) != 0:
        sys.exit(f"the tests fail without a mutation: nothing can be learnt (see {log})")
    print(f"baseline: the tests of {len(chosen)} mutation(s) pass unmutated", flush=True)
    rows, missed = [], 0
    for m in chosen:
        path = root / m["file"]
        original = path.read_text()
        started = time.monotonic()
        try:
            path.write_text(original.replace(m["old"], m["new"]))
            if not build(root, build_dir, log):
                verdict = "DOES NOT BUILD"
                missed += 1
            else:
                status = run(["ctest", "-j2", "--timeout", "600", "-R", m["tests"]], build_dir, log)
                verdict = "caught" if status != 0 else "NOT CAUGHT"
                missed += status == 0
        finally:
            path.write_text(original)
        seconds = time.monotonic() - started
        rows.append((m["name"], m["file"], verdict, seconds))
        print(f"{m['name']:24} {verdict:14} {seconds:5.0f} s  {m['why']}", flush=True)
    build(root, build_dir, log)

    print(f"\n| mutation | file | what it breaks | result |\n| --- | --- | --- | --- |")
    for (name, file, verdict, _), m in zip(rows, chosen):
        print(f"| `{name}` | `{file}` | {m['why']} | {verdict} |")
    print(f"\n{len(rows) - missed} of {len(rows)} mutations caught (log: {log})")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
