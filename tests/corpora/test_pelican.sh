# The pelican corpus (corpora/pelican/): see tests/corpora/lib.sh.
. "$(dirname "$0")/lib.sh"
check_generated_corpus pelican 150 150
finish
