#!/usr/bin/env bash
# Builds knightd from exactly what the image's build gets, with no Docker
# engine: reads the Dockerfile's build stage (its COPY/ADD sources and its
# `cargo build` command) and .dockerignore, assembles that build context in
# target/image-context/, and runs the build stage's own command there,
# offline, into a target directory of its own, target/image-build/ (kept
# between runs, so a rebuild compiles only what changed), then copies the
# binary to target/release/knightd, which the release scripts run. Its own
# directory because cargo names a workspace package's artifacts by its path
# within the workspace: built into the checkout's target/, the context's
# copy of the sources and the checkout's would share artifacts, and a later
# `cargo build --release` could keep ones built from the older copy.
#
# A file the image would lack fails here with its name: first by a check of
# every include_str!/include_bytes! of the sources, then by the build itself.
#
#   scripts/image-context.sh             assemble and build
#   scripts/image-context.sh --list      print the context's files, build nothing
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
context=$repo/target/image-context

# The build stage, read by a small parser: its COPY/ADD sources (flags
# dropped, the last word being the destination), its WORKDIR, and the
# `cargo build` command of its RUN (BuildKit's --mount flags dropped, and
# anything after `&&`, such as copying the binary out of a cache mount).
plan=$(python3 - <<'PY'
import shlex, sys
lines, joined = [], ""
for raw in open("Dockerfile"):
    line = raw.rstrip("\n")
    if line.lstrip().startswith("#") and not joined:
        continue
    if line.endswith("\\"):
        joined += line[:-1] + " "
        continue
    lines.append(joined + line)
    joined = ""
stage, sources, workdir, command = 0, [], "/", None
for line in lines:
    words = shlex.split(line, comments=True) if line.strip() else []
    if not words:
        continue
    op = words[0].upper()
    if op == "FROM":
        stage += 1
        if stage > 1:
            break
        continue
    if op == "WORKDIR":
        workdir = words[1]
    elif op in ("COPY", "ADD"):
        if any(w.startswith("--from") for w in words[1:]):
            continue
        args = [w for w in words[1:] if not w.startswith("--")]
        dest = args[-1]
        for src in args[:-1]:
            sources.append((src, dest))
    elif op == "RUN" and "cargo" in words and "build" in words:
        run = [w for w in words[1:] if not w.startswith("--mount")]
        if "&&" in run:
            run = run[: run.index("&&")]
        command = run
if command is None:
    sys.exit("image-context: the Dockerfile's build stage has no RUN ... cargo build")
print("WORKDIR\t" + workdir)
for src, dest in sources:
    print(f"COPY\t{src}\t{dest}")
print("RUN\t" + shlex.join(command))
PY
)
workdir=$(printf '%s\n' "$plan" | awk -F'\t' '$1 == "WORKDIR" {print $2}')
command=$(printf '%s\n' "$plan" | awk -F'\t' '$1 == "RUN" {print $2}')

# The files .dockerignore leaves in the context (Docker's matching: a
# pattern matches a path or any folder above it; `**` any depth).
files=$(python3 - <<'PY'
import fnmatch, os, re
patterns = []
if os.path.exists(".dockerignore"):
    for line in open(".dockerignore"):
        line = line.strip()
        if line and not line.startswith("#"):
            patterns.append(line)
def matches(pattern, path):
    pattern = os.path.normpath(pattern.lstrip("/"))
    regex = fnmatch.translate(pattern).replace(".*", "[^/]*").replace("[^/]*[^/]*", ".*")
    return re.match(regex, path) is not None
def ignored(path):
    parts = path.split("/")
    verdict = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        body = pattern[1:] if negate else pattern
        if any(matches(body, "/".join(parts[:i])) for i in range(1, len(parts) + 1)):
            verdict = not negate
    return verdict
for top, dirs, names in os.walk("."):
    dirs[:] = [d for d in dirs if not (top == "." and d in (".git", "target"))]
    for name in names:
        path = os.path.normpath(os.path.join(top, name))
        if not ignored(path):
            print(path)
PY
)

rm -rf "$context"
mkdir -p "$context"
while IFS=$'\t' read -r kind src dest; do
  [ "$kind" = COPY ] || continue
  case "$dest" in
    /*) target_dir=$dest ;;
    *) target_dir=$workdir/$dest ;;
  esac
  # Paths inside the build stage's WORKDIR land at the context's root.
  rel=${target_dir#"$workdir"}
  rel=${rel#/}
  src=${src%/}
  matched=0
  while IFS= read -r file; do
    if [ "$file" = "$src" ] || [ "$src" = "." ] || [[ "$file" == "$src"/* ]]; then
      matched=1
      if [ "$file" = "$src" ] && [[ "$dest" == */ || "$dest" == "." || "$dest" == "./" ]]; then
        out=$context/${rel:+$rel/}$(basename "$file")
      elif [ "$file" = "$src" ]; then
        out=$context/$rel
      else
        out=$context/${rel:+$rel/}${file#"$src"/}
      fi
      mkdir -p "$(dirname "$out")"
      cp -p "$file" "$out"
    fi
  done <<< "$files"
  if [ "$matched" = 0 ]; then
    echo "image-context: COPY $src: nothing of that name reaches the build (missing, or left out by .dockerignore)" >&2
    exit 1
  fi
done <<< "$plan"

if [ "${1:-}" = "--list" ]; then
  (cd "$context" && find . -type f | sort)
  exit 0
fi

# Every file the sources embed must be in the context: each include_str!/
# include_bytes! path, and each string that names a file of the checkout
# relative to its source (the page's files go through a macro). Test modules
# and the files only tests build are left out: the image does not build them.
missing=$(cd "$context" && REPO="$repo" python3 - <<'PY'
import glob, os, re
repo = os.environ["REPO"]
missing = set()
for rs in glob.glob("**/*.rs", recursive=True):
    parts = rs.split(os.sep)
    # Test-only: tests, benches and examples (the dev-only references
    # crate is checked: it is a workspace member).
    if "tests" in parts or "benches" in parts or "examples" in parts:
        continue
    text = open(rs, errors="ignore").read().split("#[cfg(test)]")[0]
    for m in re.finditer(r'"([^"\\\n]*/[^"\\\n]*)"', text):
        path = os.path.normpath(os.path.join(os.path.dirname(rs), m.group(1)))
        if path.startswith("..") or os.path.exists(path):
            continue
        if os.path.isfile(os.path.join(repo, path)):
            missing.add(f"{path} (named by {rs})")
print("\n".join(sorted(missing)))
PY
)
if [ -n "$missing" ]; then
  echo "image-context: the image's build would lack these files (Dockerfile COPY / .dockerignore):" >&2
  printf '%s\n' "$missing" | sed 's/^/  /' >&2
  exit 1
fi

echo "image-context: $(find "$context" -type f | wc -l) files, as the Dockerfile's build stage gets them; running: $command"
(cd "$context" && CARGO_TARGET_DIR="$repo/target/image-build" CARGO_NET_OFFLINE=true bash -c "$command")
mkdir -p "$repo/target/release"
# A new file, not written through a link cargo may hold to its own build.
rm -f "$repo/target/release/knightd"
# The profile the Dockerfile's command builds (its `--profile`, else release).
profile=$(printf '%s\n' "$command" | sed -n 's/.*--profile \([A-Za-z0-9_-]*\).*/\1/p')
cp "$repo/target/image-build/${profile:-release}/knightd" "$repo/target/release/knightd"
echo "image-context: built target/release/knightd from the image's context"
