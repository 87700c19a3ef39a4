/* Why a pair was inspected or ignored, as text: shared by `smart classify`
 * (one pair) and `smart review` (each pair it shows). */
#ifndef SMART_CLI_EXPLAIN_H
#define SMART_CLI_EXPLAIN_H

#include <stdio.h>

#include "smart.h"

/* Prints the decision, the score against the cutoff, the severity, what
 * scrubbing discounted and the `top` features that moved the score most
 * (linear models). Returns CLI_DIFFER for inspect, CLI_SAME for ignore. */
int cli_explain_text(FILE *out, const smart_model *m, const smart_classification *c, int top);

#endif
