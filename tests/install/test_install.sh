# `make install DESTDIR=… PREFIX=/usr` puts in place a working binary, the
# static and the shared library (with its soname), the headers, smart.pc
# and one man page per subcommand; a program builds against the installed
# library through pkg-config, dynamically and statically; the man pages
# render and say what each command's -h says; the Python module and its
# pytest plugin are where Debian's python3 finds them and work; `make
# uninstall` leaves nothing behind (docs/install.md).
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
DEST="$TMP/dest"
# MAKEFLAGS stays: `make test CFLAGS=…` must install what it built, not
# rebuild with other flags.
mk() { make -C "$ROOT" --no-print-directory BUILD="$BUILD" DESTDIR="$DEST" PREFIX=/usr "$@"; }

# check NAME CONDITION...: one TAP line for a test(1)-style or command condition.
check() {
	name=$1; shift
	if "$@"; then echo "ok - $name"; else echo "not ok - $name"; fi
}

expect_status make_install_with_destdir_and_prefix_succeeds 0 mk install
sed 's/^/#   /' "$TMP/err" | head -n 5
U="$DEST/usr"
expect_status installed_binary_exits_1_on_differing_pages 1 \
	"$U/bin/smart" diff "$ROOT/examples/deleted-table/old.html" "$ROOT/examples/deleted-table/new.html"
check installs_static_library [ -f "$U/lib/libsmart.a" ]
version=$(sed -n 's/^#define SMART_VERSION "\(.*\)"/\1/p' "$ROOT/include/smart/version.h")
major=${version%%.*}
check installs_shared_library_with_full_version [ -f "$U/lib/libsmart.so.$version" ] && [ ! -L "$U/lib/libsmart.so.$version" ]
check soname_link_points_at_the_library [ "$(readlink "$U/lib/libsmart.so.$major")" = "libsmart.so.$version" ]
check dev_link_points_at_the_soname [ "$(readlink "$U/lib/libsmart.so")" = "libsmart.so.$major" ]
if command -v readelf >/dev/null; then
	soname=$(readelf -d "$U/lib/libsmart.so.$version" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
	check shared_library_soname_is_major_version [ "$soname" = "libsmart.so.$major" ]
	# Position-independent code: no text relocations.
	check shared_library_has_no_text_relocations sh -c "! readelf -d '$U/lib/libsmart.so.$version' | grep -q TEXTREL"
fi
if command -v nm >/dev/null; then
	others=$(nm -D --defined-only "$U/lib/libsmart.so.$version" | awk 'NF == 3 { print $3 }' |
		grep -v -e '^smart_[^_]' -e '^LIBSMART_' | head -n 5)
	check shared_library_exports_only_public_smart_names [ -z "$others" ]
	[ -z "$others" ] || echo "#   also exported: $others"
	check shared_library_exports_the_public_api sh -c "nm -D --defined-only '$U/lib/libsmart.so.$version' | grep -q ' smart_diffx\(@@LIBSMART_$major\)\?\$'"
fi
check installs_umbrella_header [ -f "$U/include/smart.h" ]
missing=""
for h in "$ROOT"/include/smart/*.h; do
	cmp -s "$h" "$U/include/smart/$(basename "$h")" || missing="$missing $(basename "$h")"
done
check installs_every_public_header [ -z "$missing" ]
check installs_pkg_config_file [ -f "$U/lib/pkgconfig/smart.pc" ]
check pkg_config_file_names_the_install_prefix grep -qx 'prefix=/usr' "$U/lib/pkgconfig/smart.pc"

# A program built against the installed library, as a user would build it:
# from another folder, nothing of the source tree on the include path.
# PKG_CONFIG_SYSROOT_DIR maps the .pc file's /usr onto DESTDIR.
export PKG_CONFIG_PATH="$U/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$DEST"
mkdir -p "$TMP/user" && cp "$ROOT/examples/libsmart/sample.c" "$TMP/user/"
cd "$TMP/user" || exit 1
expect_status pkg_config_knows_smart 0 pkg-config --exists --print-errors smart
expect_status pkg_config_version_is_the_library_version 0 test "$(pkg-config --modversion smart)" = "$version"
cflags=$(pkg-config --cflags smart) libs=$(pkg-config --libs smart)
expect_status sample_compiles_against_installed_shared_library 0 cc -std=c11 -Wall -Werror sample.c $cflags $libs -o sample
expect_status sample_links_and_runs_dynamically 1 env LD_LIBRARY_PATH="$U/lib" ./sample "$ROOT/examples/deleted-table/old.html" "$ROOT/examples/deleted-table/new.html"
expect_output sample_prints_the_library_version_and_edit_script "^libsmart $version: [1-9][0-9]* operations"
check sample_uses_the_installed_shared_library sh -c "LD_LIBRARY_PATH='$U/lib' ldd ./sample | grep -q 'libsmart.so.$major => $U/lib/'"
static_libs=$(pkg-config --libs --static smart | sed 's/-lsmart\b/-l:libsmart.a/')
expect_status sample_compiles_against_installed_static_library 0 cc -std=c11 -Wall -Werror sample.c $(pkg-config --cflags --static smart) $static_libs -o sample-static
expect_status static_sample_runs_without_the_shared_library 1 ./sample-static "$ROOT/examples/deleted-table/old.html" "$ROOT/examples/deleted-table/new.html"
check static_sample_does_not_need_libsmart_so sh -c "! ldd ./sample-static | grep -q libsmart"
expect_status static_sample_says_equal_for_the_same_page 0 ./sample-static "$ROOT/examples/deleted-table/old.html" "$ROOT/examples/deleted-table/old.html"
cd "$ROOT" || exit 1

# The man pages: smart(1) and one per command of `smart -h`, each rendering
# cleanly and holding every line of the command's -h.
M="$U/share/man/man1"
commands=$("$SMART_RELEASE" -h | awk '/^commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
pages=$(cd "$M" && ls | sort | tr '\n' ' ')
want=$( (echo smart.1; for c in $commands; do echo "smart-$c.1"; done) | sort | tr '\n' ' ')
check one_man_page_per_command_and_smart_1 [ "$pages" = "$want" ]
[ "$pages" = "$want" ] || echo "#   pages: $pages; wanted: $want"
render() { # page: its text, as man shows it
	if command -v man >/dev/null; then LC_ALL=C.UTF-8 MANWIDTH=300 man -l -P cat "$1" 2>"$TMP/render.err"
	else nroff -Tutf8 -man -rLL=300n "$1" 2>"$TMP/render.err" | col -b; fi
}
squeeze() { sed -e 's/[[:space:]]\{1,\}/ /g' -e 's/^ //' -e 's/ $//' | grep -v '^$'; }
bad=""
for c in smart $commands; do
	page="$M/smart-$c.1"; [ "$c" = smart ] && page="$M/smart.1"
	render "$page" | squeeze > "$TMP/page.txt"
	if [ -s "$TMP/render.err" ] || [ ! -s "$TMP/page.txt" ]; then bad="$bad $c(render)"; continue; fi
	if command -v groff >/dev/null && [ -n "$(groff -man -ww -z "$page" 2>&1)" ]; then
		bad="$bad $c(groff warns)"; continue
	fi
	if [ "$c" = smart ]; then "$SMART_RELEASE" -h; else "$SMART_RELEASE" "$c" -h; fi |
		sed 's/^usage: //' | squeeze > "$TMP/help.txt"
	# every line of the help, in order, is a line of the page
	if ! awk 'NR == FNR { page[++n] = $0; next }
		{ while (i < n && page[++i] != $0) ; if (page[i] != $0) { print "missing: " $0; exit 1 } }' \
		"$TMP/page.txt" "$TMP/help.txt" > "$TMP/cmp.txt"; then
		bad="$bad $c($(head -c 80 "$TMP/cmp.txt"))"
	fi
done
check man_pages_render_and_hold_each_commands_help [ -z "$bad" ]
[ -z "$bad" ] || echo "#   $bad"
render "$M/smart-classify.1" > "$TMP/classify.txt"
check classify_page_has_its_name_and_summary grep -q 'smart-classify - inspect or ignore' "$TMP/classify.txt"

# The Python module and its pytest plugin, where Debian's python3 finds
# them, run from the staged install (PYTHONPATH stands for the prefix, the
# SMART_ variables for the paths _installed.py names without DESTDIR).
PY=/usr/bin/python3
if [ -x "$PY" ]; then
	site="$U/lib/python3/dist-packages"
	check installs_the_python_module [ -f "$site/smart/__init__.py" ] && [ -f "$site/smart/pytest_plugin.py" ]
	check python_dir_of_prefix_usr_is_on_debians_python_path \
		"$PY" -c 'import sys; sys.exit("/usr/lib/python3/dist-packages" not in sys.path)'
	check installed_paths_name_the_prefix_not_destdir \
		grep -qx "LIBRARY = \"/usr/lib/libsmart.so.$major\"" "$site/smart/_installed.py"
	check installs_the_default_model_file cmp -s "$ROOT/$BUILD/default_model.json" "$U/share/smart/default_model.json"
	export PYTHONPATH="$site" PYTHONDONTWRITEBYTECODE=1 SMART_LIBRARY="$U/lib/libsmart.so.$major" \
		SMART_MODEL="$U/share/smart/default_model.json"
	expect_status installed_python_module_classifies_a_deleted_table 0 "$PY" -c '
import smart, sys
d = smart.classify(open(sys.argv[1]).read(), open(sys.argv[2]).read())
print(d.decision, d.changes[0])' "$ROOT/examples/deleted-table/old.html" "$ROOT/examples/deleted-table/new.html"
	expect_output installed_python_module_says_inspect_and_names_the_table '^inspect delete /html/body/table'
	if "$PY" -c 'import pytest' 2>/dev/null; then
		expect_status installed_pytest_plugin_is_found_by_its_entry_point 0 "$PY" -m pytest --help
		expect_output installed_pytest_plugin_adds_smart_update -- '--smart-update'
	fi
	# (without the pkg-config variables of the sample's build above, which
	# would change the build's flags)
	unset PYTHONPATH SMART_LIBRARY SMART_MODEL PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
	expect_status make_install_to_usr_local_succeeds 0 \
		make -C "$ROOT" --no-print-directory BUILD="$BUILD" DESTDIR="$TMP/local" PREFIX=/usr/local install
	pyver=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
	check python_dir_of_prefix_usr_local_is_on_debians_python_path sh -c "
		[ -f '$TMP/local/usr/local/lib/python$pyver/dist-packages/smart/__init__.py' ] &&
		'$PY' -c 'import sys; sys.exit(\"/usr/local/lib/python$pyver/dist-packages\" not in sys.path)'"
fi

expect_status make_uninstall_succeeds 0 mk uninstall
left=$(find "$DEST" \( -type f -o -type l \) | head -n 5)
check uninstall_leaves_no_file [ -z "$left" ]
[ -z "$left" ] || echo "#   left: $left"
check uninstall_removes_the_header_folder [ ! -d "$U/include/smart" ]
finish
