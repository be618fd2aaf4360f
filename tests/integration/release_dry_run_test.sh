#!/usr/bin/env bash
# The release workflow, tested without GitHub (docs/ci.md#releases): .github/workflows/
# release.yml pins every action to a commit, gives each job only the permissions it
# needs, and runs its steps through build_scripts/release.sh, which runs here in a dry run
# (MKCV_RELEASE_DRY_RUN=1: gh and docker are printed, not run): the tag must be the
# version, the .deb gets its .sha256, the release takes both, the image gets a lower-case
# name on ghcr.io with the version's tag.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
RELEASE="$SRC/build_scripts/release.sh"
version="$(sed -nE 's/^project\(mkcv VERSION ([0-9.]+) .*/\1/p' "$SRC/CMakeLists.txt")"
[[ -n "$version" ]] && pass "CMakeLists.txt carries version $version" || fail "no version"

python3 - "$SRC/.github/workflows/release.yml" "$SRC" > workflow.log 2>&1 <<'PY' && status=0 || status=$?
import os, re, sys, yaml
path, src = sys.argv[1], sys.argv[2]
w = yaml.safe_load(open(path))
problems = []
on = w.get("on", w.get(True))
if on.get("push", {}).get("tags") != ["v[0-9]+.[0-9]+.[0-9]+"]:
    problems.append("runs on something else than a version tag")
if w.get("permissions") != {}:
    problems.append("the workflow grants permissions to every job")
for name, job in w["jobs"].items():
    if "permissions" not in job:
        problems.append(f"job {name} has no permissions of its own")
    for step in job["steps"]:
        uses = step.get("uses")
        if uses and not re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", uses):
            problems.append(f"{name}: {uses} is not pinned to a commit")
        for script in re.findall(r"build_scripts/[\w.]+", step.get("run", "")):
            if not os.access(os.path.join(src, script), os.X_OK):
                problems.append(f"{name}: {script} is not an executable file of the repository")
        for command in re.findall(r"release\.sh (\S+)", step.get("run", "")):
            if command not in ("check-tag", "package", "publish", "image"):
                problems.append(f"{name}: release.sh has no command {command}")
if w["jobs"]["image"].get("needs") != "deb":
    problems.append("the image is pushed before the package's tests passed")
if w["jobs"]["image"]["permissions"].get("contents") != "read":
    problems.append("the image job may write the repository")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
expect_status 0 "$status" "release.yml: pinned actions, least permissions, its scripts exist" \
  || cat workflow.log >&2

# The tag must be the version.
"$RELEASE" check-tag "v$version" > tag.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "v$version is the version"
"$RELEASE" check-tag v9.9.9 > bad-tag.log 2>&1 && status=0 || status=$?
expect_status 1 "$status" "another tag is refused"
contains "$(cat bad-tag.log)" "::error::the tag \"v9.9.9\" is not the version in CMakeLists.txt (v$version)" \
  "with an annotation that says why"

# The package step: the .deb the build made gets its .sha256 (a dry run does not build it).
export MKCV_RELEASE_DRY_RUN=1 MKCV_RELEASE_BUILD_DIR="$WORK/build"
mkdir -p build
deb="mkcv_${version}_amd64.deb"
"$RELEASE" package > package.log 2>&1 && status=0 || status=$?
expect_status 1 "$status" "no .deb: the package step fails"
printf 'a package\n' > "build/$deb"
"$RELEASE" package > package.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "the package step"
(cd build && sha256sum --check --quiet "$deb.sha256") && pass "its .sha256 matches" \
  || fail "no matching .sha256"
"$RELEASE" publish "v$version" > publish.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "the publish step"
contains "$(cat publish.log)" "dry run: gh release create v$version --title mkcv\\ $version --notes See\\ CHANGELOG.md. $WORK/build/$deb $WORK/build/$deb.sha256" \
  "the release of the tag takes the .deb and its .sha256"
printf 'another package\n' > "build/$deb"
"$RELEASE" publish "v$version" > tampered.log 2>&1 && status=0 || status=$?
expect_status 1 "$status" "a .deb changed after its .sha256 is not published"
"$RELEASE" publish v0.0.1 > wrong.log 2>&1 && status=0 || status=$?
expect_status 1 "$status" "nor under another tag"

# The image: ghcr.io takes lower-case names, tagged with the version and latest.
"$RELEASE" image "v$version" Some-Owner/MkCV > image.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "the image step"
contains "$(cat image.log)" "dry run: docker build --pull -t ghcr.io/some-owner/mkcv:$version -t ghcr.io/some-owner/mkcv:latest ." \
  "a lower-case image name with the version's tag"
contains "$(cat image.log)" "dry run: docker push ghcr.io/some-owner/mkcv:$version" "pushed"
"$RELEASE" image "v$version" 'owner/repo;rm -rf /' > bad-image.log 2>&1 && status=0 || status=$?
expect_status 1 "$status" "a repository name that is not OWNER/REPO is refused"
finish
