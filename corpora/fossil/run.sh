# The test suite of the fossil corpus (copied into the prepared tree as
# smart-run.sh; smart-build.sh is `make`): creates the repository
# (repo.sh), serves it with `fossil server` on loopback, and replays
# sessions.json through `smart replay` into out/ (one HTML or RSS file per
# request, and each session's manifest).
#
# Run K (SMART_RUN_SEED, set by run_suite) takes clock, time zone and port
# K: everything fossil dates "now" (tickets, wiki pages, "N days ago", the
# RSS build date) and draws at random (project code, login cookies, CSRF
# tokens) follows.  Without it (smart mutate's runs) the clock, port and
# project code are fixed and the per-login CSRF values are written as
# TOKEN, so two clean runs agree and only the mutation shows.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18131 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18132 ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18133 ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18134 ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=18130 ;;
esac
export TZ=$ZONE
SMART=${SMART:-smart}
state=$(mktemp -d "${TMPDIR:-/tmp}/smart-fossil-state.XXXXXX")
repo=$state/notes.fossil
# libfaketime is preloaded directly, not through the faketime wrapper: the
# wrapper names a POSIX semaphore by its own pid, a wrapper that is killed
# with the server leaves it behind, and a later process given the recycled
# pid then fails with "sem_open: File exists" (pid_max is 32768 here);
# the library names its own the same way but takes a clash as non-fatal.
cat > "$state/fossil" <<WRAP
#!/bin/sh
LD_PRELOAD='/usr/\$LIB/faketime/libfaketime.so.1' FAKETIME='$CLOCK' \\
    exec "$APPDIR/fossil" "\$@"
WRAP
chmod +x "$state/fossil"
export HOME=$state USER=admin   # fossil keeps its global settings under HOME
sh "$APPDIR/repo.sh" "$state/fossil" "$repo" "$APPDIR/content"
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then
    "$state/fossil" sqlite3 -R "$repo" \
        "UPDATE config SET value='5eed0000000000000000000000000000000000aa' WHERE name='project-code';" >/dev/null
fi
"$state/fossil" server --localhost --port "$PORT" "$repo" >"$state/server.log" 2>&1 &
server=$!
# the wrapper execs fossil, so $server is the server; its command line is
# the fallback should fossil have forked
trap 'pkill -f -- "server --localhost --port $PORT $repo" 2>/dev/null || true
      kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$state"' EXIT
for i in $(seq 1 50); do
    curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break
    sleep 0.1
done
rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://127.0.0.1:$PORT" -o out --timeout 30 >/dev/null
rm -f out/*/manifest.json   # request timings: not a page
if [ "${SMART_RUN_SEED:-0}" = 0 ]; then
    find out -type f -exec sed -i -E \
        -e 's/(name="csrf" value=")[^"]*/\1TOKEN/g' -e 's/(csrf=)[0-9a-zA-Z]+/\1TOKEN/g' \
        -e "s/nonce-[0-9a-f]+/nonce-TOKEN/g" -e "s/(nonce=[\"'])[0-9a-f]+/\1TOKEN/g" \
        -e 's/(style\.css\?id=)[0-9a-f]+/\1BUILD/g' -e 's/[0-9]+\.[0-9]+s by/TIMEs by/g' {} +
fi
[ -n "$(find out -type f | head -n 1)" ]
