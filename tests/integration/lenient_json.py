"""JSON as mkcv import reads it: `//` and `/* */` comments and trailing commas allowed.

Used by the import tests' Python checks (import_pdf_text.py, import_round_trip.py and the
inline scripts of import_test.sh and import_fixtures_test.sh) to read the same fixtures.
"""

import json


def loads(text):
    out, i, in_string, n = [], 0, False, len(text)
    while i < n:
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        else:
            out.append(c)
        i += 1
    stripped = "".join(out)
    # Trailing commas: before a closing bracket, outside strings (the pass above kept them).
    result, in_string = [], False
    for j, c in enumerate(stripped):
        if in_string:
            if c == '"' and not _escaped(stripped, j):
                in_string = False
        elif c == '"':
            in_string = True
        elif c == ",":
            rest = stripped[j + 1:].lstrip()
            if rest[:1] in ("}", "]"):
                continue
        result.append(c)
    return json.loads("".join(result))


def _escaped(text, j):
    slashes = 0
    while j - 1 - slashes >= 0 and text[j - 1 - slashes] == "\\":
        slashes += 1
    return slashes % 2 == 1
