/*
 * Pairs measured as a first look meets them (train/first_look_rows.h).
 * The leave-one-application-out table holds the model out of each
 * application but not the rules: every scrubber written after reading an
 * application's false alarms makes it look easy. Measured with those
 * scrubbers off (each scrubber's provenance, scrub/registry.c), an
 * application is met as an unread one would be; and a model trained on
 * such rows sees clean reruns that keep some residue, as first looks do,
 * instead of clean reruns scrubbed to nothing (docs/first-look.md,
 * "Simulated first looks").
 */
#include "first_look_rows.h"

#include <string.h>

static const char *const row_words[] = { "ordinary", "first-look", "both" };

const char *smart_train_rows_name(smart_train_rows rows)
{
	return (unsigned)rows < sizeof(row_words) / sizeof(row_words[0]) ? row_words[rows] : NULL;
}

int smart_train_rows_parse(const char *word, smart_train_rows *rows)
{
	for (size_t i = 0; i < sizeof(row_words) / sizeof(row_words[0]); i++)
		if (strcmp(word, row_words[i]) == 0) {
			*rows = (smart_train_rows)i;
			return 0;
		}
	return -1;
}

int smart__tables_same_pairs(const smart_table *a, const smart_table *b, smart_error *err)
{
	if (a->n_rows != b->n_rows || a->n_apps != b->n_apps)
		return smart_error_set(err, "measured with and without their applications' rules, "
				       "the corpora gave %zu and %zu pairs", a->n_rows, b->n_rows);
	for (size_t i = 0; i < a->n_rows; i++)
		if (a->labels[i] != b->labels[i] || a->app[i] != b->app[i] ||
		    strcmp(a->apps[a->app[i]], b->apps[b->app[i]]) != 0)
			return smart_error_set(err, "measured with and without their applications' "
					       "rules, the corpora's pair %zu differs", i + 1);
	return 0;
}

/* Measures the corpora into `t` (set up as r->table: raw, scrubbers),
 * as first looks when `first_look`. */
static int load_as(smart_table *t, int first_look, const char *const *paths, size_t n_paths,
		   const smart_eval_options *o, smart_eval_report *r, smart_error *err)
{
	t->hold_out_rules = first_look;
	return smart__eval_load(t, paths, n_paths, o, r, err);
}

/* A simulated first look, then N adaptation pairs (`--hold-out-rules
 * --adapt N`): each held-out application's pairs measured with its own
 * rules off (r->table) are ordered and drawn from, as a tester meets
 * them at a first look; the folds train on the other applications'
 * ordinary rows plus those pairs, the ignore ones teach the profile
 * (learnt with the application's rules off), and the rest of its pairs,
 * measured as first looks with that profile, are scored. */
static int first_look_adapt(const char *const *paths, size_t n_paths,
			    const smart_eval_options *o, smart_eval_report *r, smart_error *err)
{
	smart_table *looks = &r->table, ordinary, prof;
	smart_eval_options eo = *o;
	int profiles = o->adapt_profiles && !o->fill_table && !o->comparators.n;
	int rc;

	if (o->model || o->train_rows || o->transfer_cutoff || o->clean_cutoff > 0)
		return smart_error_set(err, "--adapt with --hold-out-rules trains each fold on "
				       "ordinary rows: not with --model, --train-rows or a moved "
				       "cutoff");
	smart_table_init(&ordinary, looks->names, looks->n_features);
	smart_table_init(&prof, looks->names, looks->n_features);
	ordinary.raw = looks->raw;
	ordinary.scrubbers_off = looks->scrubbers_off;
	looks->hold_out_rules = 1;
	eo.held = looks;
	eo.hold_out_rules = 1; /* the profile is learnt with the application's rules off */
	rc = load_as(&ordinary, 0, paths, n_paths, o, r, err);
	if (rc == 0 && profiles)
		rc = smart__eval_adapt_load(paths, n_paths, &eo, r, &ordinary, looks, &prof, err);
	else if (rc == 0)
		rc = load_as(looks, 1, paths, n_paths, o, r, err) ||
		     smart__tables_same_pairs(&ordinary, looks, err) ? -1 : 0;
	if (rc == 0) {
		eo.scored = profiles ? &prof : looks;
		rc = smart_evaluate(&ordinary, &eo, &r->result, err);
	}
	smart_table_free(&ordinary);
	smart_table_free(&prof);
	return rc;
}

int smart__eval_first_look(const char *const *paths, size_t n_paths,
			   const smart_eval_options *o, smart_eval_report *r, smart_error *err)
{
	smart_table *scored = &r->table, other;
	smart_eval_options eo = *o;
	/* the rows held out are first looks with hold_out_rules, else ordinary */
	int scored_first = o->hold_out_rules != 0;
	/* the other measuring: needed unless the folds train on the scored rows alone */
	int need_other = !o->model && (o->train_rows == SMART_TRAIN_ROWS_BOTH ||
				       (o->train_rows == SMART_TRAIN_ROWS_FIRST_LOOK) != scored_first ||
				       (o->transfer_cutoff && !scored_first));
	int rc;

	if (o->adapt && o->hold_out_rules)
		return first_look_adapt(paths, n_paths, o, r, err);
	if (o->model && (o->train_rows || o->transfer_cutoff))
		return smart_error_set(err, "a given model trains on no rows (--train-rows, "
				       "--cutoff transfer)");
	if (o->transfer_cutoff && o->train_rows)
		return smart_error_set(err, "--cutoff transfer is chosen for a model trained on "
				       "ordinary rows, not with --train-rows");
	smart_table_init(&other, scored->names, scored->n_features);
	other.raw = scored->raw;
	other.scrubbers_off = scored->scrubbers_off;
	rc = load_as(scored, scored_first, paths, n_paths, o, r, err);
	if (rc == 0 && need_other)
		rc = load_as(&other, !scored_first, paths, n_paths, o, r, err);
	if (rc == 0 && need_other)
		rc = smart__tables_same_pairs(scored, &other, err);
	if (rc == 0) {
		eo.hold_out_rules = 0;
		eo.train_rows = SMART_TRAIN_ROWS_ORDINARY;
		/* the first-look rows a transfer cutoff is chosen on */
		eo.looks = scored_first ? scored : &other;
		/* trained and scored on the same rows (with a transfer cutoff
		 * on ordinary rows, the other measuring only chooses it) */
		if (!need_other || (o->transfer_cutoff && !scored_first))
			rc = smart_evaluate(scored, &eo, &r->result, err);
		else if (o->train_rows == SMART_TRAIN_ROWS_BOTH) {
			eo.train_also = &other;
			rc = smart_evaluate(scored, &eo, &r->result, err);
		} else { /* trained on the other measuring, scored on these */
			eo.scored = scored;
			rc = smart_evaluate(&other, &eo, &r->result, err);
		}
	}
	smart_table_free(&other);
	return rc;
}
