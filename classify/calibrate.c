/*
 * Calibrating a model's cutoff on an application's clean reruns
 * (include/smart/classify.h, smart_classify_calibrate).
 *
 * Every pair of a clean rerun is fault-free by construction, so each one
 * the model would inspect is a false alarm it is certain to raise again.
 * Calibration moves the cutoff just past the worst of them. It can only
 * make the model more lenient: when the reruns differ in structure (a
 * varying list, a reordered menu) rather than in values, the worst rerun
 * may score above real faults, and moving past it waves them through too.
 * That is why the report says how far the cutoff moved, and why a
 * profile, which explains those differences instead, is the better remedy.
 */
#include "smart/classify.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "smart/profile.h"
#include "walk.h"

/* Classifies the documents the two runs share, `first` against `other`,
 * and adds each verdict to `out`. */
static int calibrate_pair_of_runs(const smart_model *m, const smart_run *first,
				  const smart_run *other, const smart_classify_options *o,
				  smart_calibration *out, smart_error *err)
{
	smart_classify_options po = *o;

	double *values = malloc((m->n_features ? m->n_features : 1) * sizeof(double));
	int rc = 0;

	if (!values)
		return smart_error_oom(err);
	for (size_t i = 0; i < smart_run_count(first) && rc == 0; i++) {
		const char *rel = smart_run_name(first, i);
		char *old_doc = NULL, *new_doc = NULL;
		size_t old_len = 0, new_len = 0;
		int in_first, in_other = 0;
		smart_classification c = { .values = values };

		in_first = smart_run_read(first, rel, &old_doc, &old_len, err);
		if (in_first == 1)
			in_other = smart_run_read(other, rel, &new_doc, &new_len, err);
		if (in_first < 0 || in_other < 0) {
			rc = -1;
		} else if (in_other == 1 && smart_looks_like_document(rel, old_doc, old_len) &&
			   smart_looks_like_document(rel, new_doc, new_len)) {
			po.test = rel;
			rc = smart_classify_pair(m, &(smart_document){ old_doc, old_len, rel },
						 &(smart_document){ new_doc, new_len, rel }, &po,
						 &c, err);
			if (rc == 0) {
				out->pairs++;
				if (c.inspect &&
				    (out->inspected++ == 0 ||
				     (m->comparison == SMART_CMP_GE ? c.score > out->worst
								    : c.score < out->worst)))
					out->worst = c.score;
			}
		}
		free(old_doc);
		free(new_doc);
	}
	free(values);
	return rc;
}

int smart_classify_calibrate(smart_model *m, const char *const *runs, size_t n,
			     const smart_classify_options *o, smart_calibration *out,
			     smart_error *err)
{
	smart_run *first = NULL;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->runs = n;
	out->cutoff_before = out->cutoff_after = m->cutoff;
	if (n < 2)
		return smart_error_set(err, "calibration needs two or more clean runs");
	first = smart_run_open(runs[0], err);
	if (!first)
		return -1;
	for (size_t k = 1; k < n && rc == 0; k++) {
		smart_run *other = smart_run_open(runs[k], err);

		rc = other ? calibrate_pair_of_runs(m, first, other, o, out, err) : -1;
		smart_run_close(other);
	}
	smart_run_close(first);
	if (rc == 0 && out->inspected > 0) {
		double past = m->comparison == SMART_CMP_GE ? out->worst - m->cutoff
							    : m->cutoff - out->worst;

		/* a residue scoring like a fault: moving past it would hide faults */
		if (o->calibrate_bound > 0 && past > o->calibrate_bound) {
			out->beyond_bound = 1;
			return 0;
		}
		m->cutoff = nextafter(out->worst, m->comparison == SMART_CMP_GE ? INFINITY
									: -INFINITY);
		out->cutoff_after = m->cutoff;
	}
	return rc;
}
