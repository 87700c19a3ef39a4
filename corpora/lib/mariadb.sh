# mariadb_start STATE DATADIR CLOCK -- starts a private MariaDB on the data
# folder DATADIR (made by `mariadb-install-db --no-defaults
# --innodb-undo-tablespaces=3`: the undo logs in three files that are
# truncated past 10 MB, so that no file of the folder grows past the 64 MiB
# smart mutate allows a mutant run to write, as the system tablespace does
# with a large load), on the Unix
# socket STATE/db.sock with no TCP at all, its clock CLOCK through
# libfaketime (`fake_clock`: source lib/fake-clock.sh first; give it a
# running clock, a stepping one stalls its timed waits), pid file
# STATE/db.pid, log STATE/db.log; waits until it answers.  The pid is
# appended to $jobs, for the caller's stop().  The system's MariaDB
# service, if any, is neither used nor touched.
#
# Sourced by the first-look test suites that need a database (zabbix), into
# which the generator copies it as smart-mariadb.sh.
mariadb_start() {
    _st=$1 _data=$2 _clock=$3
    fake_clock "$_clock" mariadbd --no-defaults --datadir="$_data" --socket="$_st/db.sock" \
        --skip-networking --pid-file="$_st/db.pid" --user=root --innodb-log-file-size=16M \
        --innodb-buffer-pool-size=64M --innodb-undo-tablespaces=3 --innodb-undo-log-truncate=ON \
        --innodb-max-undo-log-size=10M --character-set-server=utf8mb4 --collation-server=utf8mb4_bin \
        --log-error="$_st/db.log" >/dev/null 2>&1 &
    jobs="$jobs $!"
    _i=0
    until mariadb --no-defaults -S "$_st/db.sock" -u root -e 'SELECT 1' >/dev/null 2>&1; do
        _i=$((_i + 1))
        [ $_i -lt 600 ] || { echo "MariaDB did not start" >&2; cat "$_st/db.log" >&2; return 1; }
        sleep 0.1
    done
}
