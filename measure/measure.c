/*
 * The measuring stage: one pair of documents -> scrubbed trees ->
 * alignment -> feature vector and baseline verdicts, the one path that
 * `smart features`, training, evaluation and classification share (DESIGN
 * §2). features/ receives the aligned trees this stage prepares.
 */
#include "smart/measure.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "smart/features.h"
#include "smart/file.h"
#include "smart/profile.h"
#include "smart/scrub.h"

#include "parse_pair.h"

/* The alignment of the scrubbed trees (d) in the raw trees' node numbers,
 * for counting what scrubbing explained: d->old_to_new itself when the
 * raw trees were aligned, else a new array (*owned). */
static const uint32_t *raw_alignment(const smart_scrub_pass *s, const smart_tree *old_raw,
				     const smart_diff *d, uint32_t **owned)
{
	*owned = NULL;
	if (!s->p.old_raw_of)
		return d->old_to_new;
	*owned = malloc((old_raw->count ? old_raw->count : 1) * sizeof(**owned));
	if (!*owned)
		return NULL;
	for (uint32_t i = 0; i < old_raw->count; i++)
		(*owned)[i] = SMART_NONE;
	for (uint32_t k = 0; k < s->p.old_clean->count; k++) {
		uint32_t j = d->old_to_new[k];

		(*owned)[s->p.old_raw_of[k]] = j == SMART_NONE ? SMART_NONE : s->p.new_raw_of[j];
	}
	return *owned;
}

/* The discount slot each scrubber's count goes to (measure.h): the clock's
 * year and pieces are dates, a moved site's links are paths. The values
 * scrubber has none: its tokens are counted per shape. */
static int discount_slot(int scrubber)
{
	switch (scrubber) {
	case SMART_SCRUBBER_CAPTCHA: return SMART_DISCOUNT_CAPTCHA;
	case SMART_SCRUBBER_NAMES:
	case SMART_SCRUBBER_COPIES: return SMART_DISCOUNT_NAMED;
	case SMART_SCRUBBER_CLOCK_YEAR:
	case SMART_SCRUBBER_CLOCK_PIECES: return SMART_SHAPE_DATE;
	case SMART_SCRUBBER_REBASE: return SMART_SHAPE_PATH;
	case SMART_SCRUBBER_METADATA: return SMART_DISCOUNT_METADATA;
	case SMART_SCRUBBER_PRESENTATION: return SMART_DISCOUNT_PRESENTATION;
	case SMART_SCRUBBER_LEARNED: return SMART_DISCOUNT_LEARNED;
	case SMART_SCRUBBER_RESCALED: return SMART_DISCOUNT_RESCALED;
	default: return -1;
	}
}

/* Counts into r what scrubbing explained, once the scrubbed trees are
 * aligned: the shape tokens of the values as printed (the log undone
 * meanwhile), and what each other scrubber counted itself. */
static int count_discounted(const smart_tree *old_tree, const smart_tree *new_tree,
			    const smart_scrub_pass *s, const smart_diff *d,
			    smart_features_result *r, smart_error *err)
{
	uint32_t *owned = NULL;
	const uint32_t *map = NULL;
	int total = 0;

	if (!(s->off & (1u << SMART_SCRUBBER_VALUES))) {
		map = raw_alignment(s, old_tree, d, &owned);
		smart_scrub_log_undo(s->log);
		total = map ? smart_shapes_count_discounted(s->shapes, old_tree, new_tree, map,
							    r->discounted)
			    : -1;
		smart_scrub_log_redo(s->log);
		free(owned);
		if (total < 0)
			return smart_error_oom(err);
	}
	r->discounted_total = (unsigned)total;
	for (int k = 0; k < SMART_SCRUBBER_COUNT; k++) {
		int slot = discount_slot(k);

		r->scrubbed[k] = k == SMART_SCRUBBER_VALUES ? (unsigned)total : s->explained[k];
		if (slot >= 0)
			r->discounted[slot] += s->explained[k];
		r->discounted_total += s->explained[k];
	}
	r->only_volatile = smart_diff_is_empty(d);
	return 0;
}

/* True when the pair has edits and the profile (or the value shapes)
 * judged every one of them noise: with a profile, such a pair is a clean
 * rerun as surely as one whose scrubbed trees are equal, and is ignore
 * whatever the model says (smart_forced_decision), so that a profile
 * explains the runs it was learnt from (tests/profile/test_property.c). */
static int every_edit_noise(const smart_edit_verdicts *v)
{
	for (size_t i = 0; i < v->n; i++)
		if (!v->noise[i])
			return 0;
	return v->n > 0;
}

/* The features of the aligned pair (old_tree, new_tree, diff): every edit
 * is judged expected noise or not by the profile and the value shapes,
 * for the volatility features, which see the trees as given; SMART's own
 * features see the trees with the noise the profile knows neutralised
 * (profile.h), aligned again, so that each of them discounts it by
 * itself. */
int smart_measure_aligned(const smart_diff *diff, smart_measure *m, smart_error *err)
{
	const smart_tree *old_tree = diff->old_tree, *new_tree = diff->new_tree;
	smart_features_input in = { .old_tree = old_tree, .new_tree = new_tree, .diff = diff };
	smart_edit_verdicts verdicts;
	smart_tree *nold = NULL, *nnew = NULL;
	smart_diff *ndiff = NULL;
	int rc = -1;

	if (smart_profile_judge(m->profile, m->test, diff, &verdicts, err))
		return smart_error_prefix(err, "volatility");
	in.noise = verdicts.noise;
	in.old_masked = (const char *const *)verdicts.old_masked;
	in.new_masked = (const char *const *)verdicts.new_masked;
	if (m->profile) {
		nold = smart_profile_normalize(m->profile, m->test, old_tree, err);
		nnew = nold ? smart_profile_normalize(m->profile, m->test, new_tree, err) : NULL;
		ndiff = nnew ? smart_diffx(nold, nnew, err) : NULL;
		if (!ndiff)
			goto done;
		in.old_normal = nold;
		in.new_normal = nnew;
		in.normal_diff = ndiff;
	}
	rc = smart_features_compute(&in, m->values, err);
	if (rc == 0 && m->profile && every_edit_noise(&verdicts))
		m->result.only_volatile = 1;
done:
	smart_edit_verdicts_free(&verdicts);
	smart_diff_free(ndiff);
	smart_tree_free(nnew);
	smart_tree_free(nold);
	return rc;
}

/* Parse both (side by side when m asks: measure/parse_pair.c), note
 * whether the parsed trees differ (the tree-diff baseline), scrub both
 * (value shapes, a moved site's root, generator metadata; unless raw),
 * align with DiffX (less the presentational attributes elements gained),
 * count what the scrubbing explained, and compute the features against
 * the profile. The diff baseline (any byte differs) is decided before
 * parsing. */
static int measure_features(const smart_document *old_doc, const smart_document *new_doc,
			    smart_measure *m, smart_error *err)
{
	smart_features_result *r = &m->result;
	smart__pair_trees t = { 0 };
	smart_tree *old_tree, *new_tree;
	const smart_tree *old_used, *new_used;
	smart_scrub_pass s = { .off = m->scrubbers_off };
	int scrubbing = 0;
	smart_diff *diff = NULL;
	int status = -1;

	assert(SMART_DISCOUNT_RESCALED < sizeof(r->discounted) / sizeof(r->discounted[0]));
	assert(SMART_SCRUBBER_COUNT <= sizeof(r->scrubbed) / sizeof(r->scrubbed[0]));
	memset(r, 0, sizeof(*r));
	m->bytes_differ = old_doc->len != new_doc->len ||
			  memcmp(old_doc->data, new_doc->data, old_doc->len) != 0;
	m->trees_differ = 0;
	if (smart__parse_pair(m, old_doc, new_doc, &t, err))
		goto out;
	old_tree = t.old_tree;
	new_tree = t.new_tree;
	r->trees_differ = !smart_tree_equal(old_tree, new_tree) ||
			  smart_tree_doctypes_differ(old_tree, new_tree);
	old_used = old_tree;
	new_used = new_tree;
	if (!m->raw && r->trees_differ) {
		scrubbing = 1;
		if (!(s.shapes = smart_shapes_scrubbed(err)) ||
		    smart_scrub_before_align(&s, old_tree, new_tree, err))
			goto out;
		old_used = s.p.old_clean;
		new_used = s.p.new_clean;
	}
	diff = smart_diffx(old_used, new_used, err);
	if (!diff || (scrubbing && (smart_scrub_after_align(&s, diff, err) ||
				    count_discounted(old_tree, new_tree, &s, diff, r, err))))
		goto out;
	if (m->on_aligned) {
		smart_aligned_pair ap = { .diff = diff, .old_raw = old_tree, .new_raw = new_tree,
					  .old_raw_of = s.p.old_raw_of, .new_raw_of = s.p.new_raw_of,
					  .log = s.log };
		int rc = m->on_aligned(m->on_aligned_ctx, &ap, err);

		if (s.log)
			smart_scrub_log_redo(s.log); /* as the features expect them */
		if (rc)
			goto out;
	}
	status = m->align_only ? 0 : smart_measure_aligned(diff, m, err);
out:
	m->trees_differ = r->trees_differ;
	smart_diff_free(diff);
	smart_scrub_pass_free(&s);
	smart__unparse_pair(m, &t);
	return status;
}

/* The comparators' verdicts on the pair, and with m->comparator_features
 * the same verdicts as the feature columns after smart's own: the one
 * place verdicts become features, for training's tables
 * (smart_table_load) and for classifying with a model trained on them. */
static int measure_verdicts(const smart_document *old_doc, const smart_document *new_doc,
			    smart_measure *m, smart_error *err)
{
	const smart_comparator_set *set = m->comparators;
	size_t base = smart_feature_count();

	if (smart_measure_comparators(old_doc, new_doc, m->format, set, m->fails, err))
		return -1;
	for (size_t k = 0; m->comparator_features && k < set->n; k++)
		m->values[base + k] = m->fails[k];
	return 0;
}

int smart_measure_pair(const smart_document *old_doc, const smart_document *new_doc,
		       smart_measure *m, smart_error *err)
{
	if (measure_features(old_doc, new_doc, m, err))
		return -1;
	if (m->align_only)
		return 0;
	return m->comparators && m->comparators->n ? measure_verdicts(old_doc, new_doc, m, err)
						   : 0;
}

int smart_measure_files(const char *old_path, const char *new_path, smart_measure *m,
			smart_error *err)
{
	char *old_data = NULL, *new_data = NULL;
	size_t old_len, new_len;
	int status = -1;

	if (smart_file_read(old_path, SMART_TREE_MAX_FILE, &old_data, &old_len, err) < 0 ||
	    smart_file_read(new_path, SMART_TREE_MAX_FILE, &new_data, &new_len, err) < 0)
		goto out;
	status = smart_measure_pair(&(smart_document){ old_data, old_len, old_path },
				    &(smart_document){ new_data, new_len, new_path }, m, err);
out:
	free(old_data);
	free(new_data);
	return status;
}

/* The value of the feature called `name` among the `n` in `values`, or 0
 * when there is no such column (a model trained before it existed). */
static double feature_value(const char *const *names, size_t n, const double *values,
			    const char *name)
{
	for (size_t j = 0; j < n; j++)
		if (strcmp(names[j], name) == 0)
			return values[j];
	return 0;
}

int smart_forced_decision(const char *const *names, size_t n, const double *values,
			  int only_volatile)
{
	if (feature_value(names, n, values, "doctype_changed") > 0)
		return 1;
	if (only_volatile)
		return 0;
	return feature_value(names, n, values, "error_keywords") > 0 ? 1 : -1;
}

int smart_measure_comparators(const smart_document *old_doc, const smart_document *new_doc,
			      smart_format format, const smart_comparator_set *set,
			      unsigned char *fails, smart_error *err)
{
	smart_compare_pair *pair = smart_compare_pair_new(old_doc, new_doc, format, err);
	smart_compare_result r;
	int rc = 0;

	if (!pair)
		return -1;
	smart_compare_result_init(&r);
	r.verdict_only = 1; /* only the verdicts are kept */
	for (size_t k = 0; k < set->n && rc == 0; k++) {
		rc = smart_compare_run(set->comparators[k], pair, set->config, &r, err);
		if (rc < 0)
			smart_error_prefix(err, "comparator %s", set->comparators[k]->name);
		fails[k] = r.verdict == SMART_COMPARE_FAIL;
	}
	smart_compare_result_clear(&r);
	smart_compare_pair_free(pair);
	return rc;
}
