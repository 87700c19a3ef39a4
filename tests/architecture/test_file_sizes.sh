# No library or cli source file grows past 400 lines (Lua's way: small
# files, each about one thing); one that does is split along its concept.
# Headers and generated files are not counted.
. "$(dirname "$0")/../cli/lib.sh"
cd "$(dirname "$0")/../.." || exit 2
dirs=$(sed -n 's/^LIB_DIRS *:= *//p' Makefile)
[ -n "$dirs" ] || { echo "not ok - file_sizes_reads_lib_dirs"; exit 1; }
long=""
for d in $dirs cli; do
	for f in "$d"/*.c; do
		n=$(wc -l <"$f")
		[ "$n" -gt 400 ] && long="$long $f($n)"
	done
done
if [ -z "$long" ]; then echo "ok - library_and_cli_files_are_at_most_400_lines"; else
	echo "not ok - library_and_cli_files_are_at_most_400_lines:$long"; fi
finish
