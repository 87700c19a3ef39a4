/* Batch classification through smart_classify_options: a corpus on
 * several threads hands every verdict back in input order, the same as on
 * one thread and as smart_classify_pair on each record; options that are
 * not started from SMART_CLASSIFY_OPTIONS_INIT are refused. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PAIRS "tests/fixtures/train/pairs.jsonl"
#define MAX_PAIRS 64

/* A linear model over the registry's features: one unit of weight on
 * diffx_inserts and diffx_deletes. */
static smart_model *inserts_model(const char **names)
{
	smart_model *m = registry_model(names);

	m->weights[smart_feature_index("diffx_inserts")] = 1;
	m->weights[smart_feature_index("diffx_deletes")] = 1;
	m->cutoff = 0.5;
	return m;
}

/* What the verdicts of one batch were, in the order they came. */
typedef struct collected {
	size_t n;
	char test[MAX_PAIRS][64];
	int inspect[MAX_PAIRS];
	double score[MAX_PAIRS];
} collected;

static int collect(void *ctx, const smart_verdict *v, smart_error *err)
{
	collected *c = ctx;

	(void)err;
	assert_true(c->n < MAX_PAIRS);
	assert_null(v->problem);
	snprintf(c->test[c->n], sizeof(c->test[c->n]), "%s", v->test);
	c->inspect[c->n] = v->inspect;
	c->score[c->n] = v->score;
	c->n++;
	return 0;
}

static void corpus_verdicts_in_input_order_whatever_the_threads(void **state)
{
	const char *names[128];
	smart_model *m = inserts_model(names);
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
	collected *one = calloc(1, sizeof(*one)), *four = calloc(1, sizeof(*four));
	smart_corpus_reader *r;
	smart_pair pair;
	smart_error err = { { 0 } };
	size_t k = 0;

	(void)state;
	assert_true(smart_feature_count() <= 128);
	assert_non_null(one);
	assert_non_null(four);
	o.on_verdict = collect;
	o.threads = 1;
	o.payload = one;
	assert_int_equal(smart_classify_corpus(m, PAIRS, &o, &err), 0);
	o.threads = 4;
	o.payload = four;
	assert_int_equal(smart_classify_corpus(m, PAIRS, &o, &err), 0);
	assert_true(one->n > 10);
	assert_int_equal(one->n, four->n);
	/* each verdict is smart_classify_pair's on the record in that place */
	r = smart_corpus_open(PAIRS, &err);
	assert_non_null(r);
	while (smart_corpus_next(r, &pair, &err) == SMART_CORPUS_PAIR) {
		double values[128];
		smart_classification c = { .values = values };
		smart_classify_options po = SMART_CLASSIFY_OPTIONS_INIT;

		po.format = pair.format;
		po.test = pair.test;
		assert_int_equal(smart_classify_pair(m, &(smart_document){ pair.old_doc, pair.old_len,
									 "old" },
						     &(smart_document){ pair.new_doc, pair.new_len,
									 "new" },
						     &po, &c, &err),
				 0);
		assert_true(k < one->n);
		assert_string_equal(one->test[k], pair.test);
		assert_string_equal(four->test[k], pair.test);
		assert_int_equal(one->inspect[k], c.inspect);
		assert_int_equal(four->inspect[k], c.inspect);
		assert_true(one->score[k] == c.score && four->score[k] == c.score);
		k++;
	}
	smart_corpus_close(r);
	assert_int_equal(k, one->n);
	free(one);
	free(four);
	smart_model_free(m);
}

static void options_of_another_version_or_without_callback_are_refused(void **state)
{
	const char *names[128];
	smart_model *m = inserts_model(names);
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
	collected *c = calloc(1, sizeof(*c));
	smart_error err = { { 0 } };
	double values[128];
	smart_classification out = { .values = values };
	const char *doc = "<p>a</p>";

	(void)state;
	assert_non_null(c);
	/* a batch without on_verdict would drop every verdict */
	assert_int_equal(smart_classify_corpus(m, PAIRS, &o, &err), -1);
	assert_non_null(strstr(err.message, "on_verdict"));
	o.on_verdict = collect;
	o.payload = c;
	o.version = 0;
	assert_int_equal(smart_classify_corpus(m, PAIRS, &o, &err), -1);
	assert_non_null(strstr(err.message, "SMART_CLASSIFY_OPTIONS_INIT"));
	assert_int_equal(smart_classify_dirs(m, "tests/fixtures/corpora/old",
					     "tests/fixtures/corpora/new", &o, &err), -1);
	assert_int_equal(smart_classify_pair(m, &(smart_document){ doc, strlen(doc), "old" },
					     &(smart_document){ doc, strlen(doc), "new" }, &o, &out,
					     &err),
			 -1);
	assert_int_equal(c->n, 0);
	free(c);
	smart_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_verdicts_in_input_order_whatever_the_threads),
		cmocka_unit_test(options_of_another_version_or_without_callback_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
