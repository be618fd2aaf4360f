"""The report of the Python checks of the integration tests (homepage_check.py,
scripts_check.py, locales_check.py): an "ok: LABEL" or "FAIL: LABEL: DETAIL" line per check,
which the shell tests turn into their own, and the number that failed."""
import sys

failures = 0


def check(condition, label, detail=""):
    global failures
    if condition:
        print("ok: " + label)
    else:
        failures += 1
        print("FAIL: " + label + (": " + str(detail) if detail else ""))


def finish(summary=True):
    """Exits 1 when a check failed, else 0; with `summary`, after a "failures: N" line."""
    if summary:
        print("failures: %d" % failures)
    sys.exit(1 if failures else 0)
