/* The helpers of cli/cli_profile.h. */
#include "cli_profile.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int push(cli_profiles *ps, const char *app, smart_profile *p)
{
	char **apps = realloc(ps->apps, (ps->n + 1) * sizeof(*apps));
	smart_profile **v;

	if (!apps)
		return -1;
	ps->apps = apps;
	v = realloc(ps->profiles, (ps->n + 1) * sizeof(*v));
	if (!v)
		return -1;
	ps->profiles = v;
	ps->apps[ps->n] = app ? strdup(app) : NULL;
	if (app && !ps->apps[ps->n])
		return -1;
	ps->profiles[ps->n++] = p;
	return 0;
}

int cli_profiles_add(cli_profiles *ps, const char *spec)
{
	const char *eq = strchr(spec, '='), *slash = strchr(spec, '/');
	char app[256] = "";
	smart_error err = { "" };
	smart_profile *p;

	if (eq && (!slash || slash > eq) && eq > spec && (size_t)(eq - spec) < sizeof(app)) {
		memcpy(app, spec, (size_t)(eq - spec));
		app[eq - spec] = '\0';
		spec = eq + 1;
	}
	p = smart_profile_load(spec, &err);
	if (!p)
		return cli_fail(&err);
	if (push(ps, app[0] ? app : NULL, p)) {
		smart_profile_free(p);
		return cli_failf("out of memory");
	}
	return 0;
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The runs of `app` under the --runs folder (sub-folders and run archives
 * of DIR/APP/runs, or else of DIR/APP; sorted), or none. */
static char **run_folders(const char *root, const char *app, size_t *n)
{
	char base[4096], **v = NULL;
	DIR *d;
	struct dirent *e;

	*n = 0;
	snprintf(base, sizeof(base), "%s/%s/runs", root, app);
	if (!cli_is_dir(base))
		snprintf(base, sizeof(base), "%s/%s", root, app);
	d = opendir(base);
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		char path[4096 + 256], **grown;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", base, e->d_name);
		if ((!cli_is_dir(path) && !smart_run_is_archive_name(e->d_name)) ||
		    !(grown = realloc(v, (*n + 1) * sizeof(*v))))
			continue;
		v = grown;
		if ((v[*n] = strdup(path)))
			(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), by_string);
	return v;
}

/* The rerun records that teach profiles (the others are scored). */
static int learning_half(void *ctx, const smart_pair *pair)
{
	(void)ctx;
	return smart_rerun_for_learning(pair->test);
}

/* Learns the profile of `app` (called once per application). */
static smart_profile *learn(cli_profiles *ps, const char *app)
{
	smart_profile *p = smart_profile_new(&ps->err);
	int rc = 0;

	if (!p)
		return NULL;
	if (ps->runs_dir) {
		size_t n;
		char **dirs = run_folders(ps->runs_dir, app, &n);

		if (n >= 2)
			rc = smart_profile_learn_runs(p, (const char *const *)dirs, n, ps->format,
						      &ps->err);
		else {
			smart_profile_free(p);
			p = NULL; /* no runs: no profile for this application */
		}
		for (size_t i = 0; i < n; i++)
			free(dirs[i]);
		free(dirs);
	} else {
		size_t used = 0;

		rc = smart_profile_learn_pairs(p, (const char *const *)ps->corpora, ps->n_corpora,
					       app, learning_half, NULL, ps->format, &used, &ps->err);
		if (rc == 0 && used == 0) {
			smart_profile_free(p);
			p = NULL;
		}
	}
	if (rc) {
		smart_error_prefix(&ps->err, "learning the profile of '%s'", app);
		ps->failed = 1;
		smart_profile_free(p);
		return NULL;
	}
	return p;
}

const smart_profile *cli_profiles_for(void *ctx, const char *app)
{
	cli_profiles *ps = ctx;
	smart_profile *p;

	if (ps->off)
		return NULL;
	for (size_t i = 0; i < ps->n; i++)
		if (!ps->apps[i] || strcmp(ps->apps[i], app) == 0)
			return ps->profiles[i];
	if ((!ps->runs_dir && !ps->from_reruns) || ps->failed)
		return NULL;
	p = learn(ps, app);
	if (ps->failed || push(ps, app, p)) {
		smart_profile_free(p);
		return NULL;
	}
	return p;
}

static int skip_reruns(void *ctx, const char *app, const char *test, const char *origin)
{
	(void)app;
	return ((cli_profiles *)ctx)->from_reruns && origin && strcmp(origin, "rerun") == 0 &&
	       smart_rerun_for_learning(test);
}

void cli_profiles_attach(cli_profiles *ps, smart_table *t)
{
	t->profile_for = cli_profiles_for;
	t->skip_record = skip_reruns;
	t->profile_ctx = ps;
}

void cli_profiles_free(cli_profiles *ps)
{
	for (size_t i = 0; i < ps->n; i++) {
		free(ps->apps[i]);
		smart_profile_free(ps->profiles[i]);
	}
	free(ps->apps);
	free(ps->profiles);
	ps->apps = NULL;
	ps->profiles = NULL;
	ps->n = 0;
}

/* ---- calibration on clean reruns ---------------------------------------- */

/* At most this many rerun pairs per application are measured. */
#define CLI_MAX_RERUNS 400

static int add_row(cli_reruns *r, size_t p, const double *values, smart_error *err)
{
	double *grown = realloc(r->rows, (r->n + 1) * p * sizeof(double));

	if (!grown)
		return smart_error_oom(err);
	r->rows = grown;
	memcpy(r->rows + r->n * p, values, p * sizeof(double));
	r->n++;
	return 0;
}

/* Measures one rerun pair into r (byte-identical pairs, and pairs that
 * differ only in volatile values, are left out: classify never inspects
 * them). */
static int measure_rerun(cli_calibration *c, cli_reruns *r, const smart_profile *prof,
			 const char *test, const char *a, size_t alen, const char *b,
			 size_t blen, smart_format format, smart_error *err)
{
	double *values = calloc(c->n_features ? c->n_features : 1, sizeof(double));
	smart_measure m = { .values = values, .profile = prof, .test = test };
	int rc;

	if (!values)
		return smart_error_oom(err);
	rc = smart_measure_documents(a, alen, "rerun old", b, blen, "rerun new", format, &m, err);
	if (rc == 0 && m.bytes_differ && !m.result.only_volatile)
		rc = add_row(r, c->n_features, values, err);
	free(values);
	return rc;
}

/* Rerun pairs from runs: every file of the first run against the same file
 * of each other run. */
static int reruns_from_runs(cli_calibration *c, cli_reruns *r, const smart_profile *prof,
			    smart_error *err)
{
	size_t n;
	char **dirs = run_folders(c->ps->runs_dir, r->app, &n);
	smart_run **runs = n >= 2 ? calloc(n, sizeof(*runs)) : NULL;
	int rc = 0;

	for (size_t k = 0; runs && rc == 0 && k < n; k++)
		if (!(runs[k] = smart_run_open(dirs[k], err)))
			rc = -1;
	for (size_t i = 0; runs && rc == 0 && i < smart_run_count(runs[0]) && r->n < CLI_MAX_RERUNS;
	     i++) {
		const char *rel = smart_run_name(runs[0], i);
		char *a = NULL;
		size_t alen;

		if (smart_run_read(runs[0], rel, &a, &alen, err) != 1) {
			rc = -1;
			break;
		}
		for (size_t k = 1; rc == 0 && k < n && r->n < CLI_MAX_RERUNS; k++) {
			char *b = NULL;
			size_t blen;
			int got = smart_run_read(runs[k], rel, &b, &blen, err);

			if (got < 0)
				rc = -1;
			else if (got)
				rc = measure_rerun(c, r, prof, rel, a, alen, b, blen, c->ps->format, err);
			free(b);
		}
		free(a);
	}
	for (size_t k = 0; runs && k < n; k++)
		smart_run_close(runs[k]);
	free(runs);
	for (size_t i = 0; i < n; i++)
		free(dirs[i]);
	free(dirs);
	return rc;
}

/* Rerun pairs from the corpora's rerun records of the application. */
static int reruns_from_records(cli_calibration *c, cli_reruns *r, const smart_profile *prof,
			       smart_error *err)
{
	for (size_t i = 0; i < c->ps->n_corpora; i++) {
		smart_corpus_reader *rd = smart_corpus_open(c->ps->corpora[i], err);
		smart_pair pair;
		int got, rc = 0;

		if (!rd)
			return -1;
		while (rc == 0 && r->n < CLI_MAX_RERUNS &&
		       (got = smart_corpus_next(rd, &pair, err)) != SMART_CORPUS_END) {
			if (got == SMART_CORPUS_FATAL) {
				rc = -1;
				break;
			}
			if (got == SMART_CORPUS_BAD || !pair.origin || strcmp(pair.origin, "rerun") ||
			    strcmp(pair.app, r->app) || !smart_rerun_for_learning(pair.test))
				continue; /* only the learning half: the other is scored */
			rc = measure_rerun(c, r, prof, pair.test, pair.old_doc, pair.old_len,
					   pair.new_doc, pair.new_len,
					   pair.format != SMART_FORMAT_AUTO ? pair.format : c->ps->format,
					   err);
		}
		smart_corpus_close(rd);
		if (rc)
			return -1;
	}
	return 0;
}

static cli_reruns *reruns_of(cli_calibration *c, const char *app, smart_error *err)
{
	cli_reruns *grown, *r;
	const smart_profile *prof;
	int rc;

	for (size_t i = 0; i < c->n_apps; i++)
		if (strcmp(c->apps[i].app, app) == 0)
			return &c->apps[i];
	grown = realloc(c->apps, (c->n_apps + 1) * sizeof(*grown));
	if (!grown) {
		smart_error_oom(err);
		return NULL;
	}
	c->apps = grown;
	r = &c->apps[c->n_apps];
	memset(r, 0, sizeof(*r));
	if (!(r->app = strdup(app))) {
		smart_error_oom(err);
		return NULL;
	}
	c->n_apps++;
	prof = cli_profiles_for(c->ps, app);
	if (c->ps->failed) {
		*err = c->ps->err;
		return NULL;
	}
	rc = c->ps->runs_dir ? reruns_from_runs(c, r, prof, err)
			     : reruns_from_records(c, r, prof, err);
	return rc ? NULL : r;
}

int cli_calibrate(void *ctx, const char *app, smart_model *model, smart_error *err)
{
	cli_calibration *c = ctx;
	cli_reruns *r = reruns_of(c, app, err);
	int any = 0;
	double worst = 0;

	if (!r)
		return -1;
	for (size_t i = 0; i < r->n; i++) {
		double score;

		if (!smart_model_decide(model, r->rows + i * c->n_features, &score))
			continue;
		if (!any++ || (model->comparison == SMART_CMP_GE ? score > worst : score < worst))
			worst = score;
	}
	if (any) {
		model->cutoff = nextafter(worst, model->comparison == SMART_CMP_GE ? INFINITY
										   : -INFINITY);
		c->moved++;
	}
	return 0;
}

void cli_calibration_free(cli_calibration *c)
{
	for (size_t i = 0; i < c->n_apps; i++) {
		free(c->apps[i].app);
		free(c->apps[i].rows);
	}
	free(c->apps);
	c->apps = NULL;
	c->n_apps = 0;
}
