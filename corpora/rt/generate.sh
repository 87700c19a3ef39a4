#!/usr/bin/env bash
# First-look corpus of rt (a server-side web application, issue 35):
# Request Tracker 5.0.3 from Debian bookworm (packages request-tracker5 and
# rt5-db-sqlite 5.0.3+dfsg-3~deb12u6, Perl with Mason templates) on a
# private SQLite database, served on loopback by RT's own standalone server
# (rt-server with Plack's single-process server, as Debian ships it in
# libexec/standalone_httpd).  Each run initialises a fresh database
# (rt-setup-database, then seed.pl: queues, staff and a customer, a group
# and its rights, six tickets with replies, comments and status changes);
# sessions.json fails to log in, logs in as a staff member and as root,
# browses the home page, queues and tickets, creates a ticket through the
# form (with RT's duplicate-submission token), replies, comments, changes
# status, owner and watchers, takes a ticket, searches (simple search, query
# builder results, a broken query), edits the user's own preferences, the
# admin pages of users, queues and groups (creating one of each), asks for
# tickets that do not exist and logs out, replayed by `smart replay`.
#
# Written to corpora/rt.jsonl.gz, in the training glob corpora/*.jsonl*:
# built for its first look (issue 35, taken at bfe1cd6 from
# corpora/firstlook/), it joined the shipped corpora once read
# (docs/first-look.md).
#
# Clean reruns differ by the clock, the time zone, the port, root's
# password, the per-request random keys (the login form's next-page key,
# the forms' tokens, the users' RSS/iCal auth strings), the process id and
# the folder the tree runs in.  Mutants: RT's own Mason templates (html/
# Ticket, Search, Elements, Admin, Prefs, User, NoAuth) and Perl modules
# (lib/RT/*.pm, the menu builder), served from smart mutate's scratch copy.
#
#   corpora/rt/generate.sh            the corpus
#   corpora/rt/generate.sh --smoke    a quick check (about a minute)
APP=rt
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$CORPORA_DIR/$APP.jsonl.gz
MUTANTS=${RT_MUTANTS_SECONDS:-1500}
PKGS=(request-tracker5 rt5-db-sqlite faketime curl sqlite3)
H=rt/html L=rt/lib/RT
MUTATE_FILES="$H/Ticket/Display.html,$H/Ticket/Create.html,$H/Ticket/Update.html,$H/Ticket/Modify.html,$H/Ticket/ModifyPeople.html,$H/Ticket/History.html,$H/Ticket/Elements/ShowSummary,$H/Ticket/Elements/ShowBasics,$H/Ticket/Elements/ShowPeople,$H/Ticket/Elements/ShowDates,$H/Ticket/Elements/EditBasics,$H/Ticket/Elements/EditPeople,$H/Ticket/Elements/ShowPriority,$H/Search/Results.html,$H/Search/Simple.html,$H/Search/Build.html,$H/Search/Elements/PickCriteria,$H/Elements/CollectionList,$H/Elements/CollectionAsTable/Row,$H/Elements/CollectionAsTable/Header,$H/Elements/CollectionAsTable/ParseFormat,$H/Elements/RT__Ticket/ColumnMap,$H/Elements/Login,$H/Elements/MyRT,$H/Elements/QueueSummaryByStatus,$H/Elements/ShowSearch,$H/Elements/ListActions,$H/Elements/ShowUser,$H/Elements/Tabs,$H/Elements/PageLayout,$H/Elements/Header,$H/Elements/Footer,$H/Elements/SelectStatus,$H/Elements/SelectOwner,$H/Elements/SelectQueue,$H/Elements/ShowLink,$H/Admin/Users/Modify.html,$H/Admin/Users/index.html,$H/Admin/Users/Memberships.html,$H/Admin/Queues/index.html,$H/Admin/Queues/Modify.html,$H/Admin/Groups/index.html,$H/Admin/Groups/Modify.html,$H/Admin/Groups/Members.html,$H/Admin/index.html,$H/Prefs/AboutMe.html,$H/User/Summary.html,$H/NoAuth/Login.html,$L/Ticket.pm,$L/Tickets.pm,$L/Date.pm,$L/User.pm,$L/Queue.pm,$L/Transaction.pm,$L/Group.pm,$L/Interface/Web/MenuBuilder.pm"

# request-tracker5's and rt5-db-sqlite's postinst are told (dbconfig-common)
# not to set up a database; no web server is configured and nothing is
# started (apt runs without a service manager here).  The system's
# /etc/request-tracker5 is never read: RT_SITE_CONFIG and
# RT_SITE_CONFIG_DIR point at the run's own configuration.
install_packages() {
    local p missing=
    for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    [ -n "$missing" ] || return 0
    printf '%s\n' 'request-tracker5 request-tracker5/dbconfig-install boolean false' \
        'rt5-db-sqlite rt5-db-sqlite/dbconfig-install boolean false' \
        'dbconfig-common dbconfig-common/dbconfig-install boolean false' | debconf-set-selections
    apt_install "${PKGS[@]}"
}

# prepare DEST -- a standalone copy of Debian's RT (/usr/share/request-tracker5,
# symlinks resolved, without debian/ and the upgrade scripts; Debian's
# rt-setup-database in sbin/), whose scripts find lib/ beside them and whose
# lib/RT/Generated.pm takes every path from the tree it is in or from the
# run's state (SMART_RT_STATE), so that a scratch copy serves its own
# templates; seed, sessions, runner; smart_srand.pm seeds rand() in the
# mutant runs; smart-build.sh compiles nothing (a mutant that breaks Perl
# or Mason shows as an error page or a server that does not start).
prepare() {
    local dest=$1
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest"
    cp -aL /usr/share/request-tracker5 "$dest/rt"
    rm -rf "$dest/rt/debian" "$dest/rt/etc/upgrade"
    mkdir -p "$dest/rt/sbin"
    cp /usr/sbin/rt-setup-database-5 "$dest/rt/sbin/rt-setup-database"
    perl -pi -e 's{my \@libs = \("/usr/share/request-tracker5/lib", "/usr/local/share/request-tracker5/lib"\);}{my \@libs = ("lib");}' \
        "$dest"/rt/libexec/* "$dest/rt/sbin/rt-setup-database"
    grep -q 'my @libs = ("lib");' "$dest/rt/libexec/standalone_httpd" "$dest/rt/sbin/rt-setup-database" ||
        { log "RT's lib path boilerplate not found"; exit 1; }
    "$PY" - "$dest/rt/lib/RT/Generated.pm" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
start, end = s.index("$BasePath ="), s.index("\n1;", s.index("$BasePath ="))
paths = [("BasePath", "$tree"), ("EtcPath", "$tree/etc"), ("BinPath", "$tree/bin"),
         ("SbinPath", "$tree/sbin"), ("VarPath", "$state/var"), ("FontPath", "$tree/fonts"),
         ("LexiconPath", "$tree/po"), ("StaticPath", "$tree/static"), ("PluginPath", "$tree/plugins"),
         ("LocalPath", "$state/local"), ("LocalEtcPath", "$state/etc"), ("LocalLibPath", "$state/local/lib"),
         ("LocalLexiconPath", "$state/local/po"), ("LocalStaticPath", "$state/local/static"),
         ("LocalPluginPath", "$state/local/plugins"), ("MasonComponentRoot", "$tree/html"),
         ("MasonLocalComponentRoot", "$state/local/html"), ("MasonDataDir", "$state/mason"),
         ("MasonSessionDir", "$state/sessions")]
new = ("# The first-look rt corpus: every path is the tree this file is in (a\n"
       "# scratch copy under smart mutate) or the run's state (SMART_RT_STATE)\n"
       "use File::Basename ();\nuse Cwd ();\n"
       "my $tree = Cwd::abs_path(File::Basename::dirname(__FILE__) . \"/../..\");\n"
       "my $state = $ENV{SMART_RT_STATE} || die \"SMART_RT_STATE is not set\\n\";\n"
       + "".join('$%s = "%s";\n' % kv for kv in paths))
open(p, "w").write(s[:start] + new + s[end:])
PY
    cp "$HERE/sessions.json" "$HERE/seed.pl" "$dest/"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf '%s\n' '# seeds rand() in the mutant runs (PERL5OPT=-Msmart_srand)' 'srand(1);' '1;' > "$dest/smart_srand.pm"
    printf '%s\n' 'true' > "$dest/smart-build.sh"
    log "mutant-mode database kept for the mutant runs"
    (cd "$dest" && SMART_RT_SNAPSHOT=1 sh smart-run.sh)
    touch "$dest/.done"
}

install_packages
export SMART
[ -x "$SMART" ] || (cd "$REPO_DIR" && make -s -j2 >&2)
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-rt-smoke.XXXXXX")
    trap 'rm -rf "$T"' EXIT
    prepare "$T/app"
    smoke_sessions "$T/app/sessions.json" staff 8
    (cd "$T/app" && SMART_RUN_SEED=1 sh smart-run.sh && mv out "$T/run-1")
    (cd "$T/app" && sh smart-run.sh && mv out "$T/run-m")
    n=$(find "$T/run-1" -type f | wc -l)
    [ "$n" -ge 8 ] || { log "smoke: only $n pages"; exit 1; }
    grep -q "<title>RT at a glance</title>" "$T/run-1/staff/03_GET_index.html" ||
        { log "smoke: not logged in"; exit 1; }
    grep -q "<title>#7: " "$T/run-m/staff/08_POST_Ticket-Create.html" ||
        { log "smoke: the mutant-mode run created no ticket"; exit 1; }
    log "smoke: $n pages per run, logged in, a ticket created"
    exit 0
fi

need_smart mutate
W=$CACHE/work/fl-$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, ports, root passwords)"
run_suite "$W/app" "$W/clean" 4
keep_runs "$W/clean" "$HERE/runs"

# one job unless RT_MUTANT_JOBS says otherwise (each slot serves on a port
# of its own, see run.sh)
JOBS_NOW=${RT_MUTANT_JOBS:-1}
log "mutants (${MUTANTS}s, -j $JOBS_NOW; load $(cut -d' ' -f1 /proc/loadavg))"
if [ ! -f "$W/mutant-$SEED.jsonl.done" ]; then
    nice -n 10 "$SMART" mutate --src "$W/app" --files "$MUTATE_FILES" \
        --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
        --time "$MUTANTS" --per-mutant 8 --seed "$SEED" -j "$JOBS_NOW" --app "$APP" \
        -o "$W/mutant-$SEED.jsonl" >&2
    touch "$W/mutant-$SEED.jsonl.done"
fi

# Clock-only mutant pairs are dropped and the mutant runs' TOKEN16/TOKEN32
# filled in (clock_only.py says how and why).
"$PY" "$HERE/clock_only.py" "$W/mutant-$SEED.jsonl" "$W/mutant-$SEED-tokens.jsonl" "$SEED" "$W/mutant-clock-only.txt"

# Caps: at most 60 pairs per rerun and 240 mutant pairs (8 per mutant); no
# side over 150 000 bytes.  Each mutant pair's old side is clean run 1's
# page (real clock, real random keys), so an inspect pair carries the fault
# and the run-to-run volatility together.
apt_install python3-html5lib
"$GUIDE_PY" "$CORPORA_DIR/lib/assemble.py" --app "$APP" --seed "$SEED" -o "$OUT" \
    --unlabelled "$HERE/unlabelled.jsonl.gz" --format html --max-bytes 150000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "rt 5.0.3 rerun, fresh database: clock 2024-07-15 18:42:07, TZ Europe/Berlin, port 18512, new root password, random keys, process id and tree folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "rt 5.0.3 rerun, fresh database: clock 2025-01-02 03:04:05, TZ America/New_York, port 18513, new root password, random keys, process id and tree folder" 60 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "rt 5.0.3 rerun, fresh database: clock 2025-06-30 23:59:50, TZ Asia/Tokyo, port 18514, new root password, random keys, process id and tree folder" 60 \
    --pairs mutant "$W/mutant-$SEED-tokens.jsonl" 8 240 \
    | tee "$HERE/counts.txt"
echo "rt           mutant pairs left out as clock-only (of smart mutate's pairs): $(cat "$W/mutant-clock-only.txt")" | tee -a "$HERE/counts.txt"
