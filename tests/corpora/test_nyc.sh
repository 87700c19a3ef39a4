# The nyc corpus (corpora/nyc/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus nyc 150 150
finish
