# The start and end of a served first-look application's run (sourced by
# its smart-run.sh, into which the generator copies this file as
# smart-served-run.sh; written for ocsinventory: the earlier first-look
# runners keep their own copies of these steps and are not changed).

# served_stop STATE KEEP -- stops what a run started and removes its state
# folder STATE unless KEEP is set: nginx and php-fpm (their pid files in
# STATE), a private MariaDB on STATE/db.sock (shut down and waited for, so
# that its data folder is not removed under it), then the pids in $jobs.
served_stop() {
    _st=$1 _pids=
    for _f in nginx.pid fpm.pid; do
        [ -f "$_st/$_f" ] && _pids="$_pids $(cat "$_st/$_f")"
    done
    for _p in $_pids; do kill "$_p" 2>/dev/null || true; done
    for _p in $_pids; do
        _i=0; while kill -0 "$_p" 2>/dev/null && [ $_i -lt 300 ]; do _i=$((_i + 1)); sleep 0.1; done
    done
    if [ -S "$_st/db.sock" ]; then
        _db=$(cat "$_st/db.pid" 2>/dev/null || true)
        mariadb --no-defaults -S "$_st/db.sock" -u root -e 'SHUTDOWN' >/dev/null 2>&1 || true
        _i=0; while [ -n "$_db" ] && kill -0 "$_db" 2>/dev/null && [ $_i -lt 300 ]; do _i=$((_i + 1)); sleep 0.1; done
    fi
    for _j in $jobs; do kill "$_j" 2>/dev/null || true; done
    for _j in $jobs; do wait "$_j" 2>/dev/null || true; done
    [ -n "$2" ] || rm -rf "$_st" || true
}

# served_hold FILE URL -- development: keeps the run's server up while the
# file FILE exists (none given: returns at once).
served_hold() {
    [ -n "$1" ] || return 0
    touch "$1"; echo "serving on $2" >&2
    while [ -f "$1" ]; do sleep 1; done
}

# served_replay APPDIR BASE_URL MUTANT_RUN [REPLAY_OPTION...] -- replays
# APPDIR/sessions.json against BASE_URL into out/ (one file per request;
# the manifests, request timings, removed), and in a mutant run (MUTANT_RUN
# 1) writes the random values left as placeholders (smart-scrub.py); fails
# when no page was written.
served_replay() {
    _app=$1 _url=$2 _mutant=$3; shift 3
    rm -rf out
    "${SMART:-smart}" replay "$_app/sessions.json" --base-url "$_url" -o out "$@" >/dev/null
    rm -f out/*/manifest.json
    [ "$_mutant" != 1 ] || python3 "$_app/smart-scrub.py" out
    [ -n "$(find out -type f | head -n 1)" ]
}
