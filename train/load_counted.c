/* Loading corpora with their unusable records counted (train/load_counted.h). */
#include "load_counted.h"

/* Counts an unusable record, keeps the first, and passes it on. */
static void counted_on_bad(void *ctx, const smart_error *err)
{
	const smart__counted_load *c = ctx;

	if ((*c->bad)++ == 0)
		*c->first_bad = *err;
	if (c->on_bad)
		c->on_bad(c->payload, err);
}

int smart__table_load_counted(smart_table *t, const char *const *paths, size_t n_paths,
			      const smart__counted_load *c, smart_error *err)
{
	smart_load_options lo = SMART_LOAD_OPTIONS_INIT;
	size_t count = 0;

	lo.format = c->format;
	lo.threads = c->threads;
	lo.on_bad = counted_on_bad;
	lo.payload = (void *)c;
	lo.shard = c->shard;
	lo.on_row = c->on_row;
	lo.row_payload = c->row_payload;
	lo.progress = c->progress;
	lo.progress_ctx = c->progress_ctx;

	*c->bad = 0;
	if (smart_table_load(t, paths, n_paths, &lo, &count, err)) {
		*c->bad = 0;
		return -1;
	}
	if (*c->bad && !c->skip_bad) {
		*err = *c->first_bad;
		return -1;
	}
	return 0;
}
