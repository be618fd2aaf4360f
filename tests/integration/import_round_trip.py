"""JSON Resume → `mkcv import` → `mkcv build -t jsonresume` gives back the same values.

Usage: import_round_trip.py SOURCE OUTPUT [SOURCE OUTPUT ...]
  SOURCE  a JSON Resume file of tests/data/import
  OUTPUT  the JSON Resume mkcv built from its import

Every value of SOURCE must be at the same path of OUTPUT, equal, except where NOT_YET says
otherwise. NOT_YET is the one list of what does not round-trip yet: shrink it as cv.toml
gains fields (a row that matches no value, or whose values all round-trip, fails, so the
list cannot go stale).
Prints the differences and exits 1; prints the counts when all match.
"""

import fnmatch
import json

import lenient_json
import re
import sys

# (fixture glob, path pattern, how, why). how: "absent" (not at that path in the output:
# elsewhere in the CV, or nowhere in JSON Resume's fields), "prefix" (the output's value
# starts with the source's and adds other fields to it), "iso" (a free-text date comes
# back as the ISO date it was read as), "extra" (kept in cv.toml's [extra] and back in
# meta.mkcv.extra, a JSON text, at the same path).
NOT_YET = [
    # person
    ("*", r"^basics\.image$", "absent", "no photo in cv.toml yet: 'Other imported data'"),
    ("*", r"^basics\.profiles\[\d+\]\.username$", "absent",
     "a profile other than GitHub is a person.links label and URL: no user name"),
    ("*", r"^basics\.profiles\[\d+\]\.network$", "absent", "profiles come back in cv.toml's order"),
    ("jsonresume-older.json", r"^basics\.(label|summary)\.", "absent",
     "a value per language: the first comes back as the value, the others are in the "
     "section 'Translations'"),
    ("jsonresume-older.json", r"^basics\.website$", "absent",
     "the pre-1.0 key: comes back as basics.url"),
    # work
    ("*", r"^work\[\d+\]\.summary$", "prefix",
     "description and url are added to the note: 'Description: …', 'Website: …'"),
    ("*", r"^work\[\d+\]\.(description|url)$", "absent", "in the note (work[].summary)"),
    ("jsonresume-older.json", r"^work\[0\]\.(company|website)$", "absent",
     "pre-1.0 keys: company comes back as name, website in the note"),
    ("jsonresume-older.json", r"^work\[1\]\.", "absent",
     "a job without a name is an entry of the custom section 'Work'"),
    ("jsonresume.json", r"^work\[1\]\.endDate$", "absent",
     "an end before its start is kept in the note"),
    ("jsonresume.json", r"^work\[2\]\.startDate$", "iso", "'Sept. 2015' is read as 2015-09"),
    ("jsonresume.json", r"^work\[2\]\.endDate$", "absent",
     "'summer 2016' is no date: kept in the note"),
    # education
    ("*", r"^education\[\d+\]\.(studyType|area)$", "absent",
     "cv.toml has one degree: studyType comes back as 'studyType in area'"),
    ("*", r"^education\[\d+\]\.(score|url|gpa)$", "absent", "in the note (mkcv.note)"),
    ("*", r"^education\[\d+\]\.courses\[\d+\]$", "absent",
     "courses are cv.toml highlights: they come back as mkcv.highlights"),
    # awards
    ("jsonresume.json", r"^awards\[1\]\.date$", "iso", "'Oct 2016' is read as 2016-10"),
    ("*", r"^favouriteColour$", "absent", "a key of the file's own: 'Other imported data'"),
    # extension fields: kept in [extra], back as meta.mkcv.extra
    ("*", r"(^|\.)x-[^.\[]*", "extra", "an extension field: [extra], never printed"),
    # values of a wrong type, or entries without their key field: custom sections
    ("jsonresume-references.json", r"^work\[0\]\.endDate$", "absent",
     "'sometime soon' is no date: kept in the note"),
    ("jsonresume-references.json", r"^work\[0\]\.highlights$", "absent",
     "a text where a list belongs: 'Other imported data'"),
    ("jsonresume-references.json", r"^work\[1\]\.", "absent",
     "a job without a position is an entry of the custom section 'Work'"),
    ("jsonresume-references.json", r"^(skills\.|references$|education\[0\]\.area$)", "absent",
     "a value of a wrong type: 'Other imported data'"),
    # settings of the source file
    ("*", r"^(\$schema|meta\.)", "absent", "metadata of the source file, not imported"),
]

MONTHS = {m: i + 1 for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}


def iso(text):
    m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.? (\d{4})", text)
    return f"{m.group(2)}-{MONTHS[m.group(1).lower()]:02d}" if m else text


def leaves(value, path=""):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, f"{path}[{i}]")
    else:
        yield path, value


def aligned(src, out):
    """out with each list of entries in src's order: mkcv sorts publications by date, so the
    output entry of a source entry is the one sharing the most of its values."""
    for key, items in src.items():
        theirs = out.get(key)
        if not isinstance(items, list) or not isinstance(theirs, list):
            continue
        def shared(a, b):
            return sum(1 for k, v in a.items() if isinstance(b, dict) and b.get(k) == v) if isinstance(a, dict) else 0
        order = []
        for item in items:
            best = max(range(len(theirs)), key=lambda j: shared(item, theirs[j]), default=None)
            order.append(theirs[best] if best is not None and shared(item, theirs[best]) else None)
        out[key] = order
    return out


def main():
    args = sys.argv[1:]
    bad, same, excepted = [], 0, 0
    # Per row of NOT_YET: how many values it excepted, and how many of them came back equal
    # all the same (a row whose values all do is stale).
    used = {i: [0, 0] for i in range(len(NOT_YET))}
    for source, output in zip(args[::2], args[1::2]):
        name = source.rsplit("/", 1)[-1]
        src = lenient_json.loads(open(source, encoding="utf-8").read())
        built = json.load(open(output, encoding="utf-8"))
        extra = built.get("meta", {}).get("mkcv", {}).get("extra")
        kept = dict(leaves(json.loads(extra))) if extra else {}
        out = dict(leaves(aligned(src, built)))
        # A fixture's own rows before the general ones.
        rows = sorted((i for i, r in enumerate(NOT_YET) if fnmatch.fnmatch(name, r[0])),
                      key=lambda i: NOT_YET[i][0] == "*")
        for path, value in leaves(src):
            row = next((i for i in rows if re.search(NOT_YET[i][1], path)), None)
            how = NOT_YET[row][2] if row is not None else "equal"
            got = out.get(path)
            want = iso(value) if how == "iso" else value
            if isinstance(value, str) and value.lower() == "present" and path.endswith("endDate"):
                ok = got is None  # JSON Resume writes an ongoing entry without an endDate
            elif how == "extra":
                got = kept.get(path)
                ok = got == value
            elif how == "prefix":
                ok = isinstance(got, str) and got.startswith(want)
            else:
                ok = got == want
            if row is not None:
                used[row][0] += 1
                used[row][1] += got == value and how != "extra"  # [extra] is where it belongs
            if how == "absent" or (how == "extra" and ok):
                excepted += 1
            elif ok:
                same += 1
            else:
                bad.append(f"{name}: {path}: {value!r} came back as {got!r} ({how})")
    for i, (count, equal) in used.items():
        if count == 0:
            bad.append(f"NOT_YET row {NOT_YET[i][:2]} matches no value: remove it")
        elif equal == count:
            bad.append(f"NOT_YET row {NOT_YET[i][:2]}: all {count} values round-trip now: remove it")
    if bad:
        print("does not round-trip:\n  " + "\n  ".join(bad))
        sys.exit(1)
    print(f"{same} values round-trip, {excepted} not yet (NOT_YET)")


if __name__ == "__main__":
    main()
