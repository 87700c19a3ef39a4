#!/bin/sh
# serve.sh start PORT [FAKETIME] | stop PORT
# Serves $WWW on 127.0.0.1:PORT with nginx and php-fpm (both in the
# foreground of background jobs, configs and pids under $WORK/srv-PORT).
# FAKETIME (e.g. "2024-03-01 10:00:00") runs PHP at that (advancing) date
# through libfaketime. With SMART_DETERMINISTIC=1 (mutant runs) the request
# id is fixed, MediaWiki leaves out its parser timing report, one PHP worker
# serves every request, and PHP's clock starts at FAKETIME and steps 1 µs
# per clock read instead of following the real clock (libfaketime's "i"
# mode, per process), so that two clean runs print the same pages and
# smart mutate keeps them. (A stopped clock made php-fpm answer 502.)
set -eu
. "$(dirname "$0")/common.sh"
# libfaketime is preloaded directly, not through the faketime wrapper: the
# wrapper names a POSIX semaphore by its own pid, a killed wrapper leaves it
# behind, and a later process given the recycled pid fails with
# "sem_open: File exists" (the library takes such a clash as non-fatal).
# Forked php-fpm workers inherit the clock.
fake_clock() {
	spec=$1; shift
	env LD_PRELOAD='/usr/$LIB/faketime/libfaketime.so.1' FAKETIME="$spec" "$@"
}
cmd=$1 port=$2 when=${3:-}
srv="$WORK/srv-$port"
case "$cmd" in
start)
	rm -rf "$srv"; mkdir -p "$srv/tmp"
	cat >"$srv/fpm.conf" <<CONF
[global]
pid = $srv/fpm.pid
error_log = $srv/fpm.log
daemonize = no
[www]
listen = $srv/fpm.sock
listen.mode = 0666
pm = static
pm.max_children = $( [ -n "${SMART_DETERMINISTIC:-}" ] && echo 1 || echo 2)
clear_env = no
php_admin_value[error_log] = $srv/php.log
php_admin_value[opcache.validate_timestamps] = 1
php_admin_value[opcache.revalidate_freq] = 0
CONF
	cat >"$srv/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $srv/nginx.pid;
error_log $srv/nginx-error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log $srv/access.log combined;
  client_body_temp_path $srv/tmp; fastcgi_temp_path $srv/tmp; proxy_temp_path $srv/tmp;
  uwsgi_temp_path $srv/tmp; scgi_temp_path $srv/tmp;
  server {
    listen 127.0.0.1:$port;
    root $WWW;
    index index.php;
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_pass unix:$srv/fpm.sock;$( [ -n "${SMART_DETERMINISTIC:-}" ] && printf '\n      fastcgi_param UNIQUE_ID smartreplay0000000000000;')
    }
  }
}
CONF
	if [ -n "$when" ] && [ -n "${SMART_DETERMINISTIC:-}" ]; then
		fake_clock "@$when i0.000001" "$PHP_FPM" -R -y "$srv/fpm.conf" >/dev/null 2>&1 &
	elif [ -n "$when" ]; then
		fake_clock "@$when" "$PHP_FPM" -R -y "$srv/fpm.conf" >/dev/null 2>&1 &
	else
		"$PHP_FPM" -R -y "$srv/fpm.conf" >/dev/null 2>&1 &
	fi
	echo $! >"$srv/fpm.job"
	nginx -c "$srv/nginx.conf" -p "$srv" >/dev/null 2>&1 &
	echo $! >"$srv/nginx.job"
	i=0
	until python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null &&
	      [ -S "$srv/fpm.sock" ]; do
		i=$((i + 1)); [ $i -lt 100 ] || { echo "serve.sh: server on $port did not start" >&2; exit 1; }
		sleep 0.1
	done
	;;
stop)
	# The servers' own pid files, then the jobs (a backgrounded fake_clock
	# may leave php-fpm a child of its subshell).
	for f in nginx.pid fpm.pid nginx.job fpm.job; do
		[ -f "$srv/$f" ] && kill "$(cat "$srv/$f")" 2>/dev/null || true
	done
	sleep 0.5
	;;
*) echo "usage: serve.sh start PORT [FAKETIME] | stop PORT" >&2; exit 2 ;;
esac
