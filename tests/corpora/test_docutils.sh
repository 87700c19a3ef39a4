# The docutils corpus (corpora/docutils/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus docutils 150 150
finish
