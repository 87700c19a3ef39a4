/* smart classify --calibrate (cli/cmd_classify.c): the cutoff moved past
 * the application's clean reruns, within --calibrate-bound, and a line
 * saying what was done. */
#include <stdio.h>

#include "cli_classify.h"

/* Calibrates the model on the clean runs (smart_classify_calibrate) and
 * says what it did on `out`: 0, or CLI_TROUBLE with the cause printed. */
int cli_classify_calibrate(smart_model *m, const classify_args *o, char **runs, size_t n,
			   FILE *out)
{
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	smart_calibration c;
	smart_error err = { "" };

	co.format = o->format;
	co.profile = o->profile;
	co.calibrate_bound = o->calibrate_bound;
	if (smart_classify_calibrate(m, (const char *const *)runs, n, &co, &c, &err))
		return cli_fail(&err);
	if (c.inspected == 0) {
		fprintf(out, "calibration: all %zu rerun pairs of %zu runs are ignore; cutoff %.6g kept\n",
			c.pairs, n, c.cutoff_before);
		return 0;
	}
	if (c.beyond_bound) {
		fprintf(out, "calibration: %zu of %zu rerun pairs of %zu runs were inspect (worst score "
			"%.6g, more than %.6g past the cutoff: it scores like a fault); cutoff %.6g kept\n",
			c.inspected, c.pairs, n, c.worst, o->calibrate_bound, c.cutoff_before);
		return 0;
	}
	fprintf(out, "calibration: %zu of %zu rerun pairs of %zu runs were inspect (worst score %.6g); "
		"cutoff moved from %.6g to %.6g: inspect when score %s %.6g\n",
		c.inspected, c.pairs, n, c.worst, c.cutoff_before, c.cutoff_after,
		smart_comparison_name(m->comparison), c.cutoff_after);
	return 0;
}
