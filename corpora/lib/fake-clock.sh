# fake_clock SPEC CMD... -- runs CMD with libfaketime preloaded and FAKETIME
# set to SPEC, read as `faketime -f` reads it: "2024-03-01 10:00:00" is a
# frozen clock, "@2024-03-01 10:00:00" one that starts then and runs.
#
# Sourced by the corpus test suites, into which each generator copies it as
# smart-fake-clock.sh. It is not the faketime wrapper command: the wrapper
# names a POSIX semaphore after its own pid, a wrapper killed with a server
# leaves it behind, and a later process given the recycled pid fails with
# "sem_open: File exists" (pid_max is 32768 on small machines; it failed
# CI). The library names its own objects the same way but takes a clash as
# non-fatal.
fake_clock() {
    spec=$1; shift
    env LD_PRELOAD='/usr/$LIB/faketime/libfaketime.so.1' FAKETIME="$spec" "$@"
}
