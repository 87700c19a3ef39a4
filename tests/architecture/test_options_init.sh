# Every options struct of the API is versioned the same way (libgit2's
# way): `unsigned version` is its first field, its header defines
# SMART_<NAME>_OPTIONS_INIT, the function that takes it refuses another
# version, and callers start from the macro instead of spelling the version
# in an initialiser of their own, so a field added later starts at its
# default everywhere.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2

bad=""
for h in include/smart/*.h; do
	for name in $(sed -n 's/^typedef struct smart_\([a-z_]*\)_options {.*/\1/p' "$h"); do
		first=$(awk -v s="typedef struct smart_${name}_options {" '
			index($0, s) == 1 { on = 1; next }
			on && $0 !~ /^[ \t]*(\/\*|\*)/ && NF { print; exit }' "$h")
		case $first in
		*"unsigned version;"*) ;;
		*) bad="$bad smart_${name}_options(first field: $first)" ;;
		esac
		upper=$(echo "$name" | tr a-z A-Z)
		grep -q "define SMART_${upper}_OPTIONS_INIT" "$h" ||
			bad="$bad smart_${name}_options(no SMART_${upper}_OPTIONS_INIT)"
	done
done
if [ -z "$bad" ]; then echo "ok - options_structs_start_with_a_version_and_have_an_init_macro"; else
	echo "not ok - options_structs_start_with_a_version_and_have_an_init_macro:$bad"; fi

by_hand=$(grep -rnE '\{ *\.version *= *SMART_[A-Z_]*_VERSION' --include='*.c' \
	common diffx plot shapes scrub profile compare features model measure corpus train \
	classify mutate perturb replay cli bench tests 2>/dev/null)
if [ -z "$by_hand" ]; then echo "ok - callers_start_options_from_the_init_macro"; else
	echo "not ok - callers_start_options_from_the_init_macro: $(echo "$by_hand" | head -n 3)"; fi
finish
