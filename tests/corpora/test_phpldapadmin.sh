# The phpldapadmin corpus (corpora/phpldapadmin/, a first-look application
# that joined the training corpora, issue 35): see tests/corpora/lib.sh; the
# session set is what the README promises, read by smart replay itself: a
# login through cmd.php, entries, the schema and server pages, searches and
# an unknown command.
. "$(dirname "$0")/lib.sh"
check_generated_corpus phpldapadmin 100 200
check_sessions_have phpldapadmin '"method":"POST","url":"/phpldapadmin/cmd.php"' 'cmd=template_engine&server_id=1&dn=' \
	'cmd=schema&server_id=1&view=syntaxes' 'cmd=query_engine&server_id=1&query=none' 'cmd=no_such_command'
finish
