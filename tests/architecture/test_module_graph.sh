#!/bin/sh
# The module graph the #include lines imply, checked against the "may use"
# table of docs/architecture.md. Every library file (the Makefile's
# LIB_DIRS, and the public headers include/smart/*.h, each counted in the
# module that owns it) is read for its #include "..." lines; an include of
# another folder's header, or of a public header another module owns, is
# an edge FOLDER -> FOLDER. The graph is printed; the test fails on an edge
# the table does not allow, and on an include of another module's private
# header: other modules are used through include/smart/, common/'s headers
# and the few headers a module shares with the others (SHARED below, each
# listed in docs/architecture.md).
cd "$(dirname "$0")/../.." || exit 2

# Who may use whom (docs/architecture.md, "Who may use whom"). common/ holds
# the error convention, so every module may use it; cli/ may use everything
# and is not checked.
allowed() {
	case $1 in
	common)   echo "" ;;
	diffx)    echo "common" ;;
	plot)     echo "common" ;;
	shapes)   echo "common" ;;
	# Scrubbing uses the value shapes through smart/shapes.h only.
	scrub)    echo "common diffx shapes" ;;
	profile)  echo "common diffx shapes" ;;
	compare)  echo "common diffx" ;;
	features) echo "common diffx" ;;
	model)    echo "common features" ;; # features' vector type only
	# A record names its documents' format (smart_format), sniffs it when
	# absent, and refuses lines longer than the input limit lets the parser
	# read (smart/limits.h): the words of diffx, not a copy of them.
	corpus)   echo "common diffx" ;;
	# The measuring stage: parse, scrub, align, judge, features.
	measure)  echo "common diffx shapes scrub profile compare features" ;;
	train)    echo "common diffx plot shapes scrub profile compare features model measure corpus" ;;
	# classify/ sits on the measuring stage, beside train/, not on it.
	classify) echo "common diffx plot shapes scrub profile compare features model measure corpus" ;;
	mutate)   echo "common diffx corpus" ;;
	perturb)  echo "common diffx corpus" ;;
	# Replaying a session means reading its pages: links to follow and the
	# CSRF tokens of forms are found in the parsed page (smart/tree.h).
	replay)   echo "common diffx" ;;
	*)        echo "UNKNOWN" ;;
	esac
}

# Headers a module shares with the other library modules, beyond its public
# ones (not in include/smart.h: programs using libsmart may not include
# them). Each is listed, with its users, in docs/architecture.md.
shared() {
	case $1 in
	diffx/tree_libxml.h) ;; # libxml2's document <-> smart_tree: compare/, perturb/
	diffx/ptree.h) ;;       # the mutable tree: profile/ (normalising)
	corpus/pair_write.h) ;; # a seeded record as a JSON line: mutate/, perturb/
	*) return 1 ;;
	esac
}

# The module that owns each public header (where it is implemented).
# smart.h includes every header: a module including it uses them all.
owner_of_public() {
	case $1 in
	smart.h) echo "ALL(smart.h)" ;;
	smart/error.h|smart/file.h|smart/version.h|smart/shard.h|smart/progress.h) echo common ;;
	smart/tree.h|smart/diffx.h|smart/patch.h|smart/tree_write.h|smart/limits.h) echo diffx ;;
	smart/html_parser.h|smart/tree_dump.h) echo diffx ;;
	smart/plot.h) echo plot ;;
	smart/shapes.h) echo shapes ;;
	smart/scrub.h) echo scrub ;;
	smart/profile.h) echo profile ;;
	smart/compare.h) echo compare ;;
	smart/features.h) echo features ;;
	smart/model.h) echo model ;;
	smart/measure.h|smart/signature.h|smart/change_group.h) echo measure ;;
	smart/corpus.h) echo corpus ;;
	smart/train.h|smart/feature_means.h|smart/eval.h|smart/profile_set.h|smart/train_corpora.h|smart/value_model.h) echo train ;;
	smart/classify.h|smart/explain.h|smart/accepted.h) echo classify ;;
	smart/mutate.h) echo mutate ;;
	smart/perturb.h) echo perturb ;;
	smart/replay.h) echo replay ;;
	*) echo "UNKNOWN" ;;
	esac
}

dirs=$(sed -n 's/^LIB_DIRS *:= *//p' Makefile)
[ -n "$dirs" ] || { echo "not ok - module_graph_reads_lib_dirs"; exit 1; }
echo "ok - module_graph_reads_lib_dirs"

edges=$(mktemp)
problems=$(mktemp)
trap 'rm -f "$edges" "$problems"' EXIT

# scan FOLDER FILE...: one "FOLDER TARGET HEADER" line per cross-module include.
scan() {
	from=$1; shift
	for file in "$@"; do
		[ -f "$file" ] || continue
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file" |
		while read -r header; do
			header=${header#../} # diffx/'s "../common/arena.h"
			case $header in
			smart.h|smart/*) to=$(owner_of_public "$header") ;;
			*/*) to=${header%%/*} ;;
			*) to=$from ;; # a header beside the file
			esac
			[ "$to" = "$from" ] && continue
			echo "$from $to $header $file"
		done
	done
}

for d in $dirs; do
	scan "$d" "$d"/*.c "$d"/*.h
done >"$edges"
for h in include/smart/*.h; do
	scan "$(owner_of_public "smart/${h##*/}")" "$h"
done >>"$edges"

echo "# module graph (FROM -> TO: includes):"
awk '{ n[$1 " -> " $2]++ } END { for (e in n) printf "#   %s: %d\n", e, n[e] }' "$edges" | sort

# check: reads "FROM TO HEADER FILE" edges, prints one line per edge the
# table does not allow.
check() {
	while read -r from to header file; do
		ok=$(allowed "$from")
		if [ "$to" = UNKNOWN ] || [ "$ok" = UNKNOWN ]; then
			echo "$file: $header: module not in the table (add it to docs/architecture.md and this test)"
			continue
		fi
		case " $ok " in
		*" $to "*) ;;
		*) echo "$file: $header: $from may not use $to"; continue ;;
		esac
		case $header in
		smart.h|smart/*|common/*) ;;
		*) shared "$header" ||
			echo "$file: $header: private header of $to (use include/smart/)" ;;
		esac
	done
}

# The check itself catches what it must: an edge against the flow, a
# private header of an allowed module, and a module missing from the table.
caught=$(printf '%s\n' \
	"diffx features smart/features.h diffx/example.c" \
	"compare diffx diffx/tree_internal.h compare/example.c" \
	"corpus train smart/train.h corpus/example.c" \
	"replay profile profile/internal.h replay/example.c" \
	"newdir common common/array.h newdir/example.c" |
	check | wc -l)
allowed_edges=$(printf '%s\n' \
	"profile diffx diffx/ptree.h profile/example.c" \
	"corpus diffx smart/limits.h corpus/example.c" |
	check | wc -l)
if [ "$caught" -eq 5 ] && [ "$allowed_edges" -eq 0 ]; then
	echo "ok - module_graph_check_refuses_forbidden_edges"
else
	echo "not ok - module_graph_check_refuses_forbidden_edges ($caught of 5 caught, $allowed_edges allowed edges refused)"
fi

# Every shared header is documented where a newcomer looks for it.
undocumented=$(sed -n 's/^[[:space:]]*\([a-z]*\/[a-z_]*\.h\)) ;;.*/\1/p' "$0" |
	while read -r h; do grep -q "\`$h\`" docs/architecture.md || echo "$h"; done)
if [ -z "$undocumented" ]; then
	echo "ok - module_graph_shared_headers_are_documented"
else
	echo "not ok - module_graph_shared_headers_are_documented (not in docs/architecture.md:" $undocumented ")"
fi

check <"$edges" >"$problems"
if [ -s "$problems" ]; then
	echo "not ok - module_graph_follows_the_table"
	sed 's/^/#   /' "$problems"
else
	echo "ok - module_graph_follows_the_table"
fi
