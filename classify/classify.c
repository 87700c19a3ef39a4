/* Classifying one pair of documents (include/smart/classify.h). */
#include "smart/classify.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/accepted.h"
#include "smart/compare.h"
#include "smart/features.h"
#include "smart/profile.h"
#include "smart/measure.h"
#include "smart/signature.h"
#include "classify_pair.h"
#include "severity.h"
#include "view.h"
#include "why.h"

/* Measures the pair into m->values: smart's features and, for a model
 * trained with `smart train --comparator-features`, which lists
 * "comparator:NAME" verdicts (1 = the comparator fails the pair) after
 * them, those comparators' verdicts, with their default configuration, as
 * training ran them. */
static int classify_measure(const smart_model *model, const smart_document *old_doc,
			    const smart_document *new_doc, smart_measure *m, smart_error *err)
{
	static const char prefix[] = "comparator:";
	size_t base = smart_feature_count();
	size_t k = model->n_features > base ? model->n_features - base : 0;
	const smart_comparator **cmp = k ? malloc(k * sizeof(*cmp)) : NULL;
	unsigned char *fails = k ? malloc(k) : NULL;
	smart_comparator_set set = { .comparators = cmp, .n = k };
	smart_compare_config *cfg = NULL;
	int rc = -1;

	if (k == 0)
		return smart_measure_pair(old_doc, new_doc, m, err);
	if (!cmp || !fails) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t i = 0; i < k; i++) {
		const char *name = model->names[base + i];

		cmp[i] = strncmp(name, prefix, sizeof(prefix) - 1) == 0
				 ? smart_comparator_find(name + sizeof(prefix) - 1)
				 : NULL;
		if (!cmp[i]) {
			smart_error_set(err, "model feature '%s' is not a comparator verdict", name);
			goto done;
		}
	}
	set.config = cfg = smart_compare_config_new(NULL, err);
	if (!cfg)
		goto done;
	m->comparators = &set;
	m->comparator_features = 1;
	m->fails = fails;
	rc = smart_measure_pair(old_doc, new_doc, m, err);
	m->comparators = NULL; /* `set` ends here */
done:
	smart_compare_config_free(cfg);
	free(cmp);
	free(fails);
	return rc;
}

/* What classification takes from the aligned pair besides the features:
 * the script's facts for severity, and the report's view. */
typedef struct aligned_ctx {
	smart__script_facts facts;
	int views;
	char *view;
	int signatures;
	smart_signature_set *sigs;
	char *changes;   /* views: the residual changes in words */
	size_t ops;      /* views: the residual script's operations */
	smart_aligned_fn also; /* the caller's look at the pair, or NULL */
	void *also_ctx;
} aligned_ctx;

static int on_aligned(void *ctx, const smart_aligned_pair *p, smart_error *err)
{
	aligned_ctx *a = ctx;

	char *json;

	if (a->also && a->also(a->also_ctx, p, err))
		return -1;
	smart__script_facts_of(p->diff, &a->facts);
	if (a->signatures) {
		a->sigs = calloc(1, sizeof(*a->sigs));
		if (!a->sigs)
			return smart_error_oom(err);
		if (smart_signatures_of_aligned(p, a->sigs, err))
			return -1;
	}
	if (!a->views)
		return 0;
	if (smart__why_changes(p, &a->changes, &a->ops, err))
		return -1;
	json = smart__view_json(p, err);
	a->view = json ? smart__view_pack(json, err) : NULL;
	free(json);
	return a->view ? 0 : -1;
}

/* Decides the pair's severity (none unless inspected). */
static void rate(const smart_model *model, const aligned_ctx *a, smart_classification *out)
{
	out->severity = SMART_SEVERITY_NONE;
	out->severity_reason = NULL;
	if (out->inspect)
		out->severity = smart__severity_rate((const char *const *)model->names,
						     model->n_features, out->values, &a->facts,
						     &out->severity_reason);
}

int smart_classify_pair(const smart_model *model, const smart_document *old_doc,
			const smart_document *new_doc, const smart_classify_options *o,
			smart_classification *out, smart_error *err)
{
	return smart__classify_pair_also(model, old_doc, new_doc, o, NULL, NULL, out, err);
}

int smart__classify_pair_also(const smart_model *model, const smart_document *old_doc,
			      const smart_document *new_doc, const smart_classify_options *o,
			      smart_aligned_fn also, void *also_ctx,
			      smart_classification *out, smart_error *err)
{
	aligned_ctx a = { .views = o->views, .signatures = o->signatures || o->accepted,
			  .also = also, .also_ctx = also_ctx };
	smart_measure m = { .values = out->values, .format = o->format, .profile = o->profile,
			    .test = o->test, .raw = model->provenance.raw,
			    .on_aligned = on_aligned, .on_aligned_ctx = &a,
			    .side_by_side = o->pair_threads >= 2 };
	int forced;

	assert(out->values);
	if (o->version != SMART_CLASSIFY_OPTIONS_VERSION)
		return smart_error_set(err, "classify options of version %u, not %u (start from "
				       "SMART_CLASSIFY_OPTIONS_INIT)", o->version,
				       SMART_CLASSIFY_OPTIONS_VERSION);
	/* measured as the model's training pairs were */
	if (smart_scrubbers_off_parse(model->provenance.scrubbers_off, &m.scrubbers_off, err))
		return smart_error_prefix(err, "model");
	out->view = NULL;
	out->signatures = NULL;
	out->accepted = 0;
	out->why = NULL;
	if (classify_measure(model, old_doc, new_doc, &m, err)) {
		free(a.view);
		free(a.sigs);
		free(a.changes);
		return -1;
	}
	out->inspect = smart_model_decide(model, out->values, &out->score);
	/* A score that is not a number is no decision: trouble, never a
	 * silent "inspect" (the loader refuses weights that can overflow, so
	 * this needs a model built in memory, or a feature gone wrong). */
	if (!isfinite(out->score)) {
		free(a.view);
		free(a.sigs);
		free(a.changes);
		return smart_error_set(err, "%s: the model's score for this pair is not a "
				       "finite number", new_doc->name ? new_doc->name : "(document)");
	}
	out->only_volatile = m.result.only_volatile;
	out->discounted_total = m.result.discounted_total;
	memcpy(out->discounted, m.result.discounted, sizeof(out->discounted));
	memcpy(out->scrubbed, m.result.scrubbed, sizeof(out->scrubbed));
	/* Byte-identical outputs never need a look, whatever the model says;
	 * nor do outputs whose every difference is a volatile value (a date, a
	 * token, a version, ...): once scrubbed, they are the same document. */
	forced = smart_forced_decision((const char *const *)model->names, model->n_features,
				       out->values, out->only_volatile);
	if (!m.bytes_differ)
		out->inspect = 0;
	else if (forced >= 0)
		out->inspect = forced;
	/* a reviewer accepted every change left: what they decided stands */
	if (out->inspect && a.sigs && smart_accepted_covers(o->accepted, a.sigs, o->test)) {
		out->inspect = 0;
		out->accepted = 1;
	}
	rate(model, &a, out);
	out->view = a.view;
	if (o->signatures) {
		out->signatures = a.sigs;
	} else {
		free(a.sigs);
	}
	/* the report's words for the decision, ignored pairs too */
	if (o->views)
		out->why = smart__why_text(model, out, m.bytes_differ, m.result.trees_differ,
					   a.changes, a.ops);
	free(a.changes);
	if (o->views && !out->why) {
		free(out->view);
		free(out->signatures);
		out->view = NULL;
		out->signatures = NULL;
		return smart_error_oom(err);
	}
	return 0;
}

/* What one shape is called in an explanation, singular and plural. */
static const char *const shape_words[][2] = {
	[SMART_SHAPE_UUID] = { "id", "ids" },
	[SMART_SHAPE_DATE] = { "date", "dates" },
	[SMART_SHAPE_TIME] = { "time", "times" },
	[SMART_SHAPE_RELTIME] = { "relative time", "relative times" },
	[SMART_SHAPE_EPOCH] = { "timestamp", "timestamps" },
	[SMART_SHAPE_HEX] = { "token", "tokens" },
	[SMART_SHAPE_BASE64] = { "token", "tokens" },
	[SMART_SHAPE_URL_QUERY] = { "query", "queries" },
	[SMART_SHAPE_PATH] = { "path", "paths" },
	[SMART_SHAPE_VERSION] = { "version", "versions" },
	[SMART_SHAPE_JWT] = { "token", "tokens" },
	[SMART_SHAPE_CUID] = { "id", "ids" },
	[SMART_SHAPE_TZNAME] = { "time zone", "time zones" },
	[SMART_SHAPE_COPYRIGHT] = { "copyright year", "copyright years" },
	[SMART_SHAPE_DURATION] = { "duration", "durations" },
	[SMART_SHAPE_HOSTPORT] = { "host or port", "hosts or ports" },
	[SMART_SHAPE_CACHEBUST] = { "cache-busting parameter", "cache-busting parameters" },
	[SMART_SHAPE_TIMING] = { "timing", "timings" },
	[SMART_SHAPE_COUNTER] = { "counter", "counters" },
	[SMART_SHAPE_SIZE] = { "size", "sizes" },
	[SMART_SHAPE_NONCE] = { "token", "tokens" },
	[SMART_SHAPE_NUMBER] = { "number", "numbers" },
};

/* Appends ", 3 <what>s" (no comma first) to the `used` bytes of buf when
 * k > 0; returns the new length, unchanged when it would not fit. */
static size_t append_count(char *buf, size_t size, size_t used, unsigned k, const char *what)
{
	int n;

	if (!k)
		return used;
	n = snprintf(buf + used, size - used, "%s%u %s%s", used ? ", " : "", k, what,
		     k == 1 ? "" : "s");
	if (n > 0 && (size_t)n < size - used)
		return used + (size_t)n;
	buf[used] = '\0'; /* snprintf wrote what fitted: take it back */
	return used;
}

size_t smart_discount_text(const unsigned *counts, char *buf, size_t size)
{
	size_t used = 0;
	unsigned merged[SMART_SHAPE_COUNT] = { 0 };

	assert(size > 0);
	buf[0] = '\0';
	/* shapes that read alike (hex, base64 and JWT are all "tokens") add up
	 * under the first of them */
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		int first = 0;

		while (strcmp(shape_words[first][0], shape_words[k][0]) != 0)
			first++;
		merged[first] += counts[k];
	}
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		int n;

		if (!merged[k])
			continue;
		n = snprintf(buf + used, size - used, "%s%u %s", used ? ", " : "", merged[k],
			     shape_words[k][merged[k] == 1 ? 0 : 1]);
		if (n < 0 || (size_t)n >= size - used) {
			buf[used] = '\0';
			break;
		}
		used += (size_t)n;
	}
	used = append_count(buf, size, used, counts[SMART_DISCOUNT_METADATA],
			    "generator metadata element");
	used = append_count(buf, size, used, counts[SMART_DISCOUNT_CAPTCHA], "captcha challenge");
	used = append_count(buf, size, used, counts[SMART_DISCOUNT_NAMED], "named value");
	used = append_count(buf, size, used, counts[SMART_DISCOUNT_LEARNED], "learned value");
	used = append_count(buf, size, used, counts[SMART_DISCOUNT_RESCALED], "rescaled rate");
	used = append_count(buf, size, used, counts[SMART_DISCOUNT_PRESENTATION],
			    "presentational attribute");
	return used;
}
