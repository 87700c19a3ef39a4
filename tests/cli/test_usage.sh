# The front end: dispatch, usage and exit statuses.
. "$(dirname "$0")/lib.sh"

expect_status "smart_without_command_is_trouble" 2 "$SMART"
expect_status "smart_help_lists_commands" 0 "$SMART" -h
expect_output "smart_help_names_version_command" '^  version '
expect_status "smart_unknown_command_is_trouble" 2 "$SMART" frobnicate
expect_one_error_line "smart_unknown_command_says_so_in_one_line" "unknown command 'frobnicate'"
expect_status "smart_version_prints_version" 0 "$SMART" version
expect_output "smart_version_output" '^smart [0-9]+\.[0-9]+'
finish
