# The test suite of the first-look rt corpus (copied into the prepared tree
# as smart-run.sh; smart-build.sh only compiles the Perl modules smart
# mutate seeds).  One run:
#
#  1. writes a private RT_SiteConfig.pm (a private SQLite database file, the
#     run's port, $WebDomain 127.0.0.1, the time zone, a log file in the
#     run's state) into the run's state, which RT reads through
#     RT_SITE_CONFIG and RT_SITE_CONFIG_DIR; the tree's lib/RT/Generated.pm
#     (written by generate.sh) takes every other path from the tree itself
#     and the state from SMART_RT_STATE;
#  2. initialises a fresh database with rt-setup-database (schema, ACLs,
#     initial data, then seed.pl: queues, users, a group, tickets), under
#     the run's clock, with root's password random per clean run;
#  3. serves the tree with RT's standalone server (libexec/standalone_httpd,
#     i.e. rt-server with Plack's single-process server) on 127.0.0.1:PORT,
#     its Mason cache in the state, so that a mutated template is compiled
#     anew;
#  4. replays sessions.json with `smart replay` into out/, then stops the
#     server and removes the state.
#
# Clean run K (SMART_RUN_SEED=K) takes clock, time zone and port K and a
# random root password; Perl's hash order and rand() are Perl's own (random).
# Without it (smart mutate's runs) the clock starts at a fixed date and is
# stepped per read, Perl's hash order and srand are fixed, the port, zone
# and password are fixed, the database is a copy of one initialised once by
# generate.sh (rt-installed.db), and the random keys RT draws per request
# are written as TOKEN16/TOKEN32.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18511 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18512 ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18513 ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18514 ;;
# smart mutate's runs: one port per slot (its folders 0, 1, ...), as the
# port shows in no page
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC
   case $(basename "$PWD") in [0-9]) PORT=$((18520 + $(basename "$PWD"))) ;; *) PORT=18510 ;; esac ;;
esac
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
export TZ=$ZONE
SMART=${SMART:-smart}
. "$APPDIR/smart-fake-clock.sh"
if [ "$MUTANT_RUN" = 1 ]; then
    # a clock that steps 10 ms per read from a fixed start, Perl's hashes
    # in one order and rand() from one seed: two runs of one version agree
    RTCLOCK="@$CLOCK i0.01"
    export PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 PERL5OPT="-I$APPDIR -Msmart_srand"
else
    RTCLOCK="@$CLOCK"
fi

rm -rf "$APPDIR"/.smart-state.*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"
stop() {
    # TERM, not INT: rt-server's INT handler chowns /var/lib/request-tracker5
    for j in $jobs; do kill -TERM "$j" 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_RT_KEEP:-}" ] || rm -rf "$state"
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

ROOTPW=$([ "$MUTANT_RUN" = 1 ] && echo smart-root-pw || head -c 12 /dev/urandom | base64 | tr -d '\n/+=')
mkdir -p "$state/etc/RT_SiteConfig.d" "$state/var" "$state/mason" "$state/sessions" "$state/log"
export SMART_RT_STATE=$state RT_SITE_CONFIG=$state/etc/RT_SiteConfig.pm RT_SITE_CONFIG_DIR=$state/etc/RT_SiteConfig.d
cat > "$RT_SITE_CONFIG" <<CONF
Set(\$rtname, 'example.test');
Set(\$Organization, 'example.test');
Set(\$CorrespondAddress, 'support\@example.test');
Set(\$CommentAddress, 'support-comment\@example.test');
Set(\$WebDomain, '127.0.0.1');
Set(\$WebPort, $PORT);
Set(\$WebPath, '');
Set(\$Timezone, '$ZONE');
Set(\$DatabaseType, 'SQLite');
Set(\$DatabaseName, '$state/var/rt.db');
Set(\$LogToFile, 'info');
Set(\$LogDir, '$state/log');
Set(\$LogToFileNamed, 'rt.log');
Set(\$LogToSTDERR, undef);
Set(\$LogToSyslog, undef);
Set(\$MailCommand, 'mbox');
Set(\$MailCommandArgs, undef);
Set(\$WebSessionClass, 'Apache::Session::File');
Set(\$SendmailPath, '/bin/true');
Set(\$DevelMode, 0);
Set(\$ShowRTPortal, 1);
1;
CONF
printf '%s\n' "SMART_RT_STATE=$state"  > "$state/env"

# the database: fresh per clean run (rt-setup-database and seed.pl under
# the run's clock); a copy of one initialised once for the mutant runs
if [ "$MUTANT_RUN" = 1 ] && [ -f "$APPDIR/rt-installed.db" ] && [ -z "${SMART_RT_SNAPSHOT:-}" ]; then
    cp "$APPDIR/rt-installed.db" "$state/var/rt.db"
else
    fake_clock "@$CLOCK" perl "$APPDIR/rt/sbin/rt-setup-database" --action init --skip-create \
        --dba-password '' >"$state/setup.log" 2>&1 </dev/null ||
        { cat "$state/setup.log" >&2; exit 1; }
    SMART_RT_ROOTPW=$ROOTPW fake_clock "@$CLOCK" perl -I"$APPDIR/rt/lib" "$APPDIR/seed.pl" \
        >"$state/seed.log" 2>&1 || { cat "$state/seed.log" >&2; exit 1; }
fi
if [ -n "${SMART_RT_SNAPSHOT:-}" ]; then   # generate.sh, once
    cp "$state/var/rt.db" "$APPDIR/rt-installed.db"
    exit 0
fi

# fake_clock's env inline, so that $! is the server itself (a function run
# in the background is a subshell that TERM would not pass on)
env LD_PRELOAD='/usr/$LIB/faketime/libfaketime.so.1' FAKETIME="$RTCLOCK" \
    perl "$APPDIR/rt/libexec/standalone_httpd" --port "$PORT" --host 127.0.0.1 \
    >"$state/server.log" 2>&1 &
jobs="$jobs $!"
i=0
until curl -s -o /dev/null "http://127.0.0.1:$PORT/NoAuth/Login.html"; do
    i=$((i + 1)); [ $i -lt 600 ] || { echo "RT on $PORT did not start" >&2; cat "$state/server.log" >&2; exit 1; }
    kill -0 $jobs 2>/dev/null || { echo "RT exited" >&2; cat "$state/server.log" >&2; exit 1; }
    sleep 0.1
done
if [ -n "${SMART_RT_HOLD:-}" ]; then
    touch "$SMART_RT_HOLD"; echo "serving on http://127.0.0.1:$PORT/" >&2
    while [ -f "$SMART_RT_HOLD" ]; do sleep 1; done
fi
rm -rf out
sed -e "s/smart-Rt-root-pw/$ROOTPW/g" "$APPDIR/sessions.json" > "$state/sessions.json"
"$SMART" replay "$state/sessions.json" --base-url "http://127.0.0.1:$PORT" -o out --timeout 60 >/dev/null
rm -f out/*/manifest.json
if [ "$MUTANT_RUN" = 1 ]; then
    # the values RT draws from the process id, an address or the clock as
    # well as rand(): the login form's next-page key, the users' RSS and
    # iCal auth strings; and the forms' duplicate-submission tokens.  Each
    # becomes TOKEN<length>, which generate.sh replaces with hex digits
    find out -type f -exec perl -pi -e '
        s/(name="(?:next|Token)" value=")([0-9a-f]{32})/$1TOKEN32/g;
        s{(/NoAuth/(?:rss|iCal)/[^/"]+/)[0-9a-f]{16}/}{$1TOKEN16/}g' {} +
fi
[ -n "$(find out -type f | head -n 1)" ]
