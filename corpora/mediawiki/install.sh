#!/bin/sh
# Installs MediaWiki 1.39 (Debian bookworm) with SQLite, nginx and php-fpm,
# and sets up a private copy under $SMART_WEBAPP_WORK (default
# /tmp/smart-webapp) served on loopback only: www/ (the tree), data/ (the
# SQLite databases), data.clean/ (their state after installation, restored
# before each replayed session). Idempotent: an existing copy is kept unless
# --fresh is given.
set -eu
. "$(dirname "$0")/common.sh"

if [ "${1:-}" = "--fresh" ]; then rm -rf "$WORK"; fi
missing=""
for p in mediawiki nginx-light php-fpm php-sqlite3 php-intl php-mbstring php-xml faketime python3; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "installing:$missing"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null
fi
PHP_FPM="$(command -v php-fpm8.2 || command -v php-fpm)"
if [ -f "$WWW/LocalSettings.php" ] && [ -d "$CLEAN" ]; then
	echo "MediaWiki already set up in $WORK"
	exit 0
fi
rm -rf "$WORK"
mkdir -p "$WORK" "$DATA"
# A real copy (the Debian tree links LocalSettings, images, extensions and
# config into /var/lib/mediawiki; ours must stand alone).
cp -a /usr/share/mediawiki "$WWW"
for l in LocalSettings.php config extensions images; do rm -f "$WWW/$l"; done
cp -a /var/lib/mediawiki/extensions "$WWW/extensions" 2>/dev/null || mkdir -p "$WWW/extensions"
mkdir -p "$WWW/images"
php "$WWW/maintenance/install.php" --dbtype sqlite --dbpath "$DATA" --dbname wiki \
	--server "http://127.0.0.1:8089" --scriptpath "" --lang en \
	--pass "$ADMIN_PASS" --confpath "$WWW" "Smart Test Wiki" Admin >"$WORK/install.log"
cat >>"$WWW/LocalSettings.php" <<'PHP'
# smart corpus: any loopback port; no caches that outlive a reset, no
# outside requests.
$wgServer = WebRequest::detectServer();
$wgMainCacheType = CACHE_NONE;
$wgParserCacheType = CACHE_DB;
$wgEnableUploads = false;
$wgUseInstantCommons = false;
$wgShowExceptionDetails = true;
$wgRateLimits = [];
if ( getenv( 'SMART_DETERMINISTIC' ) ) {
	$wgEnableParserLimitReporting = false;
}
$wgPasswordAttemptThrottle = false;
$wgAccountCreationThrottle = 0;
PHP
# Some content to browse, search and edit.
for page in "Main_Page" "Sandbox_Help" "Apple" "Banana" "Cherry" "Garden"; do
	text="'''$page''' is a page of the smart test wiki. See [[Apple]], [[Banana]], [[Cherry]] and [[Garden]].

== History ==
Planted in the [[Garden]] in 2020. {{CURRENTYEAR}} marks another season.

== Notes ==
* fruit
* [[Category:Fruit]]"
	printf '%s\n' "$text" | php "$WWW/maintenance/edit.php" --user Admin --summary "seed" "$page" >/dev/null
done
php "$WWW/maintenance/createAndPromote.php" --force Editor "editor-pass-2024" >/dev/null 2>&1 || true
php "$WWW/maintenance/runJobs.php" >/dev/null 2>&1 || true
cp -a "$DATA" "$CLEAN"
echo "MediaWiki set up in $WORK (admin: Admin / $ADMIN_PASS)"
