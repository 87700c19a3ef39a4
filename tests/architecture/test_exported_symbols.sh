# The library exports only smart_ names (DESIGN: internal symbols carry a
# prefix): public functions are smart_*, internal ones smart__*, and a
# generic name such as text_clean or ptree_add never reaches a program that
# links libsmart.a. Reads the release archive (next to $SMART_RELEASE,
# tests/run.sh), else the one next to $SMART; names the sanitizers add
# (__odr_asan.NAME, __asan_*) are theirs, not the library's.
. "$(dirname "$0")/../cli/lib.sh"
lib=$(dirname "${SMART_RELEASE:-$SMART}")/libsmart.a
if ! command -v nm >/dev/null 2>&1 || [ ! -f "$lib" ]; then
	echo "ok - library_exports_only_smart_names # SKIP no nm or no $lib"
	finish
	exit 0
fi
leaks=$(nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | grep -v -e '^smart_' -e '^__odr_asan\.' -e '^__asan_' -e '^__ubsan_' | sort -u)
if [ -z "$leaks" ]; then
	echo "ok - library_exports_only_smart_names"
else
	echo "not ok - library_exports_only_smart_names ($(printf '%s\n' "$leaks" | wc -l) others: $(printf '%s ' $leaks | cut -c1-200))"
fi
# Every public-looking name (smart_, one underscore) is declared in a public
# header: an internal function wears smart__ (issue 31).
root="$(cd "$(dirname "$0")/../.." && pwd)"
undeclared=""
for s in $(nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | grep '^smart_[a-z]' | sort -u); do
	grep -qw "$s" "$root"/include/smart/*.h || undeclared="$undeclared $s"
done
if [ -z "$undeclared" ]; then
	echo "ok - every_exported_smart_name_is_declared_in_a_public_header"
else
	echo "not ok - every_exported_smart_name_is_declared_in_a_public_header:$(printf '%s' "$undeclared" | cut -c1-300)"
fi
finish
