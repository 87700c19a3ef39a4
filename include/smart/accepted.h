/*
 * Accepted changes: the residual changes (change signatures,
 * smart/signature.h) a reviewer accepted with `smart review --by-change`,
 * remembered in the application's folder (.smart/accepted.json,
 * docs/review.md) so that a later classification ignores a pair whose
 * every residual change was accepted, while a pair holding one more change
 * is still flagged. A change is accepted for every test, or for the tests
 * it names (a change accepted in one pair of a split group).
 */
#ifndef SMART_ACCEPTED_H
#define SMART_ACCEPTED_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"

struct smart_signature;
struct smart_signature_set;

/* One accepted change: the signature's id, its class when the file says
 * it (version 2: every change of that class is accepted, a new value of
 * the same shape at another place of the kind the class covers too), and
 * the tests it is accepted in (none: every test). An entry may hold a
 * class alone, as an adapted model's ignore pairs accept them
 * (docs/adaptation.md): it has no id. */
typedef struct smart_accepted_change {
	uint64_t id;
	uint64_t class_id;
	int has_id;
	int has_class;
	char **tests;
	size_t n_tests;
} smart_accepted_change;

/* The accepted changes of an application, as loaded. */
typedef struct smart_accepted {
	smart_accepted_change *changes;
	size_t n;
} smart_accepted;

#define SMART_ACCEPTED_VERSION 2 /* the version written; 1 is still read */

/* Parses and validates an accepted-changes file ("format":
 * "smart-accepted", "version": 1 or 2, "changes": [{"id": 16 hex digits,
 * "class": 16 hex digits (version 2, optional), "tests": [...]?, ...}]; an
 * entry with a "class" and no "id" accepts that class in either version;
 * other keys of a change, "covers" among them, are for people); `source`
 * names it in errors. NULL with `err` set. Free with smart_accepted_free. */
smart_accepted *smart_accepted_from_json(const char *json, size_t len, const char *source,
					 smart_error *err);

/* Reads and parses the file at `path`. */
smart_accepted *smart_accepted_load(const char *path, smart_error *err);

void smart_accepted_free(smart_accepted *a);

/* 1 when change `id` is accepted for `test` (NULL: only a change accepted
 * for every test counts). A test matches an entry's test when it is the
 * same path or ends with "/" and that path. */
int smart_accepted_has(const smart_accepted *a, uint64_t id, const char *test);

/* 1 when a change of class `class_id` is accepted for `test` by an entry
 * naming that class (as smart_accepted_has for ids). */
int smart_accepted_has_class(const smart_accepted *a, uint64_t class_id, const char *test);

/* Appends copies of b's changes to a (a change of both kept twice does no
 * harm): an application's accepted file and the classes an adapted model
 * carries. 0, or -1 with `err` set (a unchanged). */
int smart_accepted_merge(smart_accepted *a, const smart_accepted *b, smart_error *err);

/* 1 when change `s` (its id and class) is accepted for `test`: its id is,
 * or an entry of version 2 accepted its class. */
int smart_accepted_has_signature(const smart_accepted *a, const struct smart_signature *s,
				 const char *test);

/* 1 when every residual change of the pair is accepted for `test`
 * (smart_accepted_has_signature): the set
 * holds at least one signature and was not truncated (a pair with more
 * changes than a set keeps may hold one that was never accepted). */
int smart_accepted_covers(const smart_accepted *a, const struct smart_signature_set *s,
			  const char *test);

#endif
