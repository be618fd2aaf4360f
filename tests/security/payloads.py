"""Writes the hostile CVs of payloads_test.sh and judges mkcv's answer to them.

  payloads.py gen KIND CV_DIR SECRET WORK     KIND: bib or toml; writes the CV and
                                              CV_DIR/manifest-KIND.json
  payloads.py check KIND CV_DIR STATUS STDERR PDF_TEXT

Every payload tries to read SECRET (or /proc/self/environ) into the PDF, or to write a file
outside the output folder, each in another spelling of the same trick. A payload sits on
lines of its own, so when mkcv refuses some with exit 2, `check` removes those it located
and the test builds again: in the end each payload was either refused with its line, or
printed, and then it must print exactly as written (each copy ends in a tag of its own,
so one copy printed cannot hide another that was not; compared without white space,
hyphens and control characters; for .bib titles also without braces and $, which a
literal print may keep or drop).

`check` prints `ok: …` and `FAIL: …` lines, and `again` when the CV was changed and must
be built again.
"""
import json
import re
import sys
import unicodedata


def payloads(secret, work):
    s = secret
    w = work + "/pwned"
    return [
        ("input", r"\input{%s}" % s),
        ("caret-lower", "^^5cinput^^7b%s^^7d" % s),
        ("caret-upper", "^^5Cinput^^7B%s^^7D" % s),
        # ^^X with one character: ^^\x1c is a backslash, ^^; and ^^= are braces.
        ("caret-char", "^^\x1cinput^^;%s^^=" % s),
        ("caret-four", "^^^^005cinput^^^^007b%s^^^^007d" % s),
        ("caret-write18", "^^5cimmediate^^5cwrite18^^7btouch %s-caret18^^7d" % w),
        ("caret-percent", "a^^25 \\input{%s}" % s),
        ("caret-return", "a^^M\\input{%s}" % s),
        ("csname", r"\csname input\endcsname{%s}" % s),
        ("openin", r"\newread\r \openin\r=%s \readline\r to\x \x" % s),
        ("environ", r"\openin5=/proc/self/environ \readline5 to\x \x"),
        ("openout", r"\immediate\openout5=%s-openout.tex \immediate\write5{pwned}\immediate\closeout5" % w),
        ("openout-relative", r"\immediate\openout5=../../../pwned-relative \immediate\write5{x}"),
        ("write18", r"\immediate\write18{touch %s-write18}" % w),
        ("catcode", r"\catcode`\|=0 |input{%s}" % s),
        ("def", r"\def\x{\input{%s}}\x" % s),
        ("at-input", r"\makeatletter\@@input %s " % s),
        ("percent", r"50%% \input{%s}" % s),
        ("unbalanced-group", r"\egroup\egroup \input{%s}\bgroup" % s),
        ("dollar", r"$\input{%s}$ $$\input %s $$" % (s, s)),
        ("active-tilde", r"\catcode`\~=13 \def~{\input{%s}}~" % s),
        ("active-let", r"\catcode`\Z=13 \let Z\input Z{%s}" % s),
        ("mark-input", "\x1alatex:\\input{%s}" % s),
        ("mark-caret", "\x1alatex:$^^5cinput^^7b%s^^7d$" % s),
    ]


# Payloads whose BibTeX is malformed on purpose: btparse may skip the entry (and the one
# after it), so a located warning is enough for them.
BIB_UNBALANCED = [("unbalanced-braces", r"}} \input{%s} {{"), ("unbalanced-open", r"{{ \input{%s}")]


def toml_string(text):
    return json.dumps(text, ensure_ascii=False)  # JSON strings are TOML basic strings


def gen_bib(cv_dir, secret, work):
    lines = ["% One entry per payload, in plain text and in math."]
    items = []
    n = 0
    def add(name, title, literal=True, malformed_ok=False, field="title"):
        nonlocal n
        n += 1
        start = len(lines) + 1
        fields = {"author": "Ann Lee", "title": "Paper %d" % n, "journal": "J"}
        fields[field] = title
        lines.extend(["@article{p%02d," % n, "  author = {%s}," % fields["author"],
                      "  title = {%s}," % fields["title"],
                      "  journal = {%s}, year = 2020," % fields["journal"],
                      "  url = {https://example.org/%s}}" % (title if field == "url" else "p")])
        items.append({"name": name, "file": "x.bib", "lines": [start, len(lines)],
                      "literal": title if literal else None, "malformed_ok": malformed_ok})
    for name, p in payloads(secret, work):
        add(name, "%s Zq%03d" % (p, n + 1))
        add(name + " (math)", "$%s$ Zq%03d" % (p, n + 1))
    # Other fields, for a few payloads: the venue prints as written; an author name is
    # reordered and a URL is no text, so for them only the secret and the writes count.
    for name, p in [payloads(secret, work)[i] for i in (0, 1, 8, 23)]:
        add(name + " in journal", "$%s$ Zq%03d" % (p, n + 1), field="journal")
        add(name + " in author", "%s Zq%03d" % (p, n + 1), literal=False, field="author")
        add(name + " in url", "%s" % p, literal=False, field="url")
    for name, p in BIB_UNBALANCED:
        add(name, "%s Zq%03d" % (p % secret, n + 1), malformed_ok=True)
    open(cv_dir + "/x.bib", "w").write("\n".join(lines) + "\n")
    open(cv_dir + "/cv.toml", "w").write('bibliography = ["x.bib"]\n\n[person]\nname = "Ann Lee"\n')
    return items


# Prose fields (notes, section items, research interests) take inline Markdown, in which a
# backslash before ASCII punctuation is an escape: `\|` prints `|`. The payloads hold no
# other Markdown (no `*`, `_` or brackets, no pair of backticks), so that is what they print.
PROSE_KEYS = ("research_interests", "note", "items")


def as_markdown_prints(value):
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", value)


def gen_toml(cv_dir, secret, work):
    ps = payloads(secret, work)
    lines, items = [], []
    def add(name, where, line, value, printed=True, prose=False):
        # A tag that makes this copy unique ends the string (a U+001A mark must begin it).
        value = "%s Zq%03d" % (value, len(lines) + 1)
        lines.append(line % toml_string(value))
        literal = as_markdown_prints(value) if prose else value
        items.append({"name": "%s in %s" % (name, where), "file": "cv.toml",
                      "lines": [len(lines), len(lines)], "literal": literal if printed else None,
                      "malformed_ok": False})
    lines += ["[person]", 'name = "Ann Lee"']
    for key, (name, p) in zip(["position", "affiliation", "location", "research_interests"], ps[1:]):
        add(name, "person." + key, key + " = %s", p, prose=key in PROSE_KEYS)
    lines.append("links = [")
    for name, p in ps[:3] + ps[-2:]:
        add(name, "a person link label", '  { label = %s, url = "https://example.org/l" },', p)
    lines.append("]")
    lines += ["", "[[publications]]", 'title = "Payload Paper"', 'venue = "Venue"', "year = 2020",
              'kind = "conference"']
    add(ps[0][0], "a note", "note = %s", ps[0][1], prose=True)
    lines += ["authors = [", '  "Ann Lee",']
    for name, p in ps:
        add(name, "an author name", "  %s,", p)
    lines += ["]", "[publications.links]"]
    for name, p in ps:
        add(name, "a links key", '%s = "https://example.org/key"', p)
    for name, p in ps[:3] + ps[-2:]:
        # A link target is no text of the PDF: only the secret and the writes are checked.
        add(name, "a link URL", toml_string("url " + name) + " = %s", "https://example.org/" + p,
            printed=False)
    lines += ["", "[[awards]]", 'title = "An Award"', "year = 2020"]
    lines += ["", "[[sections]]", 'title = "Payload Section"', "items = ["]
    for name, p in ps:
        add(name, "a section item", "  %s,", p, prose=True)
    lines.append("]")
    for section, (name, p) in zip(["research_interests", "publications", "awards"], ps[-3:]):
        lines += ["", "[templates.long.filters.%s]" % section]
        add(name, "a filter title", "title = %s", p)
    # A key that names no template: at most a warning, never anything in TeX.
    lines.append("")
    add(ps[-2][0], "a template name key", "[templates.%s]", ps[-2][1], printed=False)
    open(cv_dir + "/cv.toml", "w").write("\n".join(lines) + "\n")
    return items


def normalize(text, drop=""):
    return "".join(c for c in text if not c.isspace() and c != "-" and c not in drop
                   and unicodedata.category(c)[0] != "C")


DIAGNOSTIC = re.compile(r"(x\.bib|cv\.toml):(\d+):(?:\d+:)? ?(error|warning)")


def located(stderr, file, kind):
    return [int(m.group(2)) for m in DIAGNOSTIC.finditer(stderr) if m.group(1) == file and m.group(3) == kind]


def check(kind, cv_dir, status, stderr_path, pdf_text_path):
    manifest_path = "%s/manifest-%s.json" % (cv_dir, kind)
    items = json.load(open(manifest_path))
    stderr = open(stderr_path, errors="replace").read()
    file = "x.bib" if kind == "bib" else "cv.toml"
    if status == 2:
        errors = located(stderr, file, "error")
        if not errors:
            print("FAIL: %s: exit 2 without a located error (%s:LINE:)" % (kind, file))
            return
        refused = [i for i in items if any(i["lines"][0] <= e <= i["lines"][1] for e in errors)]
        stray = [e for e in errors if not any(i["lines"][0] <= e <= i["lines"][1] for i in items)]
        if stray:
            print("FAIL: %s: errors at lines that hold no payload: %s" % (kind, stray))
            return
        for i in refused:
            print("ok: %s: %s refused with its line" % (kind, i["name"]))
        drop = {n for i in refused for n in range(i["lines"][0], i["lines"][1] + 1)}
        path = "%s/%s" % (cv_dir, file)
        text = open(path, encoding="utf-8", errors="surrogateescape").read().split("\n")
        # Blank lines keep every other payload's line numbers.
        text = ["" if n + 1 in drop else line for n, line in enumerate(text)]
        open(path, "w", encoding="utf-8", errors="surrogateescape").write("\n".join(text))
        json.dump([i for i in items if i not in refused], open(manifest_path, "w"))
        print("again")
        return
    if status != 0:
        print("FAIL: %s: exit status %d" % (kind, status))
        return
    pdf = open(pdf_text_path, errors="replace").read()
    # A page break can fall inside a payload: drop the page numbers of the footers.
    pdf = "\n".join(line for line in pdf.split("\n") if not line.strip().strip("\f").isdigit())
    drop = "{}$" if kind == "bib" else ""
    pdf_n = normalize(pdf, drop)
    warnings = located(stderr, file, "warning")
    first_malformed = min([i["lines"][0] for i in items if i["malformed_ok"]], default=None)
    for i in items:
        if i["literal"] is None:
            continue
        if normalize(i["literal"], drop) in pdf_n:
            print("ok: %s: %s printed as written" % (kind, i["name"]))
        elif i["malformed_ok"] and any(w >= first_malformed for w in warnings):
            print("ok: %s: %s (malformed BibTeX) reported with its line" % (kind, i["name"]))
        else:
            print("FAIL: %s: %s not printed as written: %r" % (kind, i["name"], i["literal"]))


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        kind, cv_dir, secret, work = sys.argv[2:6]
        items = (gen_bib if kind == "bib" else gen_toml)(cv_dir, secret, work)
        json.dump(items, open("%s/manifest-%s.json" % (cv_dir, kind), "w"))
    else:
        check(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6])
