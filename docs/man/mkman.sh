#!/bin/sh
# Writes the man pages smart(1) and smart-COMMAND(1), one per subcommand,
# into OUT_DIR from the help of the built binary: `smart -h` lists the
# commands and their one-line summaries, and each `smart COMMAND -h` is
# that page's text. The help is the one source, so a page cannot say
# anything the command's -h does not (make builds the pages with the
# binary; tests/install/test_install.sh compares them).
#
#   sh docs/man/mkman.sh build/release/smart build/man
set -eu
SMART=$1
OUT=$2
version=$("$SMART" --version | sed 's/^smart //')
mkdir -p "$OUT"

# Text as roff: backslashes written \e, hyphens \- (an option stays
# "--json" when copied from the rendered page), a line starting with '.'
# or "'" protected from being read as a request, and every character
# beyond ASCII (the help's UTF-8 "…", "§") as groff's \[uXXXX], so a page
# is plain ASCII for any troff.
roff_lines() {
	sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/" | non_ascii
}
non_ascii() {
	perl -CS -pe 's/([^\x00-\x7f])/sprintf("\\[u%04X]", ord($1))/ge'
}

# Page head: name (SMART or SMART-CMD), one-line summary.
page_head() {
	upper=$(printf '%s' "$1" | tr '[:lower:]' '[:upper:]')
	printf '.TH %s 1 "" "smart %s" "smart manual"\n' "$upper" "$version"
	printf '.SH NAME\n%s \\- %s\n' "$(printf '%s' "$1" | roff_lines)" \
		"$(printf '%s' "$2" | roff_lines)"
}

# SYNOPSIS (the usage lines, up to the first blank line) and DESCRIPTION
# (the rest), both as written, from help text on stdin.
page_body() {
	awk '
		BEGIN { part = 0 }
		part == 0 && /^usage: / { print ".SH SYNOPSIS"; print ".nf"; sub(/^usage: /, ""); print; part = 1; next }
		part == 1 && /^$/ { print ".fi"; print ".SH DESCRIPTION"; print ".nf"; part = 2; next }
		part == 1 { sub(/^       /, ""); print; next }
		{ print }
		END { print ".fi" }
	' | roff_lines_awk
}

# roff_lines for awk output that already holds requests (.SH, .nf, .fi):
# only the text lines are escaped.
roff_lines_awk() {
	sed -e '/^\.\(SH\|nf\|fi\)\( \|$\)/b' -e 's/\\/\\e/g' -e 's/-/\\-/g' \
	    -e "s/^\\([.']\\)/\\\\\\&\\1/" | non_ascii
}

commands=$("$SMART" -h | awk '/^commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
{
	page_head smart "decides which regression-test outputs a human must look at"
	"$SMART" -h | page_body
	printf '.SH SEE ALSO\n'
	first=1
	for c in $commands; do
		[ $first = 1 ] || printf ',\n'
		printf '.BR smart-%s (1)' "$c"
		first=0
	done
	printf '\n'
} > "$OUT/smart.1.tmp"
mv "$OUT/smart.1.tmp" "$OUT/smart.1"
for c in $commands; do
	summary=$("$SMART" -h | awk -v c="$c" '/^commands:/ { on = 1; next } on && $1 == c { $1 = ""; sub(/^ +/, ""); print; exit }')
	{
		page_head "smart-$c" "$summary"
		"$SMART" "$c" -h | page_body
		printf '.SH SEE ALSO\n.BR smart (1)\n'
	} > "$OUT/smart-$c.1.tmp"
	mv "$OUT/smart-$c.1.tmp" "$OUT/smart-$c.1"
done
