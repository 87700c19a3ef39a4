# Installs Cacti into the run's empty database, as Debian's postinst does
# with dbconfig-common, then seeds a small monitored network.  Run by
# smart-run.sh under the run's clock: install.sh DB_SOCKET DBPASS
# (copied into the prepared tree as smart-install.sh).
set -eu
sock=$1 dbpass=$2
APPDIR=$PWD
CLI=$APPDIR/share/cli
db() { mariadb --no-defaults -S "$sock" -u cacti -p"$dbpass" cacti "$@"; }

# the schema and default data (what dbconfig-common loads)
db < /usr/share/doc/cacti/cacti.sql
# what Debian's postinst does next: the admin's password (here a fixed
# one, the sessions log in with it), the version row that skips the web
# installer, rrdtool's version; and Cacti's log in the run's tree, not
# the system's /var/log/cacti
ver=$(dpkg-query -f '${Version}' -W cacti | sed -e 's/+ds[0-9]-.*//' -e 's/~beta[0-9]*//')
rrd=$(dpkg-query -f '${Version}' -W rrdtool)
db <<SQL
UPDATE user_auth SET password=md5('smart-Cacti-2024'), must_change_password='' WHERE id=1;
UPDATE version SET cacti='$ver';
INSERT INTO settings SET name='rrdtool_version', value='rrd-${rrd%%[0-9]-*}x';
UPDATE settings SET value='$APPDIR/share/site/log/cacti.log' WHERE name='path_cactilog';
SQL
stamp() { echo "$1 (real clock $(env -u LD_PRELOAD -u FAKETIME date +%T))"; }
stamp "loading templates"
for t in "$APPDIR"/share/site/install/templates/*.xml.gz; do
    php "$CLI/import_package.php" --filename="$t" >/dev/null
done

# A small network: the poller's own host (the Local Linux template's id is
# looked up by name), three SNMP devices that do not answer (nothing
# listens on these loopback addresses), a disabled one; a graph tree.
stamp "adding devices"
tid() { db -N -e "SELECT id FROM host_template WHERE name='$1'"; }
linux=$(tid 'Local Linux Machine')
snmp=$(tid 'Net-SNMP Device')
ping=$(tid 'Generic SNMP Device')
php "$CLI/add_device.php" --description='Poller host' --ip=127.0.0.1 --template="$linux" --avail=none \
    --notes='The machine Cacti runs on' --location='Rack A1'
php "$CLI/add_device.php" --description='core-router-01' --ip=127.0.0.2 --template="$snmp" \
    --community=public --version=2 --avail=none --timeout=50 --location='Rack A2'
php "$CLI/add_device.php" --description='edge-switch-02' --ip=127.0.0.3 --template="$ping" \
    --community=public --version=2 --avail=none --timeout=50 --location='Rack B1'
php "$CLI/add_device.php" --description='web-frontend-03' --ip=127.0.0.4 --template="$snmp" \
    --community=public --version=2 --avail=none --timeout=50 --notes='nginx + php-fpm'
php "$CLI/add_device.php" --description='retired-db-04' --ip=127.0.0.5 --template="$ping" \
    --community=public --version=2 --avail=none --timeout=50 --disable=1
# graphs of the poller host from its template's graph templates
hid=$(db -N -e "SELECT id FROM host WHERE description='Poller host'")
for g in $(db -N -e "SELECT graph_template_id FROM host_graph WHERE host_id=$hid ORDER BY graph_template_id"); do
    php "$CLI/add_graphs.php" --host-id="$hid" --graph-type=cg --graph-template-id="$g" >/dev/null || true
done
stamp "graphs added"
php "$CLI/add_tree.php" --type=tree --name='Data Center' --sort-method=alpha >/dev/null
tree=$(db -N -e "SELECT id FROM graph_tree WHERE name='Data Center'")
for h in $(db -N -e "SELECT id FROM host ORDER BY id"); do
    php "$CLI/add_tree.php" --type=node --node-type=host --tree-id="$tree" --host-id="$h" >/dev/null
done
php "$CLI/rebuild_poller_cache.php" >/dev/null
stamp installed
