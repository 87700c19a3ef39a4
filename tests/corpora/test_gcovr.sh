# The gcovr corpus (corpora/gcovr/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus gcovr 150 150
finish
