# The jsdoc corpus (corpora/jsdoc/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus jsdoc 150 150
finish
