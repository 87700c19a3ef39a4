/* The helpers of cli/cli_profile.h. */
#include "cli_profile.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The run folders of `app` under the --runs folder (sorted), or none. */
static char **run_folders(const char *root, const char *app, size_t *n)
{
	char base[4096], **v = NULL;
	DIR *d;
	struct dirent *e;

	*n = 0;
	snprintf(base, sizeof(base), "%s/%s/runs", root, app);
	if (!is_dir(base))
		snprintf(base, sizeof(base), "%s/%s", root, app);
	d = opendir(base);
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		char path[4096 + 256], **grown;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", base, e->d_name);
		if (!is_dir(path) || !(grown = realloc(v, (*n + 1) * sizeof(*v))))
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
					       app, ps->format, &used, &ps->err);
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

static int skip_reruns(void *ctx, const char *app, const char *origin)
{
	(void)app;
	return ((cli_profiles *)ctx)->from_reruns && origin && strcmp(origin, "rerun") == 0;
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
