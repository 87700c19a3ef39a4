#!/bin/sh
# No public function takes more than six parameters (DESIGN §3: public
# functions take an options struct, SMART_*_OPTIONS_INIT, rather than long
# parameter lists). Reads every prototype in include/smart/*.h, and prints
# one TAP line per header, naming each function with more.
cd "$(dirname "$0")/../.." || exit 2
MAX=6
status=0
for h in include/smart/*.h; do
	over=$(awk -v max="$MAX" '
		{ text = text $0 "\n" }
		END {
			gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", text)  # comments
			gsub(/\/\/[^\n]*/, " ", text)
			gsub(/\n[ \t]*#[^\n]*/, "\n", text)            # preprocessor lines
			while (gsub(/\{[^{}]*\}/, " ", text)) ;        # bodies of structs, enums
			gsub(/[\n\t]/, " ", text)
			n = split(text, stmt, ";")
			for (i = 1; i <= n; i++) {
				s = stmt[i]
				if (s ~ /^[ ]*typedef/ || s !~ /\(/)
					continue
				# name(params) followed by nothing but attributes
				if (!match(s, /[A-Za-z_][A-Za-z0-9_]*[ ]*\(/))
					continue
				name = substr(s, RSTART, RLENGTH - 1); sub(/[ ]+$/, "", name)
				params = substr(s, RSTART + RLENGTH)
				depth = 1; count = 1; blank = 1
				for (k = 1; k <= length(params) && depth > 0; k++) {
					ch = substr(params, k, 1)
					if (ch == "(") depth++
					else if (ch == ")") depth--
					else if (ch == "," && depth == 1) count++
					if (depth > 0 && ch != " ") blank = 0
				}
				inner = substr(params, 1, k - 2); gsub(/ /, "", inner)
				if (inner == "" || inner == "void")
					count = 0
				if (count > max)
					printf "%s(%d) ", name, count
			}
		}' "$h")
	if [ -n "$over" ]; then
		echo "not ok - $h: more than $MAX parameters: $over"
		status=1
	else
		echo "ok - $h: no public function takes more than $MAX parameters"
	fi
done
exit $status
