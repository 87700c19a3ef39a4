# Shared settings of the web-application corpus scripts (sourced).
# WORK holds everything big or generated: the MediaWiki copy being served,
# its SQLite data and the clean snapshot, server configs, logs.
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="${SMART_WEBAPP_WORK:-/tmp/smart-webapp}"
WWW="$WORK/www"              # the MediaWiki tree nginx serves
DATA="$WORK/data"            # SQLite databases (state the sessions change)
CLEAN="$WORK/data.clean"     # the state right after installation
SMART="${SMART:-$ROOT/build/release/smart}"
ADMIN_PASS="smart-replay-2024"
PHP_FPM="$(command -v php-fpm8.2 || command -v php-fpm || true)"
# The source files seeded with faults (relative to the MediaWiki tree):
# page views, search, editing, login, special pages, the skin.
MUTATE_FILES="includes/page/Article.php includes/specials/SpecialSearch.php
includes/EditPage.php includes/specials/SpecialRecentChanges.php
includes/specials/SpecialAllPages.php includes/actions/HistoryAction.php
includes/Linker.php includes/skins/Skin.php includes/specials/SpecialVersion.php
includes/parser/Parser.php includes/specials/SpecialStatistics.php"

# free_port: prints a TCP port nothing listens on.
free_port() {
	python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()"
}

# reset_state: restores the application's data to the clean snapshot.
reset_state() {
	rm -rf "$DATA" && cp -a "$CLEAN" "$DATA"
}
