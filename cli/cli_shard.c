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
