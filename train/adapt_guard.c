/*
 * The guard on the profile an adapted model carries (`smart train
 * --adapt`, docs/adaptation.md, "Never worse than none"): the profile is
 * learnt from the adaptation pairs labelled ignore and widened, so a
 * place that varied on one clean rerun speaks for every page; every place
 * a pair labelled inspect changed is then dropped from it, so that no
 * labelled fault's place is ever explained as noise. `smart eval --adapt`
 * does the same per held-out application (train/adapt_rows.c).
 */
#include "adapt_rows.h"

#include "smart/profile.h"

int smart__adapt_profile_guard(smart_profile *p, const char *const *paths, size_t n_paths,
			       smart_format format, size_t *dropped, smart_error *err)
{
	smart_profile *faults = smart_profile_new(err);
	int rc = 0;

	*dropped = 0;
	if (!faults)
		return -1;
	for (size_t i = 0; rc == 0 && i < n_paths; i++) {
		smart_corpus_reader *r = smart_corpus_open(paths[i], err);
		smart_pair pair;
		int got;

		if (!r) {
			rc = -1;
			break;
		}
		while (rc == 0 && (got = smart_corpus_next(r, &pair, err)) != SMART_CORPUS_END) {
			if (got == SMART_CORPUS_FATAL || got == SMART_CORPUS_BAD)
				rc = -1;
			else if (pair.label == SMART_LABEL_INSPECT)
				rc = smart__profile_learn_record(faults, &pair, format, err);
		}
		smart_corpus_close(r);
	}
	if (rc == 0)
		rc = smart_profile_forbid(p, faults, dropped, err);
	smart_profile_free(faults);
	return rc;
}
