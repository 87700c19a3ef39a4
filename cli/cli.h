/*
 * What the subcommands of the `smart` binary share: the dispatch table entry,
 * the exit statuses (those of diff(1)), and error printing. Only cli/ prints.
 */
#ifndef SMART_CLI_H
#define SMART_CLI_H

#include "smart.h"

enum {
	CLI_SAME = 0,    /* identical / no inspection needed */
	CLI_DIFFER = 1,  /* different / inspect */
	CLI_TROUBLE = 2  /* bad input, missing file, corrupt model, bad usage */
};

typedef struct cli_command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv); /* argv[0] is the subcommand name */
} cli_command;

/* Prints "smart: MESSAGE" on stderr and returns CLI_TROUBLE. */
int cli_fail(const smart_error *err);

/* Prints "smart: FORMAT..." on stderr and returns CLI_TROUBLE. */
int cli_failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints "smart CMD: USAGE-LINE / try 'smart CMD -h'" for bad usage, returns 2. */
int cli_usage_error(const char *command, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The usage error for an option getopt_long rejected by returning `c`
 * (main sets opterr = 0, and each command's short options start with ':',
 * "+:" where '+' is used): names the unknown option, or the option whose
 * value is missing. One line on stderr; returns CLI_TROUBLE. */
int cli_bad_option(const char *command, int c, char **argv);

/* 1 when `path` is a folder (or a link to one), 0 otherwise. */
int cli_is_dir(const char *path);

/* Prints `json` on one line on stdout and deletes it; NULL means building it
 * ran out of memory. Every --json report ends here. Returns CLI_SAME, or
 * CLI_TROUBLE with the cause printed. */
struct cJSON;
int cli_print_json(struct cJSON *json);

/* Takes the resource-limit options (--max-input SIZE, --max-nodes N,
 * --max-attributes N, --max-text SIZE; before any "--") out of the
 * arguments of `command` (argv[0]) and sets the process's limits from them.
 * Returns CLI_SAME, or CLI_TROUBLE with one line printed. */
int cli_take_limit_options(const char *command, int *argc, char **argv);

/* Takes --html-parser html5|libxml2 (before any "--") out of the arguments
 * of `command` (argv[0]) and sets the process's HTML parser from it.
 * Returns CLI_SAME, or CLI_TROUBLE with one line printed. */
int cli_take_html_parser_option(const char *command, int *argc, char **argv);

/* The signals that stop a long command (SIGINT, SIGTERM, SIGHUP, SIGQUIT)
 * and the handlers they had before. */
#include <signal.h>
#define CLI_STOP_SIGNALS 4
typedef struct cli_stop_handlers {
	struct sigaction old[CLI_STOP_SIGNALS];
} cli_stop_handlers;

/* Makes the stop signals raise the returned flag (the signal's number)
 * instead of killing the process; the library polls it and cleans up. */
const volatile sig_atomic_t *cli_stop_signals_catch(cli_stop_handlers *saved);

/* Puts the old handlers back. When a stop signal came, prints "smart:
 * COMMAND interrupted by signal N; nothing written" and returns 128 + N (the
 * shell's status for a killed command); otherwise returns 0. */
int cli_stop_signals_release(const cli_stop_handlers *saved, const char *command);

/* The parser options shared by every subcommand: --html / --xml. */
typedef struct cli_common {
	smart_format format;
	int json;
} cli_common;

/* The subcommands, NULL-terminated: each cli/cmd_NAME.c defines
 * `const cli_command cli_cmd_NAME`, and the Makefile generates this table
 * from those files. */
extern const cli_command *const cli_command_table[];

#endif
