#!/usr/bin/env python3
"""The slowest test entries of one or more ctest runs, from what ctest printed.

  slowest_tests.py N LOG...   prints the N slowest entries, slowest first: seconds, name, and
                              the log's folder when more than one log is read

build_scripts/test.sh prints them at the end of a run, so everyone sees where the time goes.
"""
import pathlib
import re
import sys

# `  12/600 Test  #34: integration.site_test ..........   Passed   41.23 sec`
LINE = re.compile(r"Test +#\d+: (\S+) \.*.*?([\d.]+) sec")


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    count = int(sys.argv[1])
    logs = [pathlib.Path(p) for p in sys.argv[2:]]
    rows = []
    for log in logs:
        if not log.is_file():
            continue
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            match = LINE.search(line)
            if match:
                where = f"  ({log.parent.name})" if len(logs) > 1 else ""
                rows.append((float(match.group(2)), match.group(1) + where))
    for seconds, name in sorted(rows, reverse=True)[:count]:
        print(f"{seconds:8.1f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
