# A private PostgreSQL cluster for one run (sourced, not run).
#
# PostgreSQL refuses to run as root and the corpus cache lies under /root,
# which its own user cannot enter, so the cluster's folder is a fresh
# mktemp folder under /tmp owned by the `postgres` user (the package's
# system user), named in STATE/pgdir so that a later run can stop and
# remove what a killed run left (pg_sweep).  The cluster listens on its own
# Unix socket folder only (no TCP), so runs side by side never meet; the
# system's cluster and service are neither used nor touched.
#
# Sourced by the first-look test suites that need PostgreSQL (davical),
# into which the generator copies it as smart-postgres.sh.

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}

# pg_as_postgres CMD... -- runs CMD as the `postgres` user, the environment
# kept (setpriv, not su: libfaketime's variables must reach the server),
# from /tmp (the caller's folder may be one it cannot enter).
pg_as_postgres() {
    (cd /tmp && setpriv --reuid=postgres --regid=postgres --init-groups "$@")
}

# pg_sweep GLOB -- stops the server and removes the cluster folder of every
# earlier run's state folder matching GLOB (a run that smart mutate killed
# at its timeout ran no trap).
pg_sweep() {
    for _old in $1; do
        [ -f "$_old/pgdir" ] || continue
        _dir=$(cat "$_old/pgdir")
        case $_dir in /tmp/smart-pg.*) ;; *) continue ;; esac
        if [ -f "$_dir/data/postmaster.pid" ]; then
            _p=$(head -n 1 "$_dir/data/postmaster.pid")
            kill -INT "$_p" 2>/dev/null || true
            _i=0; while kill -0 "$_p" 2>/dev/null && [ $_i -lt 100 ]; do _i=$((_i + 1)); sleep 0.1; done
        fi
        rm -rf "$_dir"
    done
}

# pg_init TEMPLATE -- an empty cluster (initdb: superuser `postgres`, trust
# on the socket, UTF-8, locale C.UTF-8) made into the folder TEMPLATE (for
# a prepared tree to copy per run).
pg_init() {
    _tmp=$(mktemp -d /tmp/smart-pg.XXXXXX)
    chown postgres: "$_tmp"
    pg_as_postgres "$PG_BIN/initdb" -D "$_tmp/data" -U postgres -A trust -E UTF8 \
        --locale=C.UTF-8 >/dev/null
    rm -rf "$1"; cp -a "$_tmp/data" "$1"
    rm -rf "$_tmp"
}

# pg_start STATE TEMPLATE CLOCK ZONE -- copies the cluster folder TEMPLATE to a
# fresh folder under /tmp (named in STATE/pgdir; the socket folder is
# STATE/pgsock, a link to it) and starts PostgreSQL on it with its clock
# CLOCK through libfaketime (read as `fake_clock` reads it; a frozen
# clock "2024-03-10 12:00:00" gives every now() the same value, the
# server's own timers kept on the real monotonic clock) and its time
# zone ZONE (the `timezone` setting, which initdb otherwise fixes when the
# template is made), fsync off (a run's data is thrown away); waits until
# it answers.  Its log is copied to STATE/pg.log when it stops.
# The pid is appended to $jobs; pg_stop STATE stops it.
pg_start() {
    _st=$1 _tpl=$2 _clock=$3 _zone=$4
    _dir=$(mktemp -d /tmp/smart-pg.XXXXXX)
    echo "$_dir" > "$_st/pgdir"
    cp -a "$_tpl" "$_dir/data"
    mkdir -p "$_dir/sock"
    chown -R postgres: "$_dir"
    chmod 700 "$_dir/data"
    chmod 755 "$_dir"
    ln -sfn "$_dir/sock" "$_st/pgsock"
    # (libfaketime is loaded after the change of user: a process that
    # loads it as root makes a semaphore named after its pid, which the
    # same pid cannot open again once it is `postgres`)
    pg_as_postgres env DONT_FAKE_MONOTONIC=1 LD_PRELOAD='/usr/$LIB/faketime/libfaketime.so.1' \
        FAKETIME="$_clock" "$PG_BIN/postgres" -D "$_dir/data" -k "$_dir/sock" -c listen_addresses= \
        -c fsync=off -c full_page_writes=off -c synchronous_commit=off \
        -c autovacuum=off -c max_connections=40 -c "timezone=$_zone" -c "log_timezone=$_zone" > "$_dir/pg.log" 2>&1 &
    jobs="$jobs $!"
    _i=0
    until "$PG_BIN/psql" -h "$_dir/sock" -U postgres -qXAt -c 'SELECT 1' template1 >/dev/null 2>&1; do
        _i=$((_i + 1))
        [ $_i -lt 300 ] || { echo "PostgreSQL did not start" >&2; cat "$_dir/pg.log" >&2; return 1; }
        sleep 0.1
    done
}

# pg_stop STATE -- stops the run's server (a fast shutdown), waits for it
# and removes its cluster folder.
pg_stop() {
    [ -f "$1/pgdir" ] || return 0
    _dir=$(cat "$1/pgdir")
    [ -f "$_dir/pg.log" ] && cp "$_dir/pg.log" "$1/pg.log" 2>/dev/null || true
    pg_sweep "$1"
}
