# The coverage-py corpus (corpora/coverage-py/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus coverage-py 150 150
finish
