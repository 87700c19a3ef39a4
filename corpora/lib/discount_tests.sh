#!/bin/sh
# Extract discount's own regression tests (tests/*.t: `try [-flags] NAME
# INPUT EXPECTED`) as test inputs: OUT/dt-<file>-<n>.md (+ .flags when the
# test passes flags to markdown).  Usage: discount_tests.sh DISCOUNT_SRC OUT
set -eu
src=$1; out=$2
mkdir -p "$out"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tests"
cat > "$tmp/tests/functions.sh" <<'FN'
__n=0
title() { :; }
summary() { :; }
match() { :; }
try() {
    FLAGS=
    while [ "$1" ]; do
        case "$1" in -*) FLAGS="$FLAGS $1"; shift ;; *) break ;; esac
    done
    __n=$((__n + 1))
    case "$2" in -t*) return 0 ;; esac
    f=$OUT/dt-$T-$(printf %03d $__n)
    printf '%s\n' "$2" > "$f.md"
    [ -n "$FLAGS" ] && printf '%s\n' "$FLAGS" > "$f.flags"
    return 0
}
FN
for t in "$src"/tests/*.t; do
    name=$(basename "$t" .t)
    (cd "$tmp" && OUT=$out T=$name; export OUT T; sh -c ". '$t'" >/dev/null 2>&1 || true)
done
ls "$out" | grep -c '^dt-.*\.md$'
