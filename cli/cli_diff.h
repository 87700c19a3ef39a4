/* The edit script as `smart diff` prints it, shared with `smart git-diff`. */
#ifndef SMART_CLI_DIFF_H
#define SMART_CLI_DIFF_H

#include <stdio.h>

#include "smart.h"

/* Prints the script of `d` as text: one operation per line with the node's
 * path, then the summary counted in nodes. -1 when out of memory. */
int cli_diff_print_text(FILE *out, const smart_diff *d);

#endif
