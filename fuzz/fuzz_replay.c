/*
 * Fuzz target (f): recorded sessions for `smart replay` (docs/replay.md): a
 * HAR file, a combined access log or smart's JSON sessions, recognised from
 * the content as smart_replay_load_data does. Sessions that load must come
 * back unchanged from the JSON session format smart writes. Nothing is
 * replayed: no network.
 */
#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	smart_error err = { { 0 } };
	smart_replay_set *set = smart_replay_set_new(&err), *again = NULL;
	char *json = NULL;

	FUZZ_CHECK(set, "set: %s", err.message);
	if (smart_replay_load_data(set, "sessions", (const char *)data, size, NULL, &err)) {
		fuzz_check_error(&err);
		goto done;
	}
	/* A file whose every request is skipped (not GET, static) loads as no
	 * session (the CLI says "no requests to replay"); nothing to write. */
	if (set->count == 0)
		goto done;
	FUZZ_CHECK(smart_replay_set_to_json(set, &json, &err) == 0,
		   "sessions to JSON failed: %s", err.message);
	again = smart_replay_set_new(&err);
	FUZZ_CHECK(again, "set: %s", err.message);
	FUZZ_CHECK(smart_replay_load_data(again, "again.json", json, strlen(json), NULL, &err) == 0,
		   "written sessions do not load again: %s", err.message);
	FUZZ_CHECK(again->count == set->count, "%zu sessions became %zu",
		   set->count, again->count);
	for (size_t i = 0; i < set->count; i++) {
		const smart_replay_session *s = &set->sessions[i], *t = &again->sessions[i];

		FUZZ_CHECK(s->count == t->count && !strcmp(s->name, t->name),
			   "session %zu changed in a round trip", i);
		for (size_t r = 0; r < s->count; r++)
			FUZZ_CHECK(!strcmp(s->requests[r].method, t->requests[r].method) &&
				   !strcmp(s->requests[r].target, t->requests[r].target) &&
				   s->requests[r].body_len == t->requests[r].body_len &&
				   s->requests[r].header_count == t->requests[r].header_count,
				   "session %zu request %zu changed in a round trip", i, r);
	}
done:
	free(json);
	smart_replay_set_free(again);
	smart_replay_set_free(set);
	return 0;
}
