# The mkdocs corpus (corpora/mkdocs/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus mkdocs 150 150
finish
