/*
 * The review order (cli/review.h): the suite classified by the library's
 * batch (smart_classify_dirs / smart_classify_corpus, as `smart classify`
 * runs it), every pair kept, and sorted the active-learning way: what
 * could not be classified first, then inspect before ignore, the most
 * severe first, and within a severity the most uncertain (the score
 * nearest the cutoff) first.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_progress.h"
#include "review.h"

typedef struct collect_ctx {
	review_suite *s;
	cli_progress progress;
	smart_error oom;
} collect_ctx;

/* A copy of a verdict's string, which the batch frees after the callback. */
static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

/* Frees what an item owns and zeroes it. */
static void item_clear(review_item *it)
{
	free(it->app);
	free(it->test);
	free(it->where);
	free(it->problem);
	free(it->old_doc);
	free(it->new_doc);
	free(it->sigs);
	memset(it, 0, sizeof(*it));
}

/* smart_verdict_fn: keeps a copy of every pair's verdict (a skipped file
 * is named on stderr, as classify does, and not kept). */
static int on_verdict(void *ctx, const smart_verdict *v, smart_error *err)
{
	collect_ctx *c = ctx;
	review_suite *s = c->s;
	review_item *it;

	if (v->skipped) {
		cli_progress_clear(&c->progress);
		if (!s->quiet)
			fprintf(stderr, "smart: skipped %s: %s\n", v->test, v->skipped);
		s->skipped++;
		return 0;
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		review_item *items = realloc(s->items, cap * sizeof(*items));

		if (!items)
			return smart_error_oom(err);
		s->items = items;
		s->cap = cap;
	}
	it = &s->items[s->n];
	memset(it, 0, sizeof(*it));
	it->app = dup_or_empty(v->app);
	it->test = dup_or_empty(v->test);
	it->where = dup_or_empty(v->where);
	it->problem = v->problem ? strdup(v->problem) : NULL;
	it->index = v->index;
	it->trouble = v->trouble;
	it->inspect = v->inspect;
	it->score = v->score;
	it->severity = v->severity;
	it->format = s->format;
	if (v->signatures && (it->sigs = malloc(sizeof(*it->sigs))))
		memcpy(it->sigs, v->signatures, sizeof(*it->sigs));
	if (!it->app || !it->test || !it->where || (v->problem && !it->problem) ||
	    (v->signatures && !it->sigs)) {
		item_clear(it);
		return smart_error_oom(err);
	}
	s->n++;
	s->inspect += v->inspect != 0;
	if (v->trouble && s->trouble++ == 0)
		snprintf(s->first_problem, sizeof(s->first_problem), "%s", v->problem);
	return 0;
}

/* |score - cutoff|: the uncertainty the order sorts by; unclassified
 * pairs are infinitely far (their place is set before it counts). */
double review_margin(const review_suite *s, const review_item *it)
{
	return isfinite(it->score) ? fabs(it->score - s->model->cutoff) : INFINITY;
}

/* The review order: unclassified, inspect, severity, uncertainty, input. */
static int compare_items(const void *pa, const void *pb)
{
	const review_item *a = pa, *b = pb;
	double ma = a->margin, mb = b->margin;

	if ((a->problem != NULL) != (b->problem != NULL))
		return a->problem ? -1 : 1;
	if (a->inspect != b->inspect)
		return a->inspect ? -1 : 1;
	if (a->severity != b->severity)
		return a->severity > b->severity ? -1 : 1;
	if (ma != mb)
		return ma < mb ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* The corpus form: a second pass over the corpus keeps the documents of
 * the records a mode needs (the batch drops them once measured). Records
 * are counted as the batch counts them, unusable ones included. */
static int load_corpus_documents(review_suite *s, int (*wanted)(const review_item *it),
				 smart_error *err)
{
	smart_corpus_reader *r = smart_corpus_open(s->corpus, err);
	review_item **by_index;
	size_t max = 0, index = 0;
	smart_pair p;
	smart_error bad = { "" };
	int got, rc = 0;

	if (!r)
		return -1;
	for (size_t i = 0; i < s->n; i++)
		if (s->items[i].index + 1 > max)
			max = s->items[i].index + 1;
	by_index = calloc(max ? max : 1, sizeof(*by_index));
	if (!by_index) {
		smart_corpus_close(r);
		return smart_error_oom(err);
	}
	for (size_t i = 0; i < s->n; i++)
		if (!s->items[i].problem && wanted(&s->items[i]))
			by_index[s->items[i].index] = &s->items[i];
	while (rc == 0 && index < max && (got = smart_corpus_next(r, &p, &bad)) != SMART_CORPUS_END) {
		review_item *it;

		if (got == SMART_CORPUS_FATAL) {
			*err = bad;
			rc = -1;
			break;
		}
		it = by_index[index++];
		if (got != SMART_CORPUS_PAIR || !it)
			continue;
		it->format = p.format != SMART_FORMAT_AUTO ? p.format : s->format;
		it->old_doc = malloc(p.old_len + 1);
		it->new_doc = malloc(p.new_len + 1);
		if (!it->old_doc || !it->new_doc) {
			rc = smart_error_oom(err);
			break;
		}
		memcpy(it->old_doc, p.old_doc, p.old_len + 1);
		memcpy(it->new_doc, p.new_doc, p.new_len + 1);
		it->old_len = p.old_len;
		it->new_len = p.new_len;
	}
	free(by_index);
	smart_corpus_close(r);
	return rc;
}

/* The batch, as `smart classify` runs it, then the documents a mode
 * needs, then the order (cli/review.h). */
int review_collect(review_suite *s, int (*wanted)(const review_item *it), smart_error *err)
{
	collect_ctx c = { .s = s };
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	int rc;

	co.format = s->format;
	co.profile = s->profile;
	co.accepted = s->accepted;
	co.signatures = s->signatures;
	co.threads = s->threads;
	co.on_verdict = on_verdict;
	co.payload = &c;
	co.progress_ctx = &c.progress;

	co.progress = cli_progress_start(&c.progress, "pairs", s->quiet);
	if (s->corpus)
		rc = smart_classify_corpus(s->model, s->corpus, &co, err);
	else
		rc = smart_classify_dirs(s->model, s->old_dir, s->new_dir, &co, err);
	cli_progress_clear(&c.progress);
	if (rc)
		return -1;
	if (s->corpus && load_corpus_documents(s, wanted, err))
		return -1;
	for (size_t i = 0; i < s->n; i++)
		s->items[i].margin = review_margin(s, &s->items[i]);
	if (s->n > 1)
		qsort(s->items, s->n, sizeof(*s->items), compare_items);
	return 0;
}

/* One item of the list as a JSON line: {app, test, decision, severity,
 * score, margin[, problem]}; the numbers null when not classified. */
static int print_json_item(FILE *out, const review_suite *s, const review_item *it,
			   const char *decision)
{
	cJSON *o = cJSON_CreateObject();
	char *text;
	int ok = o && cJSON_AddStringToObject(o, "app", it->app) &&
		 cJSON_AddStringToObject(o, "test", it->test) &&
		 cJSON_AddStringToObject(o, "decision", decision) &&
		 cJSON_AddStringToObject(o, "severity", smart_severity_name(it->severity)) &&
		 (isfinite(it->score) ? cJSON_AddNumberToObject(o, "score", it->score) != NULL &&
					cJSON_AddNumberToObject(o, "margin", review_margin(s, it)) != NULL
				      : cJSON_AddNullToObject(o, "score") != NULL &&
					cJSON_AddNullToObject(o, "margin") != NULL) &&
		 (!it->problem || cJSON_AddStringToObject(o, "problem", it->problem));

	text = ok ? cJSON_PrintUnformatted(o) : NULL;
	cJSON_Delete(o);
	if (!text)
		return -1;
	fprintf(out, "%s\n", text);
	cJSON_free(text);
	return 0;
}

/* --list: the order as text columns or JSON Lines (cli/review.h). */
int review_print_list(FILE *out, const review_suite *s, int show_ignored, int json)
{
	for (size_t i = 0; i < s->n; i++) {
		const review_item *it = &s->items[i];
		const char *decision = it->trouble ? "trouble" : it->inspect ? "inspect" : "ignore";
		char score[32] = "-", margin[32] = "-";

		if (!it->inspect && !show_ignored)
			continue;
		if (json) {
			if (print_json_item(out, s, it, decision))
				return -1;
			continue;
		}
		if (isfinite(it->score)) {
			snprintf(score, sizeof(score), "%.4f", it->score);
			snprintf(margin, sizeof(margin), "%.4f", review_margin(s, it));
		}
		fprintf(out, "%-8s %-8s %10s %9s  %s%s%s%s%s\n", decision, smart_severity_name(it->severity), score, margin, it->app,
			*it->app ? "/" : "", it->test, it->problem ? "  " : "",
			it->problem ? it->problem : "");
	}
	return 0;
}

/* Frees the items; the model and profile belong to the caller. */
void review_suite_free(review_suite *s)
{
	for (size_t i = 0; i < s->n; i++)
		item_clear(&s->items[i]);
	free(s->items);
	s->items = NULL;
	s->n = s->cap = 0;
}
