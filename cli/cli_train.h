/* What smart train prints of the model it trained (cli/cli_train_print.c). */
#ifndef SMART_CLI_TRAIN_H
#define SMART_CLI_TRAIN_H

#include "cli.h"

/* The analysis of variance of a linear model's features (`fit`, NULL for
 * an SVM), most significant first, with the cutoff and the training F1, as
 * a table on stdout (SMART Fig. 4). */
void cli_train_print_table(const smart_model *m, const smart_ols_fit *fit, double train_f1);

/* The same as one JSON object on stdout, naming the model file `path`,
 * from the report of the training (its model, fit and training F1), with
 * what the cutoff search chose ("cutoff_search", as the table's last
 * lines say it). CLI_SAME, or CLI_TROUBLE with the cause printed. */
int cli_train_print_json(const char *path, const smart_train_report *r);

/* What smart train -h prints (cli/cli_train_usage.c). */
void cli_train_usage(FILE *out);

#endif
