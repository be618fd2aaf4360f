#!/usr/bin/env python3
"""Unity builds compile the .cpp files of one folder together (CMakeLists.txt, mkcv_unity_groups),
so the file-local names of two files in one folder meet in one translation unit. Two helpers
with one name and one signature fail to compile; with different signatures they silently
become overloads, and a call in one file may pick the other file's helper. This check fails on
any name defined at file scope (in an anonymous namespace, or static) by two .cpp files of one
folder, so every such meeting is caught here, whatever the batches are.

  unity_names_check.py FOLDER...   (each FOLDER's subfolders are checked one by one)

It reads the code as clang-format lays it out: file-scope definitions start in column 0.
"""
import collections
import pathlib
import re
import sys

# `}  // namespace` closes a namespace; `namespace {` opens the anonymous one.
OPEN_ANONYMOUS = re.compile(r"^namespace \{")
CLOSE = re.compile(r"^\}\s*//\s*namespace")
TYPE = re.compile(r"^(?:template <[^>]*> )?(?:class|struct|union|enum(?: class| struct)?) (\w+)\b(?!;)")
ALIAS = re.compile(r"^using (\w+) =")
# A variable or constant: `constexpr T kName = ...`, `const T name{...}`, `T name = ...;`.
VARIABLE = re.compile(
    r"^(?:static |inline |constexpr |const |thread_local )*[\w:<>,\* &]+?[ \*&](\w+)\s*(?:=|\{|\[)")
# A function: a return type, then an unqualified name and its parameters.
FUNCTION = re.compile(
    r"^(?:\[\[\w+\]\] )?(?:template <.*> )?(?:static |inline |constexpr |\[\[\w+\]\] )*"
    r"[\w:<>,\* &]+?[ \*&](\w+)\(")
SKIP = re.compile(r"^(?://|#|\}|return\b|namespace\b|using namespace\b|case\b|default\b|public|private|protected)")


def file_local_names(path):
    """(name, line, text) of each file-scope definition of internal linkage in `path`."""
    anonymous = 0  # how many anonymous namespaces are open (they nest through named ones)
    stack = []
    names = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if OPEN_ANONYMOUS.match(line):
            stack.append(True)
            anonymous += 1
            continue
        if re.match(r"^namespace [\w:]+ \{", line):
            stack.append(False)
            continue
        if CLOSE.match(line):
            if stack and stack.pop():
                anonymous -= 1
            continue
        if not line or line[0] in " \t" or SKIP.match(line):
            continue
        local = anonymous > 0 or line.startswith("static ")
        if not local:
            continue
        for pattern in (TYPE, ALIAS, FUNCTION, VARIABLE):
            match = pattern.match(line)
            if match:
                name = match.group(1)
                if "::" not in line.split("(")[0].split("=")[0].split(name)[-1]:
                    names.append((name, number, line.strip()))
                break
    return names


def check(folder):
    problems = []
    by_folder = collections.defaultdict(list)
    for path in sorted(pathlib.Path(folder).rglob("*.cpp")):
        by_folder[path.parent].append(path)
    for parent, files in sorted(by_folder.items()):
        seen = {}
        for path in files:
            for name, number, text in file_local_names(path):
                if name in seen and seen[name][0] != path:
                    other, other_number, other_text = seen[name]
                    # Two identical aliases (`using Clock = std::chrono::steady_clock;`) are one.
                    if text.startswith("using ") and text == other_text:
                        continue
                    problems.append(
                        f"{path}:{number}: error: `{name}` is defined at file scope here and in "
                        f"{other}:{other_number}; one unity build compiles both files of "
                        f"{parent}\n  hint: give one of them a name that says what it is "
                        "(docs/development.md#unity-builds)")
                else:
                    seen.setdefault(name, (path, number, text))
    return problems


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    problems = [p for folder in sys.argv[1:] for p in check(folder)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} name(s) meet in a unity build", file=sys.stderr)
        return 1
    print("no file-local name is defined twice in one folder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
