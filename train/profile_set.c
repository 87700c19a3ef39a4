/*
 * Volatility profiles per application (include/smart/profile_set.h): the
 * given ones, and the ones learned on demand from an application's clean
 * runs or rerun records, for `smart train --profile` and `smart eval
 * --by-app --runs/--profile-reruns/--profile`.
 */
#include "smart/profile_set.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/array.h"
#include "profile_set.h"

/* Appends (app, p) to the set; app NULL stands for every application.
 * One at a time on purpose: the public smart_profile_set has no capacity
 * field, and it holds one entry per --profile option. */
static int profile_set_push(smart_profile_set *ps, const char *app, smart_profile *p)
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

int smart_profile_set_add(smart_profile_set *ps, const char *spec, smart_error *err)
{
	const char *eq = strchr(spec, '='), *slash = strchr(spec, '/');
	char app[256] = "";
	smart_profile *p;

	if (eq && (!slash || slash > eq) && eq > spec && (size_t)(eq - spec) < sizeof(app)) {
		memcpy(app, spec, (size_t)(eq - spec));
		app[eq - spec] = '\0';
		spec = eq + 1;
	}
	p = smart_profile_load(spec, err);
	if (!p)
		return -1;
	if (profile_set_push(ps, app[0] ? app : NULL, p)) {
		smart_profile_free(p);
		return smart_error_oom(err);
	}
	return 0;
}

/* 1 when `path` is a folder (or a link to one). */
static int profile_set_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The runs of an application, for learning its profile here and for its
 * rerun pairs in train/rerun_calibration.c. */
char **smart__profile_set_runs(const char *root, const char *app, size_t *n)
{
	char base[4096], **v = NULL;
	size_t cap = 0;
	DIR *d;
	struct dirent *e;

	*n = 0;
	snprintf(base, sizeof(base), "%s/%s/runs", root, app);
	if (!profile_set_is_dir(base))
		snprintf(base, sizeof(base), "%s/%s", root, app);
	d = opendir(base);
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		char path[4096 + 256];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", base, e->d_name);
		if ((!profile_set_is_dir(path) && !smart_run_is_archive_name(e->d_name)) ||
		    smart__array_reserve((void **)&v, &cap, *n, sizeof(*v), 16))
			continue;
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

/* Learns the profile of `app` (called once per application); NULL with
 * ps->failed clear when the application has nothing to learn from. */
static smart_profile *profile_set_learn(smart_profile_set *ps, const char *app)
{
	smart_profile *p = smart_profile_new(&ps->err);
	int rc = 0;

	if (!p)
		return NULL;
	if (ps->runs_dir) {
		size_t n;
		char **dirs = smart__profile_set_runs(ps->runs_dir, app, &n);

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
		smart_learn_pairs_options lo = SMART_LEARN_PAIRS_OPTIONS_INIT;
		size_t used = 0;

		lo.app = app;
		lo.keep = learning_half;
		lo.format = ps->format;

		rc = smart_profile_learn_pairs(p, ps->corpora, ps->n_corpora, &lo, &used, &ps->err);
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

const smart_profile *smart_profile_set_for(void *ctx, const char *app)
{
	smart_profile_set *ps = ctx;
	smart_profile *p;

	if (ps->off)
		return NULL;
	for (size_t i = 0; i < ps->n; i++)
		if (!ps->apps[i] || strcmp(ps->apps[i], app) == 0)
			return ps->profiles[i];
	if ((!ps->runs_dir && !ps->from_reruns) || ps->failed)
		return NULL;
	p = profile_set_learn(ps, app);
	if (ps->failed || profile_set_push(ps, app, p)) {
		smart_profile_free(p);
		return NULL;
	}
	return p;
}

/* The table's skip_record: the learning half of the rerun records. */
static int skip_reruns(void *ctx, const char *app, const char *test, const char *origin)
{
	(void)app;
	return ((smart_profile_set *)ctx)->from_reruns && origin &&
	       strcmp(origin, "rerun") == 0 && smart_rerun_for_learning(test);
}

void smart_profile_set_attach(smart_profile_set *ps, smart_table *t)
{
	t->profile_for = smart_profile_set_for;
	t->skip_record = skip_reruns;
	t->profile_ctx = ps;
}

void smart_profile_set_free(smart_profile_set *ps)
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
