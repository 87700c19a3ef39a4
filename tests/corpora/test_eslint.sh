# The eslint corpus (corpora/eslint/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus eslint 150 150
finish
