# The test suite of the first-look phpldapadmin corpus (copied into the
# prepared tree as smart-run.sh; smart-build.sh only lints the PHP files
# smart mutate seeds).  One run:
#
#  1. loads seed.ldif into a fresh OpenLDAP directory (slapadd, mdb backend,
#     private slapd.conf) and starts slapd on ldap://127.0.0.1:LDAPPORT,
#     both under the run's clock;
#  2. writes phpLDAPadmin's config/config.php (that server, session login,
#     the run's blowfish secret, time zone);
#  3. serves pla/ as /phpldapadmin/ with php-fpm and nginx on
#     127.0.0.1:PORT;
#  4. replays sessions.json with `smart replay` into out/, then stops
#     everything and removes the state.
#
# Clean run K (SMART_RUN_SEED=K) takes clock, time zone, ports and host
# name K, and a random blowfish secret and admin password; PHP's session
# ids are random.  Without it (smart mutate's runs) PHP's clock starts at a
# fixed date and steps 1 us per read, one PHP worker serves every request
# in order, ports, host, zone, password and secret are fixed, the directory
# is a copy of one loaded once, and the refresh links' random cache buster
# is written as TOKEN.
set -eu
APPDIR=$PWD
case ${SMART_RUN_SEED:-0} in
1) CLOCK='2024-03-01 10:00:00' ZONE=UTC PORT=18411 HOST=127.0.0.1 ;;
2) CLOCK='2024-07-15 18:42:07' ZONE=Europe/Berlin PORT=18412 HOST=localhost ;;
3) CLOCK='2025-01-02 03:04:05' ZONE=America/New_York PORT=18413 HOST=ldap.localhost ;;
4) CLOCK='2025-06-30 23:59:50' ZONE=Asia/Tokyo PORT=18414 HOST=directory.localhost ;;
*) CLOCK='2024-03-10 12:00:00' ZONE=UTC PORT=${SMART_PLA_MUTANT_PORT:-18410} HOST=127.0.0.1 ;;
esac
LDAPPORT=$((PORT + 10))
MUTANT_RUN=$([ "${SMART_RUN_SEED:-0}" = 0 ] && echo 1 || echo 0)
export TZ=$ZONE
SMART=${SMART:-smart}
PHP_FPM=$(command -v php-fpm8.2 || command -v php-fpm)
. "$APPDIR/smart-fake-clock.sh"
if [ "$MUTANT_RUN" = 1 ]; then PHPCLOCK="@$CLOCK i0.000001"; else PHPCLOCK="@$CLOCK"; fi

rm -rf "$APPDIR"/.smart-state.*
state=$(mktemp -d "$APPDIR/.smart-state.XXXXXX")
chmod 755 "$state"
stop() {
    for f in nginx.pid fpm.pid slapd.pid; do
        [ -f "$state/$f" ] && kill "$(cat "$state/$f")" 2>/dev/null || true
    done
    for j in $jobs; do kill "$j" 2>/dev/null || true; done
    for j in $jobs; do wait "$j" 2>/dev/null || true; done
    [ -n "${SMART_PLA_KEEP:-}" ] || rm -rf "$state"
}
jobs=
trap stop EXIT
trap 'exit 143' INT TERM

# OpenLDAP: a private configuration and directory; the admin's password is
# random per clean run (the sessions log in with a fixed user's password)
ADMINPW=$([ "$MUTANT_RUN" = 1 ] && echo smart-admin-pw || head -c 12 /dev/urandom | base64 | tr -d '\n/+=')
mkdir -p "$state/ldap"
cat > "$state/slapd.conf" <<CONF
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
pidfile $state/slapd.pid
argsfile $state/slapd.args
modulepath /usr/lib/ldap
moduleload back_mdb
database mdb
maxsize 67108864
suffix "dc=example,dc=org"
rootdn "cn=admin,dc=example,dc=org"
rootpw $ADMINPW
directory $state/ldap
access to attrs=userPassword by dn.exact="uid=ada,ou=People,dc=example,dc=org" write by self write by anonymous auth by * none
access to * by dn.exact="uid=ada,ou=People,dc=example,dc=org" write by self write by users read by anonymous read
CONF
# the sessions' users get their password here (the seed holds placeholders)
sed -e 's/^userPassword: {SSHA}placeholder.*/userPassword: smart-Pla-2024/' "$APPDIR/seed.ldif" > "$state/seed.ldif"
# Mutant runs start from one directory loaded by generate.sh (ldap-installed/):
# slapadd draws each entry's entryUUID at random and stamps its entryCSN with
# the clock, which the compare page shows
if [ "$MUTANT_RUN" = 1 ] && [ -d "$APPDIR/ldap-installed" ] && [ -z "${SMART_PLA_SNAPSHOT:-}" ]; then
    cp -a "$APPDIR/ldap-installed/." "$state/ldap/"
else
    fake_clock "@$CLOCK" slapadd -q -f "$state/slapd.conf" -l "$state/seed.ldif" >"$state/slapadd.log" 2>&1 ||
        { cat "$state/slapadd.log" >&2; exit 1; }
fi
if [ -n "${SMART_PLA_SNAPSHOT:-}" ]; then   # generate.sh, once
    rm -rf "$APPDIR/ldap-installed"; cp -a "$state/ldap" "$APPDIR/ldap-installed"
    exit 0
fi
fake_clock "@$CLOCK" slapd -f "$state/slapd.conf" -h "ldap://127.0.0.1:$LDAPPORT/" -d 0 >"$state/slapd.log" 2>&1 &
jobs="$jobs $!"
i=0
until ldapsearch -x -H "ldap://127.0.0.1:$LDAPPORT/" -b dc=example,dc=org -s base >/dev/null 2>&1; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "slapd did not start" >&2; cat "$state/slapd.log" >&2; exit 1; }
    sleep 0.1
done

SECRET=$([ "$MUTANT_RUN" = 1 ] && echo smart-fixed-blowfish-secret-000000 || head -c 24 /dev/urandom | base64 | tr -d '\n/+=')
cat > "$APPDIR/pla/config/config.php" <<PHP
<?php
\$config->custom->session['blowfish'] = '$SECRET';
\$config->custom->appearance['timezone'] = '$ZONE';
\$config->custom->appearance['hide_template_warning'] = true;
\$servers = new Datastore();
\$servers->newServer('ldap_pla');
\$servers->setValue('server','name','Example Org Directory');
\$servers->setValue('server','host','127.0.0.1');
\$servers->setValue('server','port',$LDAPPORT);
\$servers->setValue('server','base',array('dc=example,dc=org'));
\$servers->setValue('login','auth_type','session');
\$servers->setValue('login','bind_id','cn=admin,dc=example,dc=org');
PHP

mkdir -p "$state/tmp" "$state/sessions"
cat > "$state/fpm.conf" <<CONF
[global]
pid = $state/fpm.pid
error_log = $state/fpm.log
daemonize = no
[www]
listen = $state/fpm.sock
listen.mode = 0666
pm = static
pm.max_children = $([ "$MUTANT_RUN" = 1 ] && echo 1 || echo 2)
clear_env = no
php_admin_value[error_log] = $state/php.log
php_admin_value[session.save_path] = $state/sessions
php_admin_value[date.timezone] = $ZONE
php_admin_value[memory_limit] = 256M
CONF
if [ "$MUTANT_RUN" = 1 ]; then
    printf '<?php mt_srand(1);\n' > "$state/seed.php"
    echo "php_admin_value[auto_prepend_file] = $state/seed.php" >> "$state/fpm.conf"
fi
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
    root $APPDIR/htroot;
    index index.php;
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_pass unix:$state/fpm.sock;
    }
  }
}
CONF
fake_clock "$PHPCLOCK" "$PHP_FPM" -R -y "$state/fpm.conf" >/dev/null 2>&1 &
jobs="$jobs $!"
nginx -c "$state/nginx.conf" -p "$state" >/dev/null 2>&1 &
jobs="$jobs $!"
i=0
until [ -S "$state/fpm.sock" ] && curl -s -o /dev/null "http://127.0.0.1:$PORT/phpldapadmin/index.php"; do
    i=$((i + 1)); [ $i -lt 300 ] || { echo "server on $PORT did not start" >&2; exit 1; }
    sleep 0.1
done
if [ -n "${SMART_PLA_HOLD:-}" ]; then
    touch "$SMART_PLA_HOLD"; echo "serving on http://$HOST:$PORT/phpldapadmin/" >&2
    while [ -f "$SMART_PLA_HOLD" ]; do sleep 1; done
fi
rm -rf out
"$SMART" replay "$APPDIR/sessions.json" --base-url "http://$HOST:$PORT" -o out --timeout 60 >/dev/null
rm -f out/*/manifest.json
if [ "$MUTANT_RUN" = 1 ]; then
    # the refresh links' cache buster (md5 of the clock's microseconds, read
    # a varying number of times by libldap's waits)
    find out -type f -exec perl -pi -e 's/junk=[0-9a-f]{32}/junk=TOKEN/g' {} +
fi
[ -n "$(find out -type f | head -n 1)" ]
