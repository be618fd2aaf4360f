#!/usr/bin/env python3
"""Every link between the repository's Markdown pages resolves, anchor included.

Usage: docs_links_check.py SOURCE_DIR

Checks two kinds of reference, since pages move and headings get renamed:
- a Markdown link `[text](path.md#anchor)` or `[text](#anchor)` in any .md file: the file
  exists (any relative target, not only .md), and the anchor is a heading of the target page;
- a mention `docs/page.md#anchor` (or `docs/page.md`) in any other text file of the source
  (code comments, hints mkcv prints, test comments): the page exists, and so does the anchor.

Anchors are GitHub's: the heading lowercased, every character that is not a letter, digit,
space, `-` or `_` dropped, spaces made `-`, and `-1`, `-2` … after repeated headings.
Prints one line per broken reference, `file:line: message`, and exits 1 when there is any.
"""
import os
import re
import sys

SKIP_DIRS = {".git", "node_modules", "__pycache__"}
TEXT_SUFFIXES = {".cpp", ".h", ".sh", ".py", ".toml", ".json", ".cmake", ".txt", ".mustache",
                 ".yml", ".yaml", ".1", ".fish", ".bash", ".zsh", ".in", ""}

LINK = re.compile(r"\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+\"[^\"]*\")?\)")
MENTION = re.compile(r"\bdocs/([a-z0-9_-]+\.md)(#[a-z0-9_-]+)?")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading):
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)  # \w is Unicode: letters, digits and `_`
    return text.replace(" ", "-")


def anchors_of(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        in_fence = False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if FENCE.match(line):
                    in_fence = not in_fence
                    continue
                m = None if in_fence else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
                if not m:
                    continue
                base = slug(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
        cache[path] = found
    return cache[path]


def prose_lines(path):
    """The lines of a Markdown file outside fenced code, with inline code spans blanked."""
    in_fence = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                in_fence = not in_fence
                continue
            if not in_fence:
                yield number, re.sub(r"(`+).*?\1", "", line)


def check_target(where, base_dir, target, root, problems):
    path_part, _, anchor = target.partition("#")
    if path_part:
        path = os.path.normpath(os.path.join(base_dir, path_part))
        if not path.startswith(root) or not os.path.exists(path):
            problems.append(f"{where}: {target}: no such file")
            return
    else:
        path = None
    if anchor and path and path.endswith(".md") and anchor not in anchors_of(path):
        problems.append(f"{where}: {target}: {os.path.relpath(path, root)} has no heading #{anchor}")


def main():
    root = os.path.realpath(sys.argv[1])
    problems = []
    checked = 0
    for folder, dirs, files in os.walk(root):
        # A CMake build folder inside the source holds copies and outputs, not sources.
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and
                         not os.path.exists(os.path.join(folder, d, "CMakeCache.txt")))
        for name in sorted(files):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            suffix = os.path.splitext(name)[1]
            if suffix == ".md":
                for number, line in prose_lines(path):
                    for m in LINK.finditer(line):
                        target = m.group(1)
                        if not target or re.match(r"^[a-z][a-z0-9+.-]*\\?:", target):
                            continue  # https:, mailto: …: not ours to check offline
                        checked += 1
                        if target.startswith("#"):
                            if target[1:] not in anchors_of(path):
                                problems.append(f"{rel}:{number}: {target}: no such heading here")
                        else:
                            check_target(f"{rel}:{number}", folder, target, root, problems)
            # This check and its test name pages that are not there, on purpose.
            elif suffix in TEXT_SUFFIXES and not name.startswith("docs_links"):
                try:
                    with open(path, encoding="utf-8") as f:
                        lines = f.readlines()
                except (UnicodeDecodeError, OSError):
                    continue
                for number, line in enumerate(lines, 1):
                    for m in MENTION.finditer(line):
                        checked += 1
                        check_target(f"{rel}:{number}", root, "docs/" + m.group(1) + (m.group(2) or ""),
                                     root, problems)
    for problem in problems:
        print(problem)
    print(f"checked {checked} references, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
