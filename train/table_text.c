/*
 * One row of a measured table as a line of text and back, exactly (doubles
 * in C99 hexadecimal notation): what an `eval --shard` writes for each pair
 * it measured, and what `eval --from-shards` reads back (docs/shards.md).
 * The line: LABEL BYTES_DIFFER TREES_DIFFER ONLY_VOLATILE APP_LENGTH:APP,
 * then the feature values, then one 0/1 verdict per comparator.
 */
#include "smart/train.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

char *smart_table_row_text(const smart_table *t, size_t i, size_t *len, smart_error *err)
{
	smart_strbuf b = { 0 };
	const char *app = t->apps[t->app[i]];
	int bad = smart__strbuf_printf(&b, "%d %d %d %d %zu:%s", t->labels[i] != 0,
				      t->bytes_differ[i] != 0, t->trees_differ[i] != 0,
				      t->only_volatile[i] != 0, strlen(app), app);

	for (size_t j = 0; !bad && j < t->n_features; j++)
		bad = smart__strbuf_printf(&b, " %a", t->rows[i * t->n_features + j]);
	for (size_t k = 0; !bad && k < t->n_comparators; k++)
		bad = smart__strbuf_printf(&b, " %d", t->comparator_fail[i * t->n_comparators + k]);
	if (bad || smart__strbuf_append(&b, "\n", 1)) {
		smart__strbuf_free(&b);
		smart_error_oom(err);
		return NULL;
	}
	*len = b.len;
	return b.data;
}

/* Reads an unsigned decimal at *s, then skips one space. */
static int take_count(const char **s, size_t *out)
{
	char *end;

	if (**s < '0' || **s > '9')
		return -1;
	*out = strtoul(*s, &end, 10);
	*s = *end == ' ' ? end + 1 : end;
	return 0;
}

int smart_table_add_text(smart_table *t, const char *line, smart_error *err)
{
	size_t flags[4], app_len, p = t->n_features;
	const char *s = line;
	char *end, *app = NULL;
	double *values = malloc((p ? p : 1) * sizeof(double));
	unsigned char *fails = malloc(t->n_comparators + 1);
	int rc = -1;

	if (!values || !fails)
		goto oom;
	for (int k = 0; k < 4; k++)
		if (take_count(&s, &flags[k]) || flags[k] > 1)
			goto bad;
	if (take_count(&s, &app_len) || *s++ != ':' || strlen(s) < app_len)
		goto bad;
	if (!(app = malloc(app_len + 1)))
		goto oom;
	memcpy(app, s, app_len);
	app[app_len] = '\0';
	s += app_len;
	for (size_t j = 0; j < p; j++) {
		values[j] = strtod(s, &end);
		if (end == s)
			goto bad;
		s = end;
	}
	for (size_t k = 0; k < t->n_comparators; k++) {
		if (s[0] != ' ' || (s[1] != '0' && s[1] != '1'))
			goto bad;
		fails[k] = s[1] == '1';
		s += 2;
	}
	if (*s && *s != '\n')
		goto bad;
	{
		smart_table_row row = { .values = values, .label = (int)flags[0], .app = app,
					.bytes_differ = (int)flags[1], .trees_differ = (int)flags[2],
					.only_volatile = (int)flags[3] };

		rc = smart_table_add(t, &row, err);
		if (rc == 0 && t->n_comparators)
			smart_table_set_verdicts(t, fails);
	}
	goto done;
bad:
	rc = smart_error_set(err, "a measured row that cannot be read: '%.60s'", line);
	goto done;
oom:
	rc = smart_error_oom(err);
done:
	free(values);
	free(fails);
	free(app);
	return rc;
}
