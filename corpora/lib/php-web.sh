# php_web_start STATE ROOT PORT ZONE CLOCK WORKERS [PHP_INI_LINES] -- serves
# the PHP tree ROOT on 127.0.0.1:PORT with a private php-fpm (its clock
# CLOCK through libfaketime, `fake_clock`: source lib/fake-clock.sh first;
# WORKERS static workers; PHP's time zone ZONE; PHP sessions, logs and
# sockets under STATE) behind a private nginx (foreground processes, pid
# files STATE/fpm.pid and STATE/nginx.pid, the system's services untouched),
# and waits until both answer.  PHP_INI_LINES: more fpm pool lines
# (`php_admin_value[...] = ...`), one a line.  FRONT (optional): the
# application's front controller (`/index.php`), to which every path that
# names no file is handed, query included, as its own web server
# configuration does (Icinga Web 2's routes: /authentication/login).  The
# pids of the two processes are appended to $jobs, for the caller's stop().
#
# Sourced by the first-look test suites that serve PHP (zabbix, icingaweb),
# into which the generator copies it as smart-php-web.sh.
php_web_start() {
    _st=$1 _root=$2 _port=$3 _zone=$4 _clock=$5 _workers=$6 _extra=${7:-} _front=${8:-}
    mkdir -p "$_st/tmp" "$_st/sessions"
    {
        printf '%s\n' '[global]' "pid = $_st/fpm.pid" "error_log = $_st/fpm.log" 'daemonize = no' \
            '[www]' "listen = $_st/fpm.sock" 'listen.mode = 0666' 'pm = static' \
            "pm.max_children = $_workers" 'clear_env = no' \
            "php_admin_value[error_log] = $_st/php.log" \
            "php_admin_value[session.save_path] = $_st/sessions" \
            "php_admin_value[date.timezone] = $_zone"
        [ -z "$_extra" ] || printf '%s\n' "$_extra"
    } > "$_st/fpm.conf"
    # Debian's fastcgi_params passes $host (no port) as HTTP_HOST: the
    # request's own Host header is passed instead
    cat > "$_st/nginx.conf" <<CONF
daemon off;
user root root;      # the tree may be under /root (the corpus cache)
worker_processes 1;
pid $_st/nginx.pid;
error_log $_st/nginx-error.log;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log $_st/access.log combined;
  client_max_body_size 16m;
  client_body_temp_path $_st/tmp; fastcgi_temp_path $_st/tmp; proxy_temp_path $_st/tmp;
  uwsgi_temp_path $_st/tmp; scgi_temp_path $_st/tmp;
  server {
    listen 127.0.0.1:$_port;
    server_name _;
    root $_root;
    index index.php;
$([ -z "$_front" ] || printf '    location / { try_files $uri $uri/ %s$is_args$args; }' "$_front")
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_pass unix:$_st/fpm.sock;
    }
  }
}
CONF
    _fpm=$(command -v php-fpm8.2 || command -v php-fpm)
    # libfaketime 0.9.10 now and then leaves php-fpm on the real clock when
    # the clock steps per read ("@DATE i0.000001": about one start in
    # three here); php-fpm's log dates its start, so a start on the wrong
    # day is stopped and made again
    _day=$(date -u -d "$(echo "${_clock#@}" | cut -c1-19)" +%d-%b-%Y)
    for _try in 1 2 3 4 5 6 7 8; do
        rm -f "$_st/fpm.log"
        fake_clock "$_clock" "$_fpm" -R -y "$_st/fpm.conf" >/dev/null 2>&1 &
        _pid=$!
        _i=0
        # (a start that died, which libfaketime's stepping clock also
        # causes now and then, is made again at once)
        until grep -q 'ready to handle' "$_st/fpm.log" 2>/dev/null; do
            kill -0 "$_pid" 2>/dev/null || break
            _i=$((_i + 1)); [ $_i -lt 300 ] || break; sleep 0.1
        done
        grep -q "^\[$_day" "$_st/fpm.log" 2>/dev/null && grep -q 'ready to handle' "$_st/fpm.log" && break
        kill "$_pid" 2>/dev/null || true; wait "$_pid" 2>/dev/null || true
        # $_pid may be the subshell of `fake_clock ... &`, whose php-fpm
        # then lives on, holding the socket ("Another FPM instance seems
        # to already listen"), so that every later try fails: its master
        # (the pid file) is stopped too, and waited for
        if [ -f "$_st/fpm.pid" ]; then
            _old=$(cat "$_st/fpm.pid"); kill "$_old" 2>/dev/null || true
            _i=0; while kill -0 "$_old" 2>/dev/null && [ $_i -lt 100 ]; do _i=$((_i + 1)); sleep 0.1; done
        fi
        rm -f "$_st/fpm.pid" "$_st/fpm.sock"
        [ $_try -lt 8 ] || { echo "php-fpm did not start on the clock $_clock" >&2; return 1; }
    done
    jobs="$jobs $_pid"
    nginx -c "$_st/nginx.conf" -p "$_st" >/dev/null 2>&1 &
    jobs="$jobs $!"
    _i=0
    until [ -S "$_st/fpm.sock" ] && curl -s -o /dev/null "http://127.0.0.1:$_port/robots.txt"; do
        _i=$((_i + 1))
        [ $_i -lt 300 ] || { echo "server on $_port did not start" >&2; cat "$_st/nginx-error.log" "$_st/fpm.log" >&2 2>/dev/null; return 1; }
        sleep 0.1
    done
}
