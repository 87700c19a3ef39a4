# The test suite of the first-look ikiwiki corpus (copied into the prepared
# tree as smart-run.sh; smart-build.sh only compiles the Perl modules smart
# mutate seeds).  One run:
#
#  1. makes a fresh wiki in the run's state: a git repository holding
#     seed/'s pages in four commits dated days before the run's clock (the
#     wiki's history), ikiwiki's setup file (rcs git, passwordauth,
#     editpage, comments, tags, search, remove, rename, ...; the tree's own
#     templates, Perl modules and ikiwiki program), then builds the wiki and
#     its CGI wrapper with `ikiwiki --setup --gettime` under the run's clock;
#  2. serves the built pages with nginx and the CGI with fcgiwrap on
#     127.0.0.1:PORT (the wrapper hands the CGI the run's clock, zone and
#     the tree's Perl modules through the setup's ENV);
#  3. replays sessions.json with `smart replay` into out/ (the form fields
#     `sid`, the CSRF token, and `rcsinfo`, the revision an edit starts
#     from, are carried over from the page before), then stops everything
#     and removes the state.
#
# Clean run K (SMART_RUN_SEED=K) takes clock, time zone, port and host name
# K, a running clock shared by every process of the run (an offset from the
# real one), and a random account creation password; CGI::Session's ids are
# random.  Without it (smart mutate's runs) the clock is frozen at a fixed
# date, Perl's hash order and rand() are fixed, the port, host, zone and
# password are fixed, and the values that still vary are written as
# placeholders: the session id in the forms (TOKEN32) and omega's search
# time (TOKENTIME), which generate.sh replaces, and the real clock's dates
# of the tag pages made during the run (the frozen clock's date instead).
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18611 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18612 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18613 HOST=wiki.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18614 HOST=harbour.localhost ;;
# smart mutate's runs: one port per slot (its folders 0, 1, ...)
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC HOST=127.0.0.1
   case $(basename "$PWD") in [0-9]) PORT=$((18620 + $(basename "$PWD"))) ;; *) PORT=${SMART_IKI_MUTANT_PORT:-18610} ;; esac ;;
esac
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
export TZ=$ZONE
SMART=${SMART:-smart}
. "$APPDIR/smart-fake-clock.sh"
START=$(date -d "$CLOCK" +%s)
if [ "$MUTANT_RUN" = 1 ]; then
    # a frozen clock, Perl's hashes in one order and rand() from one seed
    IKICLOCK=$CLOCK
    export PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0
    PERLOPT="-I$APPDIR -Msmart_srand"
else
    # a running clock that every CGI process of the run shares
    IKICLOCK=$(printf '%+d' $((START - $(date +%s))))
    PERLOPT=
fi
export PERL5LIB=$APPDIR/iki/lib PERL5OPT=$PERLOPT

rm -rf "$APPDIR"/.smart-state.*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"
stop() {
    for f in nginx.pid; do
        [ -f "$state/$f" ] && kill "$(cat "$state/$f")" 2>/dev/null || true
    done
    # fcgiwrap's preforked workers outlive their parent: each job's
    # children are stopped with it
    for j in $jobs; do kill "$j" $(ps -o pid= --ppid "$j" 2>/dev/null) 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_IKI_KEEP:-}" ] || rm -rf "$state"
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# the wiki's history: seed/'s pages in four commits, days before the clock
PASS=$([ "$MUTANT_RUN" = 1 ] && echo smart-Iki-join || head -c 12 /dev/urandom | base64 | tr -d '\n/+=')
mkdir -p "$state/src" "$state/dest" "$state/tmp"
cp -r "$APPDIR/seed/." "$state/src/"
commit() {   # commit DAYS_BEFORE AUTHOR MESSAGE PATH...
    local days=$1 who=$2 msg=$3 when; shift 3
    when="@$((START - days * 86400 + 3600 * (days % 7) + 60 * days)) +0000"
    (cd "$state/src" && git add -- "$@" &&
        GIT_AUTHOR_NAME=$who GIT_AUTHOR_EMAIL="$who@harbour.test" GIT_AUTHOR_DATE=$when \
        GIT_COMMITTER_NAME=$who GIT_COMMITTER_EMAIL="$who@harbour.test" GIT_COMMITTER_DATE=$when \
        git commit -q -m "$msg")
}
(cd "$state/src" && git init -q -b master . && git config user.name admin && git config user.email admin@harbour.test)
commit 30 ada "the harbour tools wiki" index.mdwn about.mdwn blog.mdwn docs.mdwn docs team.mdwn sidebar.mdwn tags.mdwn
commit 20 ada "release notes of 2.4" blog/release-2-4.mdwn
commit 9 grace "minutes of week 9" blog/meeting-minutes.mdwn
commit 2 linus "pilot feed incident" blog/pilot-feed.mdwn

LIBFT='/usr/$LIB/faketime/libfaketime.so.1'
cat > "$state/wiki.setup" <<SETUP
#!/usr/bin/perl
# ikiwiki setup of one run (smart's first-look corpus)
use IkiWiki::Setup::Standard {
	wikiname => 'Harbour Tools',
	adminuser => ['ada'],
	adminemail => 'ada\@harbour.test',
	srcdir => '$state/src',
	destdir => '$state/dest',
	url => 'http://$HOST:$PORT',
	cgiurl => 'http://$HOST:$PORT/ikiwiki.cgi',
	cgi_wrapper => '$state/dest/ikiwiki.cgi',
	cgi_wrappermode => '0755',
	# redirects to cgiurl's host and port (CGI.pm's own drop the port)
	reverse_proxy => 1,
	templatedir => '$APPDIR/iki/templates',
	underlaydir => '/usr/share/ikiwiki/basewiki',
	libdir => '$APPDIR/iki/lib',
	rcs => 'git',
	gitorigin_branch => '',
	git_wrapper => '',
	gettime => 1,
	add_plugins => [qw{goodstuff passwordauth editpage recentchanges comments tag
		remove rename sidebar lockedit 404 search table toc pagestats getsource
		attachment}],
	disable_plugins => [qw{openid emailauth}],
	locked_pages => 'index or sidebar',
	account_creation_password => '$PASS',
	comments_pagespec => 'blog/* and !*/Discussion',
	comments_closed_pagespec => 'blog/release-2-4',
	tagbase => 'tags',
	tag_autocreate => 1,
	tag_autocreate_commit => 1,
	recentchangespage => 'recentchanges',
	recentchangesnum => 100,
	omega_cgi => '/usr/lib/cgi-bin/omega/omega',
	discussion => 1,
	timezone => '$ZONE',
	ENV => {
		PERL5LIB => '$APPDIR/iki/lib',
		PERL5OPT => '$PERLOPT',
		PERL_HASH_SEED => '${PERL_HASH_SEED:-}',
		PERL_PERTURB_KEYS => '${PERL_PERTURB_KEYS:-}',
		TZ => '$ZONE',
		LD_PRELOAD => '$LIBFT',
		FAKETIME => '$IKICLOCK',
		TMPDIR => '$state/tmp',
	},
};
SETUP
# the build and the wrapper (under the run's clock; ikiwiki reads each
# page's dates from git with --gettime)
fake_clock "$IKICLOCK" perl "$APPDIR/iki/ikiwiki" --setup "$state/wiki.setup" --gettime \
    >"$state/setup.log" 2>&1 || { cat "$state/setup.log" >&2; exit 1; }
[ -x "$state/dest/ikiwiki.cgi" ] || { echo "no CGI wrapper" >&2; cat "$state/setup.log" >&2; exit 1; }

cat > "$state/nginx.conf" <<CONF
daemon off;
user root root;
worker_processes 1;
pid $state/nginx.pid;
error_log $state/nginx-error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log $state/access.log combined;
  client_body_temp_path $state/tmp; fastcgi_temp_path $state/tmp; proxy_temp_path $state/tmp;
  uwsgi_temp_path $state/tmp; scgi_temp_path $state/tmp;
  server {
    listen 127.0.0.1:$PORT;
    server_name _;
    root $state/dest;
    index index.html;
    error_page 404 = @missing;
    location = /ikiwiki.cgi {
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME $state/dest/ikiwiki.cgi;
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_pass unix:$state/fcgi.sock;
    }
    # ikiwiki's 404 plugin (fastcgi_params would send REDIRECT_STATUS 200 first)
    location @missing {
      fastcgi_param GATEWAY_INTERFACE CGI/1.1;
      fastcgi_param REQUEST_METHOD \$request_method;
      fastcgi_param QUERY_STRING \$query_string;
      fastcgi_param REQUEST_URI \$request_uri;
      fastcgi_param SERVER_NAME \$server_name;
      fastcgi_param SERVER_PORT \$server_port;
      fastcgi_param REMOTE_ADDR \$remote_addr;
      fastcgi_param SCRIPT_FILENAME $state/dest/ikiwiki.cgi;
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_param REDIRECT_STATUS 404;
      fastcgi_param REDIRECT_URL \$request_uri;
      fastcgi_pass unix:$state/fcgi.sock;
    }
  }
}
CONF
fcgiwrap -c "$([ "$MUTANT_RUN" = 1 ] && echo 1 || echo 2)" -s "unix:$state/fcgi.sock" >"$state/fcgiwrap.log" 2>&1 &
jobs="$jobs $!"
nginx -c "$state/nginx.conf" -p "$state" >/dev/null 2>&1 &
jobs="$jobs $!"
i=0
until [ -S "$state/fcgi.sock" ] && curl -s -o /dev/null "http://127.0.0.1:$PORT/index.html"; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "server on $PORT did not start" >&2; exit 1; }
    sleep 0.1
done
if [ -n "${SMART_IKI_HOLD:-}" ]; then
    touch "$SMART_IKI_HOLD"; echo "serving on http://$HOST:$PORT/" >&2
    while [ -f "$SMART_IKI_HOLD" ]; do sleep 1; done
fi
rm -rf out
sed -e "s/smart-Iki-join/$PASS/g" "$APPDIR/sessions.json" > "$state/sessions.json"
"$SMART" replay "$state/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 120 \
    --token-pattern sid --token-pattern rcsinfo >/dev/null
rm -f out/*/manifest.json
if [ "$MUTANT_RUN" = 1 ]; then
    # CGI::Session's ids (md5 of the process id, the clock and rand()) and
    # omega's measured search time, which generate.sh replaces; and the
    # dates of the tag pages made during the run (ikiwiki takes them from
    # the file system's real clock, which libfaketime does not reach) in
    # the frozen clock's display
    NOW=$(LC_ALL=C date -d "$CLOCK" '+%a %b %e %H:%M:%S %Y')
    TODAY=$(LC_ALL=C date '+%a %b %e') YEAR=$(date +%Y)
    find out -type f -exec perl -pi -e '
        s/(name="sid" type="hidden" value=")([0-9a-f]{32})/$1TOKEN32/g;
        s/(Search took )[0-9.]+( seconds)/$1TOKENTIME$2/g;
        s/\Q'"$TODAY"'\E \d\d:\d\d:\d\d '"$YEAR"'/'"$NOW"'/g' {} +
fi
[ -n "$(find out -type f | head -n 1)" ]
