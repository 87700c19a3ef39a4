# The folds of a cross-validation run side by side on the thread pool
# (train/evaluate.c): `smart eval` (k-fold and by application) and
# `smart train` (whose model records its cross-validated F1) give the
# same bytes on 1 thread and on 4.
. "$(dirname "$0")/../cli/lib.sh"
CORPUS="$FIX/train/pairs.jsonl"
for form in "" "--by-app"; do
	name=eval${form:+_by_app}
	"$SMART" eval $form --json --threads 1 "$CORPUS" > "$TMP/one.json" 2>/dev/null
	"$SMART" eval $form --json --threads 4 "$CORPUS" > "$TMP/four.json" 2>/dev/null
	if [ -s "$TMP/one.json" ] && cmp -s "$TMP/one.json" "$TMP/four.json"; then
		echo "ok - ${name}_same_on_1_and_4_threads"; else
		echo "not ok - ${name}_same_on_1_and_4_threads"; fi
done
"$SMART" train -q --threads 1 -o "$TMP/one.model" "$CORPUS" >/dev/null 2>&1
"$SMART" train -q --threads 4 -o "$TMP/four.model" "$CORPUS" >/dev/null 2>&1
if [ -s "$TMP/one.model" ] && cmp -s "$TMP/one.model" "$TMP/four.model" &&
   grep -q '"cv_f1"' "$TMP/one.model"; then
	echo "ok - train_model_with_cv_f1_same_on_1_and_4_threads"; else
	echo "not ok - train_model_with_cv_f1_same_on_1_and_4_threads"; fi
finish
