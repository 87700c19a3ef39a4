# The test suite of the lam first-look corpus (copied into the prepared
# tree as smart-run.sh; smart-build.sh only lints the PHP files smart
# mutate seeds).  One run:
#
#  1. loads seed.ldif into a fresh OpenLDAP directory and starts slapd on
#     ldap://127.0.0.1:LDAPPORT under the run's clock (smart-slapd.sh: slapd_load, slapd_serve);
#  2. writes LAM's private configuration folder (lam/config: the main
#     configuration config.cfg with its master password hash, the server
#     profile lam.conf pointing at that slapd with its profile password
#     hash, Debian's templates) and empty session and temporary folders
#     (lam/sess, lam/tmp): the tree's own, never /var/lib or /etc;
#  3. serves the tree as /lam/ with php-fpm and nginx on loopback
#     (smart-php-web.sh);
#  4. replays sessions.json with `smart replay` into out/ (one HTML file
#     per request), then stops nginx, php-fpm and slapd and removes the
#     state.
#
# Clean run K (SMART_RUN_SEED=K, set by run_suite) takes clock, time zone,
# ports and host name K, a random directory root password and random salts
# for LAM's two password hashes: a fresh install.  Without it (smart
# mutate's runs) PHP's clock starts at a fixed date and steps 1 us per
# read, one PHP worker serves every request in order, ports, host, zone,
# passwords and salts are fixed, the directory is a copy of one loaded once
# by generate.sh (SMART_LAM_SNAPSHOT=1), and the random values still left
# (the sec_token form tokens and the like) are written as placeholders by
# smart-scrub.py, so that two clean runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18741 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18742 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18743 HOST=lam.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18744 HOST=accounts.localhost ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=${SMART_LAM_MUTANT_PORT:-18740} HOST=127.0.0.1 ;;
esac
LDAPPORT=$((PORT + 20))
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
if [ "$MUTANT_RUN" = 1 ]; then PHPCLOCK="@$CLOCK i0.000001"; else PHPCLOCK="@$CLOCK"; fi
export TZ=$ZONE
SMART=${SMART:-smart}
. "$APPDIR/smart-fake-clock.sh"
. "$APPDIR/smart-slapd.sh"
. "$APPDIR/smart-php-web.sh"

# The state (directory, sockets, logs) lives in the tree, so that a run
# smart mutate kills at its timeout (no trap runs) leaves it in the scratch
# copy mutate removes; a killed earlier run's is removed here.
rm -rf "$APPDIR"/.smart-state*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"   # nginx workers reach the PHP socket through it
stop() {
    pids=
    for f in nginx.pid fpm.pid slapd.pid; do
        [ -f "$state/$f" ] && pids="$pids $(cat "$state/$f")"
    done
    for p in $pids; do kill "$p" 2>/dev/null || true; done
    for p in $pids; do
        i=0; while kill -0 "$p" 2>/dev/null && [ $i -lt 300 ]; do i=$((i + 1)); sleep 0.1; done
    done
    for j in $jobs; do kill "$j" 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_LAM_KEEP:-}" ] || rm -rf "$state" || true   # SMART_LAM_KEEP=1: keep the logs
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# random per clean run: the directory's root password and the salts of
# LAM's master and profile password hashes
rnd() { head -c "$1" /dev/urandom | base64 | tr -d '\n/+=' | cut -c1-"$1"; }
if [ "$MUTANT_RUN" = 1 ]; then
    ROOTPW=smart-root-pw MAINSALT=smartmainsalt000 PROFSALT=smartprofsalt000
else
    ROOTPW=$(rnd 16) MAINSALT=$(rnd 16) PROFSALT=$(rnd 16)
fi

# 1. the directory; the sessions log in as uid=ada (the profile's admin),
# whose password is fixed (the seed holds placeholders)
ADMIN='uid=ada,ou=People,dc=example,dc=org'
sed -e 's/^userPassword: {SSHA}placeholder.*/userPassword: smart-Lam-2024/' "$APPDIR/seed.ldif" > "$state/seed.ldif"
if [ -n "${SMART_LAM_SNAPSHOT:-}" ]; then   # generate.sh, once: the mutant runs' directory
    slapd_load "$state" "$state/seed.ldif" dc=example,dc=org "$ADMIN" "$ROOTPW" "@$CLOCK"
    rm -rf "$APPDIR/ldap-installed"; cp -a "$state/ldap" "$APPDIR/ldap-installed"
    exit 0
fi
LOADED=
[ "$MUTANT_RUN" = 1 ] && LOADED=$APPDIR/ldap-installed
slapd_load "$state" "$state/seed.ldif" dc=example,dc=org "$ADMIN" "$ROOTPW" "@$CLOCK" "$LOADED"
slapd_serve "$state" dc=example,dc=org "$LDAPPORT" "@$CLOCK"

# 2. LAM's configuration, sessions and temporary files: the tree's own
# folders, made anew for each run from Debian's shipped configuration
rm -rf "$APPDIR/lam/config" "$APPDIR/lam/sess" "$APPDIR/lam/tmp"
cp -a "$APPDIR/lam-config" "$APPDIR/lam/config"
mkdir -p "$APPDIR/lam/sess" "$APPDIR/lam/tmp/internal"
hash() {   # LAM's own password hash (lib/config.inc: {CRYPT-SHA512})
    php -r 'echo "{CRYPT-SHA512}" . crypt($argv[1], "\$6\$" . $argv[2]) . " " . base64_encode($argv[2]);' "$1" "$2"
}
cat > "$APPDIR/lam/config/config.cfg" <<CFG
password: $(hash smart-Master-2024 "$MAINSALT")
default: lam
sessionTimeout: 30
hideLoginErrorDetails: false
logLevel: 4
logDestination: NONE
allowedHosts:
allowedHostsSelfService:
passwordMinLength: 0
errorReporting: default
configDatabaseType: files
license:
CFG
cat > "$APPDIR/lam/config/lam.conf" <<CFG
ServerURL: ldap://127.0.0.1:$LDAPPORT
useTLS: no
followReferrals: false
pagedResults: false
Admins: $ADMIN
Passwd: $(hash smart-Profile-2024 "$PROFSALT")
serverDisplayName: Example Org directory
tools: treeViewSuffix: dc=example,dc=org
defaultLanguage: en_GB.utf8:UTF-8:English (Great Britain)
timeZone: $ZONE
scriptPath:
scriptServer:
scriptRights: 750
cachetimeout: 5
searchLimit: 0
accessLevel: 100
loginMethod: list
modules: posixAccount_user_minUID: 10000
modules: posixAccount_user_maxUID: 30000
modules: posixAccount_host_minMachine: 50000
modules: posixAccount_host_maxMachine: 60000
modules: posixGroup_group_minGID: 5000
modules: posixGroup_group_maxGID: 20000
modules: posixAccount_user_uidGeneratorUsers: range
modules: posixAccount_host_uidGeneratorUsers: range
modules: posixAccount_group_gidGeneratorUsers: range
modules: posixGroup_pwdHash: SSHA
modules: posixAccount_pwdHash: SSHA
activeTypes: user,group,host
types: suffix_user: ou=People,dc=example,dc=org
types: attr_user: #uid;#givenName;#sn;#uidNumber;#gidNumber;#mail
types: modules_user: inetOrgPerson,posixAccount,shadowAccount
types: suffix_group: ou=group,dc=example,dc=org
types: attr_group: #cn;#gidNumber;#memberUID;#description
types: modules_group: posixGroup
types: suffix_host: ou=hosts,dc=example,dc=org
types: attr_host: #uid;#cn;#description;#uidNumber;#gidNumber
types: modules_host: account,posixAccount
CFG

# 3. the web server: the tree served as /lam/
php_web_start "$state" "$APPDIR/htroot" "$PORT" "$ZONE" "$PHPCLOCK" \
    "$([ "$MUTANT_RUN" = 1 ] && echo 1 || echo 2)" "php_admin_value[memory_limit] = 256M
php_admin_value[max_execution_time] = 300"
if [ -n "${SMART_LAM_HOLD:-}" ]; then   # development: serve until the file goes
    touch "$SMART_LAM_HOLD"; echo "serving on http://$HOST:$PORT/lam/" >&2
    while [ -f "$SMART_LAM_HOLD" ]; do sleep 1; done
fi
if [ "$MUTANT_RUN" = 0 ]; then   # a clean run must serve the login page
    curl -s -L "http://127.0.0.1:$PORT/lam/templates/login.php" > "$state/login.html" || true
    grep -q 'name="passwd"' "$state/login.html" ||
        { echo "LAM is not served on $PORT" >&2; cat "$state/login.html" "$state/nginx-error.log" "$state/php.log" >&2 || true; exit 1; }
fi

# 4. the sessions: LAM's form token is sec_token
rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 \
    --token-pattern sec_token --token-pattern editKey >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
if [ "$MUTANT_RUN" = 1 ]; then
    python3 "$APPDIR/smart-scrub.py" out
fi
[ -n "$(find out -type f | head -n 1)" ]
