# Shared helpers for the corpus generators (sourced, not run).
#
# Everything downloaded or built lives under $CACHE (outside the repository);
# a generator writes nothing into the work tree except corpora/<app>.jsonl.gz
# and corpora/<app>/runs/.  Only the Debian archive (apt-get source, through a
# private apt state so the system's sources are untouched) and the npm
# registry (npm pack, pinned versions) are contacted.

set -euo pipefail

CORPORA_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_DIR=$(cd "$CORPORA_DIR/.." && pwd)
CACHE=${SMART_CORPUS_CACHE:-$HOME/.cache/smart-corpora}
SEED=${SMART_CORPUS_SEED:-20260521}
JOBS=${SMART_CORPUS_JOBS:-2}
SMART=${SMART:-$REPO_DIR/build/release/smart}
PY=${PYTHON:-python3}
export LC_ALL=C.UTF-8 TZ=UTC SOURCE_DATE_EPOCH=1700000000
mkdir -p "$CACHE"

log() { printf '[%s] %s\n' "${APP:-corpora}" "$*" >&2; }

# Private apt state with deb-src lines for the Debian releases we take
# versions from (bullseye, bookworm, trixie).
APT_DIR=$CACHE/apt
apt_opts() {
    printf '%s\n' -o "Dir::Etc::SourceList=$APT_DIR/sources.list" \
        -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$APT_DIR/lists"
}
apt_init() {
    [ -f "$APT_DIR/.updated" ] && return 0
    mkdir -p "$APT_DIR/lists/partial"
    cat > "$APT_DIR/sources.list" <<'SRC'
deb-src http://deb.debian.org/debian bullseye main
deb-src http://deb.debian.org/debian bookworm main
deb-src http://deb.debian.org/debian trixie main
SRC
    local opts; mapfile -t opts < <(apt_opts)
    apt-get -q "${opts[@]}" update >&2
    touch "$APT_DIR/.updated"
}

# debian_source PKG VERSION -> prints the unpacked source directory (cached).
debian_source() {
    local pkg=$1 ver=$2 dest=$CACHE/src/$1_$2
    if [ ! -f "$dest/.done" ]; then
        apt_init
        local opts; mapfile -t opts < <(apt_opts)
        rm -rf "$dest"; mkdir -p "$dest"
        (cd "$dest" && apt-get -q "${opts[@]}" source --download-only "$pkg=$ver" >&2 \
            && dpkg-source --no-check -x ./*.dsc unpacked >&2)
        touch "$dest/.done"
    fi
    echo "$dest/unpacked"
}

# npm_package NAME VERSION -> prints the unpacked package directory (cached).
# Installs its runtime dependencies (devDependencies dropped first; ranges
# resolved at the first fetch, the lock file is kept in the cache).
npm_package() {
    local name=$1 ver=$2 dest=$CACHE/npm/${1//\//_}@$2
    if [ ! -f "$dest/.done" ]; then
        rm -rf "$dest"; mkdir -p "$dest"
        (cd "$dest" && npm pack --silent "$name@$ver" >/dev/null \
            && mkdir package && tar -xzf ./*.tgz -C package --strip-components=1 \
            && cd package \
            && node -e 'const f="package.json",p=require("./"+f);delete p.devDependencies;require("fs").writeFileSync(f,JSON.stringify(p,null,2))' \
            && npm install --silent --omit=dev --ignore-scripts --no-audit --no-fund >&2)
        touch "$dest/.done"
    fi
    echo "$dest/package"
}

# apt_install [--no-recommends] PKG... -- installs the Debian packages that
# are missing (the generators that run an application from Debian need it
# on the machine; waits for a concurrent apt's lock; an old package list is
# refreshed once).  --no-recommends: without their recommends (a web
# application's would bring Apache).
apt_install() {
    local p missing= opt=
    if [ "${1:-}" = --no-recommends ]; then opt=--no-install-recommends; shift; fi
    for p; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    [ -n "$missing" ] || return 0
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q $opt $missing >&2 ||
        { apt-get -o DPkg::Lock::Timeout=1200 update -q >&2 &&
          DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q $opt $missing >&2; }
}

# The smart binary (for mutate/perturb); built from the repository if absent.
# need_smart SUBCOMMAND -- fails unless $SMART has it.  With
# SMART_CORPUS_ALLOW_MISSING=1 (development only) a missing subcommand is
# reported and its pairs are left out instead.
need_smart() {
    if [ ! -x "$SMART" ]; then (cd "$REPO_DIR" && make -s -j2 >&2); fi
    "$SMART" "$1" -h >/dev/null 2>&1 && return 0
    log "smart $1 is not available in $SMART"
    [ "${SMART_CORPUS_ALLOW_MISSING:-0}" = 1 ] || exit 1
    return 1
}

# run_suite PREPARED_SRC OUT_DIR [RUNS [OPTS]] -- builds a scratch copy of
# the prepared tree with its smart-build.sh, runs smart-run.sh RUNS times
# (default 1) and keeps each run's outputs as OUT_DIR/run-K/ (cached: skipped
# when OUT_DIR/.done exists).  OPTS reaches smart-run.sh as $SMART_RUN_OPTS
# (extra application options for a variant run), and run K sees
# SMART_RUN_SEED=K (the JavaScript harness seeds Math.random with it; runs
# of `smart mutate` leave it unset, i.e. seed 1, the same as run 1).
run_suite() {
    local src=$1 out=$2 runs=${3:-1} k scratch
    export SMART_RUN_OPTS=${4:-}
    [ -f "$out/.done" ] && return 0
    rm -rf "$out"; mkdir -p "$out"
    scratch=$(mktemp -d "$CACHE/tmp.XXXXXX")
    cp -a "$src/." "$scratch/"
    (cd "$scratch" && sh smart-build.sh >&2)
    for k in $(seq 1 "$runs"); do
        rm -rf "$scratch/out"
        # run k draws its random numbers from seed k (JavaScript harness)
        (cd "$scratch" && SMART_RUN_SEED=$k sh smart-run.sh >&2)
        mv "$scratch/out" "$out/run-$k"
    done
    rm -rf "$scratch"
    export SMART_RUN_OPTS=
    touch "$out/.done"
}

# keep_runs DIR [DEST] -- stores the clean runs DIR/run-K as
# DEST/run-K.tar.gz (default DEST: corpora/$APP/runs; deterministic
# tar+gzip), for the volatility profiles.
keep_runs() {
    local dir=$1 dest=${2:-$CORPORA_DIR/$APP/runs} r
    mkdir -p "$dest"
    for r in "$dir"/run-*; do
        tar -h --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
            -C "$r" -cf - . | gzip -n -9 > "$dest/$(basename "$r").tar.gz"
    done
}

# smoke_sessions FILE NAME COUNT -- cuts a sessions.json down to the first
# COUNT requests of its session NAME, for a generator's --smoke run.
smoke_sessions() {
    "$PY" - "$1" "$2" "$3" <<'PY'
import json, sys
path, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
s = json.load(open(path))
kept = next(x for x in s["sessions"] if x["name"] == name)
s["sessions"] = [{"name": name, "requests": kept["requests"][:count]}]
json.dump(s, open(path, "w"))
PY
}

# mutants PREPARED_SRC FILES N OUT.jsonl [SEED] -- seeded faults via
# `smart mutate` (cached per output file; SEED defaults to $SEED).
mutants() {
    local src=$1 files=$2 n=$3 out=$4 seed=${5:-$SEED}
    [ -f "$out" ] && [ -f "$out.done" ] && return 0
    need_smart mutate || { : > "$out"; return 0; }
    "$SMART" mutate --src "$src" --files "$files" --build "sh smart-build.sh" \
        --run "sh smart-run.sh" --outputs out -n "$n" --seed "$seed" -j "$JOBS" \
        --app "$APP" -o "$out" >&2
    touch "$out.done"
}

# mutants_timed PREPARED_SRC FILES SECONDS OUT.jsonl [SEED] -- seeded faults
# via `smart mutate` for SECONDS, at most 8 pages a mutant, niced, one job
# (a served application's mutant runs share one port); cached per output
# file; SEED defaults to $SEED.
mutants_timed() {
    local src=$1 files=$2 secs=$3 out=$4 seed=${5:-$SEED}
    [ -f "$out" ] && [ -f "$out.done" ] && return 0
    nice -n 10 "$SMART" mutate --src "$src" --files "$files" --build 'sh smart-build.sh' \
        --run 'sh smart-run.sh' --outputs out --time "$secs" --per-mutant 8 --seed "$seed" \
        -j 1 --app "$APP" -o "$out" >&2
    touch "$out.done"
}

# perturbs CLEAN_OUT_DIR N OUT.jsonl -- output-level perturbations via
# `smart perturb`: its benign operators (PERTURB_OPS) give ignore pairs.
perturbs() {
    local in=$1 n=$2 out=$3
    [ -f "$out" ] && [ -f "$out.done" ] && return 0
    need_smart perturb || { : > "$out"; return 0; }
    "$SMART" perturb --in "$in" --operators "$PERTURB_OPS" -n "$n" \
        --seed "$SEED" --app "$APP" -o "$out" >&2
    touch "$out.done"
}

# assemble ARGS... -- lib/assemble.py writing corpora/$APP.jsonl.gz and the
# unlabelled pairs to corpora/$APP/unlabelled.jsonl.gz; prints the counts.
# The guide (lib/label.py) reads HTML with html5lib, Debian's package for
# Debian's Python: GUIDE_PY is that Python unless $PYTHON names another.
GUIDE_PY=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
assemble() {
    mkdir -p "$CORPORA_DIR/$APP"
    apt_install python3-html5lib
    "$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" \
        -o "$CORPORA_DIR/$APP.jsonl.gz" --unlabelled "$CORPORA_DIR/$APP/unlabelled.jsonl.gz" "$@" \
        | tee "$CORPORA_DIR/$APP/counts.txt"
}

# prune_empty PREPARED_SRC TESTS_SUBDIR CLEAN_RUN_DIR -- removes the test
# inputs whose clean output is empty (nothing to compare; `smart mutate`
# would count every mutant as killed on them).
prune_empty() {
    local src=$1 tests=$2 run=$3 f b
    for f in "$run"/*; do
        [ -s "$f" ] && continue
        b=$(basename "$f"); b=${b%.*}
        rm -f "$src/$tests/$b".*
    done
}

# npm_app -- the whole generator of a JavaScript markdown corpus.  Expects
# APP, PKG, API, MUT_VERSION, MUT_FILES, VERSIONS (release chain, oldest
# first; consecutive releases form the version pairs), VARIANTS (renderer
# option objects as JSON, rerun pairs), MUTANTS.
npm_app() {
    local W=$CACHE/work/$APP v prev i
    local SPEC; SPEC=$(debian_source cmark 0.30.2-6)
    if [ ! -f "$W/tests/.done" ]; then
        rm -rf "$W/tests"
        "$PY" "$CORPORA_DIR/lib/mdtests.py" "$SPEC" "$W/tests" >/dev/null
        touch "$W/tests/.done"
    fi
    # one prepared tree per release: the package, the tests, the runner
    for v in "${VERSIONS[@]}" "$MUT_VERSION"; do
        [ -f "$W/v-$v/.done" ] && continue
        local pkg; pkg=$(npm_package "$PKG" "$v")
        rm -rf "$W/v-$v"; mkdir -p "$W/v-$v"
        cp -a "$pkg/." "$W/v-$v/"
        cp -a "$W/tests" "$W/v-$v/tests-in"
        cp "$CORPORA_DIR/lib/mdrun.mjs" "$W/v-$v/smart-mdrun.mjs"
        printf '%s\n' 'true' > "$W/v-$v/smart-build.sh"
        printf 'timeout --foreground 600 node smart-mdrun.mjs %s . tests-in out "$SMART_RUN_OPTS"\n' "$API" \
            > "$W/v-$v/smart-run.sh"
        touch "$W/v-$v/.done"
    done

    log "clean runs of $PKG $MUT_VERSION"
    run_suite "$W/v-$MUT_VERSION" "$W/clean" 3
    keep_runs "$W/clean"
    prune_empty "$W/v-$MUT_VERSION" tests-in "$W/clean/run-1"

    local DIRS=()
    prev=
    for v in "${VERSIONS[@]}"; do
        log "release $v"
        run_suite "$W/v-$v" "$W/release-$v" 1
        [ -n "$prev" ] && DIRS+=(--dirs version "$W/release-$prev/run-1" "$W/release-$v/run-1" \
            "$PKG $prev -> $v" "$VERSION_CAP")
        prev=$v
    done
    for i in "${!VARIANTS[@]}"; do
        log "rerun with ${VARIANTS[$i]}"
        run_suite "$W/v-$MUT_VERSION" "$W/variant-$i" 1 "${VARIANTS[$i]}"
        DIRS+=(--dirs rerun "$W/clean/run-1" "$W/variant-$i/run-1" \
            "$PKG $MUT_VERSION rerun with options ${VARIANTS[$i]}" "$VARIANT_CAP")
    done
    # clean runs that differ from each other (random output): rerun pairs
    for i in 2 3; do
        DIRS+=(--dirs rerun "$W/clean/run-1" "$W/clean/run-$i" \
            "$PKG $MUT_VERSION clean rerun with Math.random seed $i" 0)
    done

    log "mutants"
    mutants "$W/v-$MUT_VERSION" "$MUT_FILES" "$MUTANTS" "$W/mutant-$SEED-$MUTANTS.jsonl"

    log "perturbations"
    perturbs "$W/clean/run-1" 200 "$W/perturb-$SEED.jsonl"

    assemble "${DIRS[@]}" \
        --pairs mutant "$W/mutant-$SEED-$MUTANTS.jsonl" "$PER_MUTANT" "$MUTANT_CAP" \
        --pairs perturb "$W/perturb-$SEED.jsonl" 0 "$PERTURB_CAP"
}
PERTURB_OPS=${PERTURB_OPS:-reindent,attr-order,attr-quote,self-close,tag-case,text-date}
PER_MUTANT=10 MUTANT_CAP=300 PERTURB_CAP=200 VERSION_CAP=60 VARIANT_CAP=150
