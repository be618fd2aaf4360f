"""The /URI targets of a PDF's link annotations, one a line, as the PDF holds them (string
escapes undone): what a click opens. Objects in compressed streams are read too.

    python3 pdf_uris.py FILE.pdf
"""
import re
import sys
import zlib

data = open(sys.argv[1], "rb").read()
chunks = [data]
for m in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
    try:
        chunks.append(zlib.decompress(m.group(1)))
    except Exception:
        pass
for chunk in chunks:
    for uri in re.findall(rb"/URI\s*\((.*?)\)\s*>>", chunk, re.S):
        print(re.sub(rb"\\([()\\])", rb"\1", uri).decode("latin-1"))
