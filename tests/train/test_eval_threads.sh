# The folds of a cross-validation run side by side on the thread pool
# (train/evaluate.c): `smart eval` (k-fold and by application) and
# `smart train` (whose model records its cross-validated F1) give the
# same bytes on 1 thread and on 4. Training the way the Makefile trains
# the default model (sign constraints, bad records skipped, seed 1, a
# volatility profile per application, so each pair is normalised and
# aligned again as it is measured on the pool) gives the same model bytes
# on 1 thread and on 2 (issue 30).
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
"$SMART" profile "$FIX/profile/run1" "$FIX/profile/run2" "$FIX/profile/run3" \
	-o "$TMP/runs.profile" >/dev/null 2>&1
for t in 1 2; do
	"$SMART" train -q --threads $t --skip-bad --sign-constraints --seed 1 \
		--profile shop="$TMP/runs.profile" --profile blog="$TMP/runs.profile" \
		-o "$TMP/profiled$t.model" "$CORPUS" >/dev/null 2>&1
done
if [ -s "$TMP/profiled1.model" ] && cmp -s "$TMP/profiled1.model" "$TMP/profiled2.model" &&
   grep -q '"profiles":[[:space:]]*true' "$TMP/profiled1.model"; then
	echo "ok - train_as_the_default_model_with_profiles_same_on_1_and_2_threads"; else
	echo "not ok - train_as_the_default_model_with_profiles_same_on_1_and_2_threads"; fi
finish
