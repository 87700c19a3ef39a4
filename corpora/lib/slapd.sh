# slapd_load STATE LDIF SUFFIX WRITER_DN ROOTPW CLOCK [LOADED] -- the
# directory of a private OpenLDAP server: a slapd.conf of its own
# in STATE (the core, cosine, nis and inetorgperson schemas, an mdb
# database for SUFFIX under STATE/ldap, the root DN cn=admin,SUFFIX with
# the password ROOTPW, the entry WRITER_DN allowed to write everything,
# users reading, passwords readable by no one), the entries of LDIF loaded
# with slapadd (or, when the folder LOADED is given and exists, its copy:
# slapadd draws each entry's entryUUID at random and stamps entryCSN with
# the clock CLOCK, through libfaketime: `fake_clock`, source
# lib/fake-clock.sh first).  slapd_serve STATE SUFFIX PORT CLOCK then starts
# slapd on ldap://127.0.0.1:PORT under the clock CLOCK, its pid file
# STATE/slapd.pid and its subshell's pid appended to $jobs for the caller's
# stop(), and waits until it answers.  Used the way corpora/phpldapadmin/run.sh starts its
# directory, for the first-look LDAP applications that came after it (lam),
# into whose prepared tree the generator copies it as smart-slapd.sh.
slapd_load() {
    _ls=$1 _ldif=$2 _suffix=$3 _writer=$4 _rootpw=$5 _lclock=$6 _loaded=${7:-}
    mkdir -p "$_ls/ldap"
    cat > "$_ls/slapd.conf" <<CONF
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
pidfile $_ls/slapd.pid
argsfile $_ls/slapd.args
modulepath /usr/lib/ldap
moduleload back_mdb
database mdb
maxsize 67108864
suffix "$_suffix"
rootdn "cn=admin,$_suffix"
rootpw $_rootpw
directory $_ls/ldap
access to attrs=userPassword by dn.exact="$_writer" write by self write by anonymous auth by * none
access to * by dn.exact="$_writer" write by self write by users read by anonymous read
CONF
    if [ -n "$_loaded" ] && [ -d "$_loaded" ]; then
        cp -a "$_loaded/." "$_ls/ldap/"
    else
        fake_clock "$_lclock" slapadd -q -f "$_ls/slapd.conf" -l "$_ldif" >"$_ls/slapadd.log" 2>&1 ||
            { cat "$_ls/slapadd.log" >&2; return 1; }
    fi
}

# (slapd_serve: see slapd_load's comment above)
slapd_serve() {
    _ls=$1 _suffix=$2 _lport=$3 _lclock=$4
    fake_clock "$_lclock" slapd -f "$_ls/slapd.conf" -h "ldap://127.0.0.1:$_lport/" -d 0 >"$_ls/slapd.log" 2>&1 &
    jobs="$jobs $!"
    _i=0
    until ldapsearch -x -H "ldap://127.0.0.1:$_lport/" -b "$_suffix" -s base >/dev/null 2>&1; do
        _i=$((_i + 1)); [ $_i -lt 300 ] || { echo "slapd did not start on $_lport" >&2; cat "$_ls/slapd.log" >&2; return 1; }
        sleep 0.1
    done
}
