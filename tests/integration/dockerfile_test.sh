# The container recipe (Dockerfile). This machine cannot run Docker, so the file is read:
# it builds the Debian package with the project's own set-up script, and its image installs
# that package and nothing else by hand, so the image's packages are the package's Depends.
# Then the runtime stage's install step runs here with apt-get simulating, against the .deb
# CPack makes from this build: every Depends is met by a Debian 12 set up as setup.sh does.
source "$(dirname "$0")/lib.sh"
cd "$WORK"

python3 - "$SRC/Dockerfile" "$SRC/.dockerignore" /etc/os-release > dockerfile.log 2>&1 <<'PY' &&
import re, shlex, sys
text = open(sys.argv[1]).read()
# Instructions, with continuation lines joined and comments dropped.
lines = [l for l in text.replace("\\\n", " ").splitlines() if l.strip() and not l.lstrip().startswith("#")]
instructions = [(l.split(None, 1)[0].upper(), l.split(None, 1)[1].strip()) for l in lines]
stages, current = [], None
for op, arg in instructions:
    if op == "FROM":
        current = {"from": arg, "steps": []}
        stages.append(current)
    else:
        current["steps"].append((op, arg))
assert len(stages) == 2, f"two stages, not {len(stages)}"
os_release = dict(l.split("=", 1) for l in open(sys.argv[3]).read().split("\n") if "=" in l)
debian = os_release.get("VERSION_ID", "").strip('"')
for stage in stages:
    image = stage["from"].split()[0]
    assert re.fullmatch(r"debian:%s(-slim)?" % debian, image), \
        f"{image}: the image must be the Debian {debian} the package is built and tested on"
builder, runtime = stages
assert builder["from"].endswith(" AS package"), builder["from"]
build = " ".join(arg for op, arg in builder["steps"] if op == "RUN")
assert "build_scripts/setup.sh" in build, "the package is built with setup.sh's packages"
assert "--target package" in build, "the builder makes the .deb with CPack"
assert "-DMKCV_BUILD_TESTS=OFF" in build, "no tests in the image's build"
runs = [arg for op, arg in runtime["steps"] if op == "RUN"]
assert len(runs) == 2, f"two RUNs in the image, the install and the formats: {runs}"
assert "mkcv doctor --warm" in runs[1] and "zh" in runs[1], f"the formats made at image build: {runs[1]}"
assert "MKCV_FORMAT_CACHE=/var/cache/mkcv/formats" in runs[1], runs[1]
installs = [c.strip() for c in runs[0].split("&&") if "apt-get install" in c]
assert len(installs) == 1, installs
words = shlex.split(installs[0])
assert "--no-install-recommends" in words, "Depends only, no Recommends"
args = [w for w in words[words.index("install") + 1:] if not w.startswith("-")]
# Of the Recommends, only Noto CJK: a CJK name in an English CV needs it.
assert args == ["/tmp/deb/mkcv_*_amd64.deb", "fonts-noto-cjk"], f"the image installs by hand: {args}"
copies = [arg for op, arg in runtime["steps"] if op == "COPY"]
assert copies == ["--from=package /deb/ /tmp/deb/"], copies
steps = dict((op, arg) for op, arg in runtime["steps"])
assert steps.get("ENTRYPOINT") == '["mkcv"]', steps.get("ENTRYPOINT")
assert steps.get("WORKDIR") == "/cv", steps.get("WORKDIR")
assert "HOME=/tmp" in steps.get("ENV", ""), "any user id needs a writable HOME for TeX's caches"
ignored = open(sys.argv[2]).read().split()
for path in ("build/", "build-*/", ".git/", "out/"):
    assert path in ignored, f".dockerignore lacks {path}"
PY
  pass "Dockerfile: Debian $(. /etc/os-release && echo "$VERSION_ID"), the .deb and nothing else" ||
  { cat dockerfile.log; fail "Dockerfile"; }

# The runtime stage's RUN, as written, with apt-get simulating against this build's .deb.
build_dir="$(dirname "$MKCV")"
cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$WORK/pkg" > cpack.log 2>&1 ||
  { cat cpack.log; fail "cpack"; finish; }
mkdir -p deb bin
cp "$WORK"/pkg/mkcv_*_amd64.deb deb/
run="$(python3 - "$SRC/Dockerfile" <<'PY'
import sys
text = open(sys.argv[1]).read().replace("\\\n", " ")
stage = text.split("\nFROM ")[-1]
print(next(l.strip()[4:] for l in stage.splitlines() if l.strip().startswith("RUN ")))
PY
)"
# apt-get update and rm of the lists would touch this machine: the install is what matters.
cat > bin/apt-get <<'SH'
#!/usr/bin/env bash
[[ "$1" == update ]] && exit 0
exec /usr/bin/apt-get -o DPkg::Lock::Timeout=600 -s "$@"
SH
chmod +x bin/apt-get
run="${run//rm -rf \/tmp\/deb \/var\/lib\/apt\/lists\/\*/true}"
run="${run//\/tmp\/deb/$WORK/deb}"
PATH="$WORK/bin:$PATH" bash -euo pipefail -c "$run" > simulate.log 2>&1 ||
  { cat simulate.log; fail "the image's install step, simulated"; }
inst="$(grep '^Inst ' simulate.log | awk '{print $2}' | sort | tr '\n' ' ')"
[[ "$inst" == "mkcv " ]] && pass "every Depends is met by the packages setup.sh installs" ||
  fail "the install would also bring: $inst"
finish
