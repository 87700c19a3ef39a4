/* The reports of smart eval that cli/cmd_eval.c does not print itself. */
#ifndef SMART_CLI_EVAL_H
#define SMART_CLI_EVAL_H

#include "cli.h"

/* Prints the comparison without and with profiles (--runs,
 * --profile-reruns, --profile): a table, or with `json` one object.
 * Returns CLI_SAME, or CLI_TROUBLE with the cause printed. */
int cli_eval_profiles_print(const smart_eval_report *r, smart_profile_set *ps, int json);

#endif
