/*
 * Learning a volatility profile from rerun pairs (corpus records with
 * origin "rerun": the same version run twice, so whatever differs is
 * nondeterminism) instead of run folders.
 */
#include "smart/train.h"

#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "smart/profile.h"

int smart_rerun_for_learning(const char *test)
{
	uint32_t h = 2166136261u; /* FNV-1a */

	for (const unsigned char *c = (const unsigned char *)test; *c; c++)
		h = (h ^ *c) * 16777619u;
	return (h >> 7) & 1;
}

int smart_profile_learn_pairs(smart_profile *p, const char *const *paths, size_t n_paths,
			      const char *app, int (*keep)(void *ctx, const smart_pair *pair),
			      void *ctx, smart_format format, size_t *used, smart_error *err)
{
	size_t count = 0;

	for (size_t i = 0; i < n_paths; i++) {
		smart_corpus_reader *r = smart_corpus_open(paths[i], err);
		smart_pair pair;
		int got;

		if (!r)
			return -1;
		while ((got = smart_corpus_next(r, &pair, err)) != SMART_CORPUS_END) {
			const char *docs[2], *names[2];
			size_t lens[2];
			char where[2][300];

			if (got == SMART_CORPUS_FATAL || got == SMART_CORPUS_BAD) {
				smart_corpus_close(r);
				return -1;
			}
			if (!pair.origin || strcmp(pair.origin, "rerun") != 0 ||
			    (app && strcmp(pair.app, app) != 0) || (keep && !keep(ctx, &pair)))
				continue;
			docs[0] = pair.old_doc;
			docs[1] = pair.new_doc;
			lens[0] = pair.old_len;
			lens[1] = pair.new_len;
			snprintf(where[0], sizeof(where[0]), "%s:%zu: old", pair.file, pair.line);
			snprintf(where[1], sizeof(where[1]), "%s:%zu: new", pair.file, pair.line);
			names[0] = where[0];
			names[1] = where[1];
			if (smart_profile_learn_test(p, pair.test, docs, lens, names, 2,
						     pair.format != SMART_FORMAT_AUTO ? pair.format
										      : format,
						     err)) {
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
