/*
 * smart eval across machines (docs/shards.md): `eval --shard K/N -o FILE`
 * measures shard K's pairs and writes their rows; `eval --from-shards
 * FILE...` merges the N shards' rows into the table the unsharded run
 * would have measured, in input order, and evaluates it, so its report is
 * the unsharded one byte for byte. The measuring is the expensive part;
 * the folds are cheap and run in one place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_eval.h"
#include "cli_model.h"
#include "cli_progress.h"
#include "cli_shard.h"

void cli_eval_shard_params(const smart_eval_options *eo, char *buf, size_t size)
{
	size_t used = (size_t)snprintf(buf, size, "eval raw=%d format=%d features=%zu "
				       "comparator_features=%d comparators=", eo->raw,
				       (int)eo->format, eo->n_names, eo->comparator_features);

	char off[SMART_SCRUBBERS_OFF_MAX];

	for (size_t k = 0; k < eo->comparators.n && used < size; k++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", k ? "," : "",
					 eo->comparators.comparators[k]->name);
	/* named only when some are off: older shard files stay valid */
	if (used < size && smart_scrubbers_format(eo->scrubbers_off, off, sizeof(off)))
		snprintf(buf + used, size - used, " scrubbers_off=%s", off);
}

int cli_eval_shard(const smart_eval_options *eo, char *const *corpora, size_t n_corpora,
		   smart_shard_walk *w, const char *out)
{
	smart_table t;
	smart_row_positions units = { 0 };
	cli_bad_records bad = { .skip = eo->skip_bad, .progress = eo->progress_ctx };
	smart_load_options lo = SMART_LOAD_OPTIONS_INIT;
	smart_error err = { "" };
	smart_shard_out *o = NULL;
	char params[1024];
	int rc = CLI_TROUBLE;

	lo.format = eo->format;
	lo.threads = eo->threads;
	lo.on_bad = cli_on_bad_record;
	lo.payload = &bad;
	lo.shard = w;
	lo.on_row = smart_row_positions_add;
	lo.row_payload = &units;
	lo.progress = eo->progress;
	lo.progress_ctx = eo->progress_ctx;

	smart_table_init(&t, eo->names, eo->n_names);
	t.comparators = eo->comparators.comparators;
	t.n_comparators = eo->comparators.n;
	t.compare_config = eo->comparators.config;
	t.comparator_features = eo->comparator_features;
	t.raw = eo->raw;
	t.scrubbers_off = eo->scrubbers_off;
	cli_eval_shard_params(eo, params, sizeof(params));
	if (smart_table_load(&t, (const char *const *)corpora, n_corpora, &lo, NULL, &err)) {
		cli_fail(&err);
		goto done;
	}
	if (bad.count && !bad.skip) {
		cli_fail_bad_records(&bad.first, bad.count);
		goto done;
	}
	if (units.failed || !(o = smart_shard_out_new("eval-rows", params, &err))) {
		cli_failf("out of memory");
		goto done;
	}
	for (size_t i = 0; i < t.n_rows; i++) {
		size_t len;
		char *line = smart_table_row_text(&t, i, &len, &err);

		if (!line || smart_shard_out_item(o, units.at[i], line, len, &err)) {
			free(line);
			cli_fail(&err);
			goto done;
		}
		free(line);
	}
	rc = cli_shard_write(o, w, out);
	o = NULL;
	if (rc == CLI_SAME)
		fprintf(stderr, "smart eval: %zu pair%s of shard %u/%u measured into %s\n", t.n_rows,
			t.n_rows == 1 ? "" : "s", w->shard.k, w->shard.n, out);
done:
	smart_shard_out_free(o);
	smart_table_free(&t);
	free(units.at);
	return rc;
}

/* Checks that the shard output `path` was measured as this evaluation
 * measures (its params line). */
static int same_measurement(const char *path, const char *params, smart_error *err)
{
	char line[1200];
	FILE *f = fopen(path, "r");
	int ok = 0;

	if (!f)
		return 0; /* the merge names the problem */
	if (fgets(line, sizeof(line), f) && fgets(line, sizeof(line), f) &&
	    fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		ok = strncmp(line, "params ", 7) != 0 || strcmp(line + 7, params) == 0;
		if (!ok)
			smart_error_set(err, "%s: rows measured another way ('%s'; this evaluation "
					"measures '%s')", path, line + 7, params);
	}
	fclose(f);
	return ok ? 0 : (err->message[0] ? -1 : 0);
}

int cli_eval_fill_from_shards(void *ctx, smart_table *t, smart_error *err)
{
	const cli_eval_shards *s = ctx;
	char *text, *line, *next;
	size_t len;
	int rc = 0;

	if (same_measurement(s->paths[0], s->params, err))
		return -1;
	if (smart_shard_merge((const char *const *)s->paths, s->n, &text, &len, err))
		return -1;
	for (line = text; rc == 0 && line < text + len; line = next + 1) {
		next = memchr(line, '\n', (size_t)(text + len - line));
		if (!next)
			break;
		*next = '\0';
		rc = smart_table_add_text(t, line, err);
	}
	free(text);
	return rc;
}
