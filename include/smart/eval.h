/*
 * Evaluating corpora, what `smart eval` runs (train/eval_corpora.c): the
 * corpora are measured into a table, then smart is cross-validated on it
 * beside the baselines (smart_evaluate), the papers' comparators, smart
 * with their verdicts as features, or, leaving one application out, smart
 * without and with each application's volatility profile.
 */
#ifndef SMART_EVAL_H
#define SMART_EVAL_H

#include "smart/profile_set.h"
#include "smart/train.h"

/* The columns of a comparison with profiles (smart_eval_report.columns). */
enum {
	SMART_EVAL_WITHOUT,         /* measured without profiles */
	SMART_EVAL_PROFILE,         /* with each application's profile */
	SMART_EVAL_WITHOUT_CAL,     /* without, calibrated on clean reruns */
	SMART_EVAL_PROFILE_CAL,     /* with, calibrated */
	SMART_EVAL_COLUMNS
};

/* What smart_eval_corpora found. */
typedef struct smart_eval_report {
	smart_table table;          /* the measured pairs (with profiles: measured
	                             * with them) */
	smart_eval_result result;   /* smart and the baselines (not with profiles) */
	int has_plus;               /* comparator_features: */
	smart_confusion plus;       /* smart with the comparators' verdicts */
	smart_confusion *comparators; /* per o->comparators: its verdicts' confusion */
	size_t n_comparators;
	unsigned n_columns;         /* with profiles: 2, or 4 calibrated */
	smart_eval_result columns[SMART_EVAL_COLUMNS];
	size_t moved[SMART_EVAL_COLUMNS]; /* calibrated columns: applications
	                             * whose cutoff calibration moved */
	size_t bad;                 /* unusable records of the load that stopped */
	smart_error first_bad;      /* the first of them */
	const char **names;         /* owned: the table's column names when
	                             * o->names was NULL */
} smart_eval_report;

/* Measures the corpora (o->format, o->threads, o->raw, o->comparators,
 * o->profiles) and evaluates: smart_evaluate on the table, or with
 * o->profiles one leave-one-application-out evaluation per column. Without
 * o->skip_bad an unusable record stops it after reading (report->bad and
 * report->first_bad say which). Free the report with
 * smart_eval_report_free, also after a failure. */
int smart_eval_corpora(const char *const *paths, size_t n_paths, const smart_eval_options *o,
		       smart_eval_report *report, smart_error *err);

void smart_eval_report_free(smart_eval_report *report);

/* Writes the plots of an evaluation into folder `dir`, made when missing
 * (train/eval_plots.c, docs/plots.md): pr-curve.svg, score-histogram.svg,
 * app-f1.svg and weights.svg, all four or none. `o` holds the options the
 * report was made with (a model is trained on all pairs for the weights). */
int smart_eval_plots_write(const smart_eval_report *r, const smart_eval_options *o,
			   const char *dir, smart_error *err);

/* A reviewer's work on the pairs smart flagged, grouped by their change
 * signatures (smart_review_simulate, docs/signatures.md). */
typedef struct smart_review_sim {
	size_t pairs;            /* the application's scored pairs */
	size_t flagged;          /* of them, decided inspect (held out) */
	size_t groups;           /* groups decided (one per change decided) */
	size_t impure_groups;    /* groups holding inspect and ignore labels */
	size_t decisions;        /* every decision the reviewer made */
	size_t wasted_decisions; /* decisions on pairs labelled ignore only:
	                          * time smart failed to save */
	size_t decisions_on_faults; /* decisions on pairs labelled inspect only */
	size_t impure_groups_accepted; /* impure groups a reviewer deciding on
	                          * the representative would have accepted:
	                          * a fault hidden */
} smart_review_sim;

/* Simulates `smart review --by-change` with the labels as the oracle on
 * the held-out decisions `r` of table `t` (loaded with signatures) for
 * application `app` (an index into t->apps), change by change: the group
 * of a change is the flagged pairs not yet settled that hold it; the
 * largest group is decided first, until every flagged pair is settled,
 * and one decision takes in every unaccepted change the group's pairs all
 * share (the reviewer sees them together), or the change alone when the
 * shared ones would leave a fault pair with accepted changes only.
 * All labelled inspect: reject, one decision on faults, the pairs settled.
 * All labelled ignore: accept, one wasted decision; a pair is settled
 * (ignored) once every change it holds is accepted, so a pair with one
 * more change stays flagged. Mixed labels: accepted (one decision, an
 * impure group) when no fault pair would be left with accepted changes
 * only; otherwise accepting would hide a fault -- counted in
 * impure_groups_accepted when the group's first pair, the one a reviewer
 * sees, is labelled ignore -- and the reviewer accepts exactly (by id, not
 * class: `smart review --by-change`'s `e` key) the change of the class that
 * the most open false alarms hold, two at least, when that hides no fault
 * (one decision; wasted when no fault holds it); else the group is split
 * (one decision) and each pair decided alone, so that no error is left. Adaptation pairs (not
 * scored) are left out. 0, or -1 with `err` set (out of memory, a table
 * without signatures). */
int smart_review_simulate(const smart_table *t, const smart_eval_result *r, size_t app,
			  smart_review_sim *out, smart_error *err);

/* The precision-recall curve of held-out scores (r->margin, r->forced over
 * the table's rows): one point per distinct threshold from the highest
 * down, inspecting every pair scored at least as high, a rule's decision
 * counting as a score of ±infinity, so that the point at threshold 0 is
 * smart's pooled precision and recall. Two new arrays of *n points. */
int smart_eval_pr_curve(const smart_table *t, const smart_eval_result *r, double **recall,
			double **precision, size_t *n, smart_error *err);

#endif
