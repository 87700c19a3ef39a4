/*
 * What an adapted model carries besides its weights (docs/adaptation.md):
 * the profile `smart train --adapt` learnt from the application's
 * ignore-labelled pairs and the change classes those pairs accepted. Every
 * caller that decides with such a model — `smart classify`, `smart
 * review`, the bindings through smart_explain_pair's callers — builds
 * them here, so that the same model decides the same pair the same way
 * whichever door it came in by.
 */
#include "smart/classify.h"

#include <stdio.h>
#include <string.h>

#include "smart/accepted.h"
#include "smart/profile.h"

/* Names the model in errors about what it carries: "m.json (its 'profile')". */
static void carried_source(char *buf, size_t size, const char *what, const char *member)
{
	snprintf(buf, size, "%s (its '%s')", what ? what : "the default model", member);
}

smart_profile *smart_model_carried_profile(const smart_model *m, const char *what,
					   smart_error *err)
{
	char source[300];

	err->message[0] = '\0';
	if (!m->profile)
		return NULL;
	carried_source(source, sizeof(source), what, "profile");
	return smart_profile_from_json(m->profile, strlen(m->profile), source, err);
}

int smart_model_add_carried_accepted(const smart_model *m, const char *what,
				     smart_accepted **accepted, smart_error *err)
{
	char source[300];
	smart_accepted *own;
	int rc = 0;

	if (!m->accepted)
		return 0;
	carried_source(source, sizeof(source), what, "accepted");
	own = smart_accepted_from_json(m->accepted, strlen(m->accepted), source, err);
	if (!own)
		return -1;
	if (!*accepted) {
		*accepted = own;
		return 0;
	}
	rc = smart_accepted_merge(*accepted, own, err);
	smart_accepted_free(own);
	return rc;
}
