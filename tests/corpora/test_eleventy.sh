# The eleventy corpus (corpora/eleventy/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus eleventy 150 150
finish
