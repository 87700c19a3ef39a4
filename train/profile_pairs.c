/*
 * Learning a volatility profile from rerun pairs (corpus records with
 * origin "rerun": the same version run twice, so whatever differs is
 * nondeterminism), or from every pair labelled ignore (an adaptation
 * corpus, the labels smart review writes), instead of run folders.
 */
#include "smart/train.h"

#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "adapt_rows.h"
#include "common/options.h"
#include "smart/measure.h"
#include "smart/profile.h"

int smart_rerun_for_learning(const char *test)
{
	uint32_t h = 2166136261u; /* FNV-1a */

	for (const unsigned char *c = (const unsigned char *)test; *c; c++)
		h = (h ^ *c) * 16777619u;
	return (h >> 7) & 1;
}

int smart__profile_learn_record(smart_profile *p, const smart_pair *pair,
				smart_format fallback, smart_error *err)
{
	return smart__profile_learn_record_off(p, pair, fallback, 0, err);
}

/* As smart__profile_learn_record, with the scrubbers `scrubbers_off` off
 * (a simulated first look: the application's own rules). */
int smart__profile_learn_record_off(smart_profile *p, const smart_pair *pair,
				    smart_format fallback, unsigned scrubbers_off, smart_error *err)
{
	smart_pair_job j;
	smart_document runs[2];
	int rc;

	if (smart_pair_job_from_record(&j, pair, fallback, err))
		return -1;
	runs[0] = smart_pair_job_document(&j, 0);
	runs[1] = smart_pair_job_document(&j, 1);
	rc = smart_profile_learn_pair_off(p, j.test, runs, j.format, scrubbers_off, err);
	smart_pair_job_clear(&j);
	return rc;
}

int smart_profile_learn_pairs(smart_profile *p, const char *const *paths, size_t n_paths,
			      const smart_learn_pairs_options *o, size_t *used,
			      smart_error *err)
{
	size_t count = 0;

	if (smart__options_check(o->version, SMART_LEARN_PAIRS_OPTIONS_VERSION, "learn pairs",
				 "SMART_LEARN_PAIRS_OPTIONS_INIT", err))
		return -1;
	for (size_t i = 0; i < n_paths; i++) {
		smart_corpus_reader *r = smart_corpus_open(paths[i], err);
		smart_pair pair;
		int got;

		if (!r)
			return -1;
		while ((got = smart_corpus_next(r, &pair, err)) != SMART_CORPUS_END) {
			if (got == SMART_CORPUS_FATAL || got == SMART_CORPUS_BAD) {
				smart_corpus_close(r);
				return -1;
			}
			if (!(o->ignore_pairs ? pair.label == SMART_LABEL_IGNORE
					      : pair.origin && strcmp(pair.origin, "rerun") == 0) ||
			    (o->app && strcmp(pair.app, o->app) != 0) ||
			    (o->keep && !o->keep(o->payload, &pair)))
				continue;
			if (smart__profile_learn_record(p, &pair, o->format, err)) {
				smart_corpus_close(r);
				return -1;
			}
			count++;
		}
		smart_corpus_close(r);
	}
	snprintf(p->kind, sizeof(p->kind), "pairs");
	p->pairs += count;
	if (used)
		*used = count;
	return smart_profile_generalise(p, err);
}
