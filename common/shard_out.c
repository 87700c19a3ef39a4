/*
 * Writing a shard output: the items one shard of a run produced, each
 * with its unit's position in the input, framed by what the merge needs to
 * check the set of shards and to rebuild the unsharded output.
 */
#include "smart/shard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

struct smart_shard_out {
	char *kind, *params;
	char *head, *tail;
	smart_strbuf items;    /* "item UNIT LEN\n" DATA "\n", in order */
	size_t n_items;
	smart_strbuf counters; /* "count NAME VALUE\n", summed by the merge */
	int status;            /* -1: none recorded */
};

smart_shard_out *smart_shard_out_new(const char *kind, const char *params, smart_error *err)
{
	smart_shard_out *o = calloc(1, sizeof(*o));

	if (o)
		o->status = -1;
	if (!o || !(o->kind = strdup(kind)) || !(o->params = strdup(params)) ||
	    !(o->head = strdup("")) || !(o->tail = strdup(""))) {
		smart_shard_out_free(o);
		smart_error_oom(err);
		return NULL;
	}
	for (char *c = o->params; *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' '; /* the header's params is one line */
	return o;
}

void smart_shard_out_free(smart_shard_out *o)
{
	if (!o)
		return;
	free(o->kind);
	free(o->params);
	free(o->head);
	free(o->tail);
	smart__strbuf_free(&o->items);
	smart__strbuf_free(&o->counters);
	free(o);
}

int smart_shard_out_frame(smart_shard_out *o, const char *head, const char *tail,
			  smart_error *err)
{
	char *h = strdup(head), *t = strdup(tail);

	if (!h || !t) {
		free(h);
		free(t);
		return smart_error_oom(err);
	}
	free(o->head);
	free(o->tail);
	o->head = h;
	o->tail = t;
	return 0;
}

int smart_shard_out_item(smart_shard_out *o, size_t unit, const char *data, size_t len,
			 smart_error *err)
{
	if (smart__strbuf_printf(&o->items, "item %zu %zu\n", unit, len) ||
	    smart__strbuf_append(&o->items, data, len) || smart__strbuf_append(&o->items, "\n", 1))
		return smart_error_oom(err);
	o->n_items++;
	return 0;
}

int smart_shard_out_count(smart_shard_out *o, const char *name, unsigned long long value,
			  smart_error *err)
{
	if (smart__strbuf_printf(&o->counters, "count %s %llu\n", name, value))
		return smart_error_oom(err);
	return 0;
}

void smart_shard_out_status(smart_shard_out *o, int status)
{
	o->status = status;
}

int smart_shard_out_text(const smart_shard_out *o, const smart_shard_walk *w, char **text,
			 size_t *len, smart_error *err)
{
	smart_strbuf b = { 0 };
	uint64_t run_parts[3] = { smart_shard_hash(o->params, strlen(o->params)), w->names,
				  w->total };
	unsigned k = w->shard.n ? w->shard.k : 1, n = w->shard.n ? w->shard.n : 1;
	uint64_t run;

	/* The run's fingerprint: its parameters and every unit's name, in order. */
	run_parts[0] ^= smart_shard_hash(o->kind, strlen(o->kind));
	run = smart_shard_hash(run_parts, sizeof(run_parts));
	if (smart__strbuf_printf(&b, "smart-shard 1\nkind %s\nparams %s\nrun %016llx\n"
				"shard %u/%u\ntotal %zu\ntaken %zu\nhead %zu\n",
				o->kind, o->params, (unsigned long long)run, k, n, w->total,
				w->taken, strlen(o->head)) ||
	    smart__strbuf_printf(&b, "%s\ntail %zu\n%s\n", o->head, strlen(o->tail), o->tail) ||
	    (o->items.len && smart__strbuf_append(&b, o->items.data, o->items.len)) ||
	    (o->counters.len && smart__strbuf_append(&b, o->counters.data, o->counters.len)) ||
	    (o->status >= 0 && smart__strbuf_printf(&b, "status %d\n", o->status)) ||
	    smart__strbuf_printf(&b, "end %zu\n", o->n_items)) {
		smart__strbuf_free(&b);
		return smart_error_oom(err);
	}
	*text = b.data;
	*len = b.len;
	return 0;
}
