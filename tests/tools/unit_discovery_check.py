#!/usr/bin/env python3
"""ctest's unit entries are exactly the Catch2 test cases, and each runs its own alone.

    unit_discovery_check.py UNIT_TEST_BINARY CTEST_DIR

catch_discover_tests turns each name of `--list-test-names-only` into a ctest entry whose
command passes the name back as a Catch2 filter. A name can be lost on the way (CMake splits
it at `;`, Catch2 reads `\\` as an escape and `"` as a quote, an unbalanced `[` glues the next
names to it); the entry then matches nothing, and without `-w NoTests` it would pass having
run no test. This check reads the entries from `ctest --show-only=json-v1` and fails when:
- an entry is not a test case, or a test case has no entry, or one has two;
- an entry's command does not carry `-w NoTests`;
- an entry's filter, given back to the binary, does not list exactly its own test case.
"""
import json
import subprocess
import sys

PREFIX = "unit."


def names_matching(binary, args):
    listed = subprocess.run([binary, *args, "--list-test-names-only"], capture_output=True,
                            text=True, timeout=60)
    return [line for line in listed.stdout.splitlines() if line.strip()]


def main():
    binary, ctest_dir = sys.argv[1], sys.argv[2]
    cases = names_matching(binary, [])
    shown = subprocess.run(["ctest", "--show-only=json-v1"], cwd=ctest_dir, capture_output=True,
                           text=True, check=True, timeout=120)
    entries = [t for t in json.loads(shown.stdout)["tests"] if t["name"].startswith(PREFIX)]
    problems = []

    entry_names = [t["name"][len(PREFIX):] for t in entries]
    for name in sorted(set(entry_names) - set(cases)):
        problems.append(f"ctest entry matches no test case: {name!r}")
    for name in sorted(set(cases) - set(entry_names)):
        problems.append(f"test case has no ctest entry: {name!r}")
    for name in sorted({n for n in entry_names if entry_names.count(n) > 1}):
        problems.append(f"test case has {entry_names.count(name)} ctest entries: {name!r}")

    for entry in entries:
        name = entry["name"][len(PREFIX):]
        args = entry["command"][1:]
        if "-w" not in args or args[args.index("-w") + 1:args.index("-w") + 2] != ["NoTests"]:
            problems.append(f"entry does not fail on no match (-w NoTests): {name!r}")
        matched = names_matching(binary, args)
        if matched != [name]:
            problems.append(f"entry {name!r} runs {matched!r}")

    print(f"{len(cases)} test cases, {len(entries)} ctest entries")
    for problem in problems:
        print(f"FAIL: {problem}")
    if problems:
        print(f"{len(problems)} check(s) failed")
        return 1
    print("all checks passed: every test case runs under its own ctest entry")
    return 0


if __name__ == "__main__":
    sys.exit(main())
