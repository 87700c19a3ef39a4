# The pytest-junit corpus (corpora/pytest-junit/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus pytest-junit 150 150
finish
