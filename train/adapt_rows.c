/*
 * The adaptation pairs of a leave-one-application-out evaluation: the few
 * labelled pairs of the held-out application that join the training
 * (SMART §6.3), and the profile its ignore pairs teach it -- each ignore
 * pair is two clean runs of the application, so it says *where* the
 * application varies, which reweighting alone cannot (issue 35).
 */
#include "adapt_rows.h"

#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "smart/measure.h"
#include "smart/profile.h"
#include "smart/scrub.h"

int smart__choose_adaptation(const smart_table *t, size_t adapt, uint64_t seed,
			     const size_t *fold, size_t f, unsigned char *chosen, smart_error *err)
{
	size_t n = t->n_rows, m = 0, taken = 0;
	size_t *order = malloc((n ? n : 1) * sizeof(*order));
	uint64_t rng = seed ^ (0x9e3779b97f4a7c15ULL * (f + 1));

	if (!order)
		return smart_error_oom(err);
	for (size_t i = 0; i < n; i++)
		if (fold[i] == f) {
			chosen[i] = 0;
			order[m++] = i;
		}
	for (size_t i = m; i > 1; i--) { /* Fisher-Yates */
		size_t j = (size_t)smart_rng_below(&rng, i), tmp = order[i - 1];

		order[i - 1] = order[j];
		order[j] = tmp;
	}
	for (int want = 1; taken < adapt && taken < m; want = !want) {
		size_t pick = m;

		for (size_t i = 0; i < m && pick == m; i++)
			if (!chosen[order[i]] && t->labels[order[i]] == want)
				pick = i;
		for (size_t i = 0; i < m && pick == m; i++) /* that label ran out */
			if (!chosen[order[i]])
				pick = i;
		chosen[order[pick]] = 1;
		taken++;
	}
	free(order);
	return 0;
}

/* Reads the corpora again and learns every record whose position `want`
 * names (want[pos] = application + 1, 0: not wanted; n_want long); with
 * `hold_out`, each with its application's own rules off, as its first
 * look measures it (smart_eval_options.hold_out_rules). */
static int learn_wanted(const uint32_t *want, size_t n_want, const char *const *paths,
			size_t n_paths, smart_format format, int hold_out,
			smart_profile **profiles, smart_error *err)
{
	size_t pos = 0;

	for (size_t k = 0; k < n_paths && pos < n_want; k++) {
		smart_corpus_reader *r = smart_corpus_open(paths[k], err);
		smart_pair pair;
		int got;

		if (!r)
			return -1;
		while (pos < n_want &&
		       (got = smart_corpus_next(r, &pair, err)) != SMART_CORPUS_END) {
			if (got == SMART_CORPUS_FATAL) {
				smart_corpus_close(r);
				return -1;
			}
			/* positions count every record, as smart_table_load does */
			if (got != SMART_CORPUS_BAD && want[pos] &&
			    smart__profile_learn_record_off(
				    profiles[want[pos] - 1], &pair, format,
				    hold_out ? smart_scrubbers_read_from_app(pair.app) : 0, err)) {
				smart_corpus_close(r);
				return -1;
			}
			pos++;
		}
		smart_corpus_close(r);
	}
	return 0;
}

/* As train --adapt does (train/train_corpora.c): the places the chosen
 * pairs labelled inspect changed are learnt into a profile of faults per
 * application, and dropped from that application's profile
 * (smart_profile_forbid): no labelled fault's place is explained. `want`
 * (n_want long) is reused. */
static int forbid_faults(const smart_table *t, const size_t *positions,
			 const unsigned char *chosen, uint32_t *want, size_t n_want,
			 const char *const *paths, size_t n_paths, const smart_eval_options *o,
			 smart_profile **profiles, smart_error *err)
{
	smart_profile **faults = calloc(t->n_apps ? t->n_apps : 1, sizeof(*faults));
	int rc = faults ? 0 : smart_error_oom(err);

	for (size_t a = 0; rc == 0 && a < t->n_apps; a++)
		if (!(faults[a] = smart_profile_new(err)))
			rc = -1;
	memset(want, 0, n_want * sizeof(*want));
	for (size_t i = 0; i < t->n_rows; i++)
		if (chosen[i] && t->labels[i]) /* a labelled fault */
			want[positions[i]] = t->app[i] + 1;
	if (rc == 0)
		rc = learn_wanted(want, n_want, paths, n_paths, o->format, o->hold_out_rules,
				  faults, err);
	for (size_t a = 0; rc == 0 && a < t->n_apps; a++)
		rc = smart_profile_forbid(profiles[a], faults[a], NULL, err);
	for (size_t a = 0; faults && a < t->n_apps; a++)
		smart_profile_free(faults[a]);
	free(faults);
	return rc;
}

int smart__adapt_profiles_learn(const smart_table *t, const size_t *positions,
				const char *const *paths, size_t n_paths,
				const smart_eval_options *o, struct smart_profile **profiles,
				smart_error *err)
{
	size_t n = t->n_rows, n_want = 0;
	unsigned char *chosen = calloc(n ? n : 1, 1);
	uint32_t *want = NULL;
	int rc = -1;

	if (!chosen) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		if (positions[i] + 1 > n_want)
			n_want = positions[i] + 1;
	if (smart__adapt_choose_all(t, o, chosen, err))
		goto done;
	if (!(want = calloc(n_want ? n_want : 1, sizeof(*want)))) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		if (chosen[i] && !t->labels[i]) /* an ignore pair: two clean runs */
			want[positions[i]] = t->app[i] + 1;
	rc = learn_wanted(want, n_want, paths, n_paths, o->format, o->hold_out_rules, profiles,
			  err);
	/* widened but, unlike train --adapt (smart_profile_learn_pairs), not
	 * generalised: measured doing so, tidy's simulated first look lost
	 * 13 more faults (docs/adaptation.md, "One code path") */
	for (size_t a = 0; rc == 0 && a < t->n_apps; a++)
		rc = smart_profile_widen(profiles[a], err);
	if (rc == 0)
		rc = forbid_faults(t, positions, chosen, want, n_want, paths, n_paths, o, profiles,
				   err);
done:
	free(chosen);
	free(want);
	return rc;
}
