/* smart eval --scores FILE (cli/cmd_eval.c): every scored pair's held-out
 * margin, one line each, so that the score distributions behind a cutoff
 * can be looked at per application (docs/first-look.md, "Where the cutoff
 * sits"). */
#include <math.h>
#include <stdio.h>

#include "cli_eval.h"

/* Writes `path`: a header line, then per scored pair its application, its
 * label, whether a rule decided it (forced: ignore, inspect or -), and its
 * margin (score past its fold's cutoff, towards inspect); with --adapt,
 * each adaptation pair too, in its place, as forced "adapt" with margin
 * nan (labelled, not scored), so that the lines of an application follow
 * its pairs in the corpora's order. CLI_SAME, or CLI_TROUBLE with the
 * cause printed. */
int cli_eval_scores_write(const smart_eval_report *r, const char *path, int adapt)
{
	const smart_table *t = &r->table;
	FILE *f = fopen(path, "w");
	int bad;

	if (!f)
		return cli_failf("%s: cannot write the scores file", path);
	fprintf(f, "app\tlabel\tforced\tmargin\n");
	for (size_t i = 0; i < t->n_rows; i++) {
		signed char forced = r->result.forced ? r->result.forced[i] : -1;
		double m = r->result.margin ? r->result.margin[i] : NAN;

		if (isnan(m) && forced < 0 && !adapt)
			continue; /* not scored */
		fprintf(f, "%s\t%s\t%s\t%.6f\n", t->apps[t->app[i]],
			t->labels[i] ? "inspect" : "ignore",
			isnan(m) && forced < 0 ? "adapt" : forced < 0 ? "-" : forced ? "inspect" : "ignore",
			m);
	}
	bad = ferror(f);
	if (fclose(f) != 0 || bad)
		return cli_failf("%s: cannot write the scores file", path);
	return CLI_SAME;
}
