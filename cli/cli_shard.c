/* --shard K/N: what the commands that take it share (cli_shard.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_shard.h"

int cli_shard_parse(const char *command, const char *arg, smart_shard_walk *w)
{
	smart_error err = { "" };

	memset(w, 0, sizeof(*w));
	if (smart_shard_parse(arg, &w->shard, &err))
		return cli_usage_error(command, "%s", err.message);
	return CLI_SAME;
}

int cli_file_fingerprint(const char *path, uint64_t *hash, smart_error *err)
{
	char *data;
	size_t len;

	*hash = 0;
	if (!path)
		return 0;
	if (smart_file_read(path, (size_t)1 << 32, &data, &len, err))
		return -1;
	*hash = smart_shard_hash(data, len);
	free(data);
	return 0;
}

uint64_t cli_model_fingerprint(const smart_model *m)
{
	uint64_t h = smart_shard_hash(&m->cutoff, sizeof(m->cutoff));
	uint64_t parts[4] = { h, (uint64_t)m->comparison, (uint64_t)m->kind, 0 };

	if (m->kind == SMART_MODEL_LINEAR && m->weights) {
		parts[3] = smart_shard_hash(m->weights, m->n_features * sizeof(*m->weights)) ^
			   smart_shard_hash(&m->intercept, sizeof(m->intercept));
	}
	return smart_shard_hash(parts, sizeof(parts));
}

smart_shard_out *cli_shard_out_take(const char *kind, char *params)
{
	smart_error err = { "" };
	smart_shard_out *out;

	if (!params) {
		cli_failf("out of memory");
		return NULL;
	}
	out = smart_shard_out_new(kind, params, &err);
	free(params);
	if (!out)
		cli_fail(&err);
	return out;
}

void cli_shard_join(char *buf, size_t size, const char *const *items, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? "," : "", items[i]);
}

int cli_shard_write(smart_shard_out *o, const smart_shard_walk *w, const char *path)
{
	smart_error err = { "" };
	char *text = NULL;
	size_t len;
	int rc = CLI_SAME;

	if (smart_shard_out_text(o, w, &text, &len, &err))
		rc = cli_fail(&err);
	else if (path && smart_file_write_atomic(path, text, len, &err))
		rc = cli_fail(&err);
	else if (!path && fwrite(text, 1, len, stdout) != len)
		rc = cli_failf("standard output: write error");
	free(text);
	smart_shard_out_free(o);
	return rc;
}

int cli_pairs_finish(int rc, int stopped, const smart_error *err, smart_shard_out *o,
		     const smart_shard_walk *w, const char *path, char *jsonl, size_t len)
{
	smart_error werr = { "" };

	if (stopped || rc < 0) {
		free(jsonl);
		smart_shard_out_free(o);
		return stopped ? stopped : cli_fail(err);
	}
	if (o) {
		free(jsonl);
		return cli_shard_write(o, w, path);
	}
	rc = smart_pairs_write(path, jsonl, len, &werr);
	free(jsonl);
	return rc < 0 ? cli_fail(&werr) : CLI_SAME;
}
