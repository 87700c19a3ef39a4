# Which corpora came in as first looks is stated in the data: a corpus
# that was measured blind, read after and then joined carries
# corpora/<app>/FIRST_LOOK (its first-look and joining commits). The
# learned scrubber's value model trains on every training corpus but
# those (Makefile, VALUE_MODEL_CORPORA): the rule reads the files, so no
# list of names in the build can go stale.
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

# every FIRST_LOOK says when the first look was taken and when it joined,
# beside a training corpus of its name
bad=""
for f in "$ROOT"/corpora/*/FIRST_LOOK; do
	[ -e "$f" ] || continue
	app=$(basename "$(dirname "$f")")
	grep -Eq '^first-look: [0-9a-f]{7,40}$' "$f" && grep -Eq '^joined: [0-9a-f]{7,40}' "$f" &&
		[ -e "$ROOT/corpora/$app.jsonl.gz" ] || bad="$bad $app"
done
if [ -z "$bad" ]; then echo "ok - every_first_look_mark_names_its_commits_and_corpus"; else
	echo "not ok - every_first_look_mark_names_its_commits_and_corpus ($bad)"; fi

# the four applications read after their first looks carry the mark (the
# value model has never trained on them)
missing=""
for app in phpmyadmin phpldapadmin rt zabbix; do
	[ -e "$ROOT/corpora/$app/FIRST_LOOK" ] || missing="$missing $app"
done
if [ -z "$missing" ]; then echo "ok - the_read_first_looks_carry_the_mark"; else
	echo "not ok - the_read_first_looks_carry_the_mark (missing:$missing)"; fi

if ! command -v make >/dev/null 2>&1; then
	echo "ok - value_model_corpora_are_those_without_a_first_look_mark # SKIP no make"
	exit 0
fi
# what the Makefile trains the value model on, against the data's rule
got=$(cd "$ROOT" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory \
	--eval 'print-value-model-corpora: ; @printf "%s\n" $(VALUE_MODEL_CORPORA)' \
	print-value-model-corpora 2>"$TMP/make.err")
want=$(cd "$ROOT" && for c in corpora/*.jsonl corpora/*.jsonl.gz; do
	[ -e "$c" ] || continue
	app=$(basename "$c"); app=${app%.gz}; app=${app%.jsonl}
	[ -e "corpora/$app/FIRST_LOOK" ] || echo "$c"
done | LC_ALL=C sort)
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	echo "ok - value_model_corpora_are_those_without_a_first_look_mark"
else
	echo "not ok - value_model_corpora_are_those_without_a_first_look_mark"
	echo "#   make: $(echo $got) $(head -c 200 "$TMP/make.err")"
	echo "#   want: $(echo $want)"
fi
case " $(echo $got) " in
*" corpora/phpmyadmin.jsonl.gz "* | *" corpora/zabbix.jsonl.gz "*)
	echo "not ok - value_model_leaves_out_the_marked_corpora" ;;
*) [ -n "$got" ] && echo "ok - value_model_leaves_out_the_marked_corpora" ||
	echo "not ok - value_model_leaves_out_the_marked_corpora (empty)" ;;
esac
finish
