/* What an adapted model carries (classify/carried.c): its profile and its
 * accepted change classes, built for every caller that decides with the
 * model (classify, review, the bindings), and errors that name the model. */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

static const char class_json[] =
	"{\"format\":\"smart-accepted\",\"version\":2,\"changes\":[{\"class\":\"65e9960a961a5599\"}]}";
static const char other_json[] =
	"{\"format\":\"smart-accepted\",\"version\":2,\"changes\":[{\"class\":\"0123456789abcdef\"}]}";

static void a_model_carrying_nothing_gives_no_profile_and_adds_no_class(void **state)
{
	const char *names[128];
	smart_model *m = registry_model(names);
	smart_error err = { "x" };
	smart_accepted *a = NULL;

	(void)state;
	assert_null(smart_model_carried_profile(m, "m.json", &err));
	assert_string_equal(err.message, "");
	assert_int_equal(smart_model_add_carried_accepted(m, "m.json", &a, &err), 0);
	assert_null(a);
	smart_model_free(m);
}

static void a_carried_profile_that_is_not_one_is_refused_naming_the_model(void **state)
{
	const char *names[128];
	smart_model *m = registry_model(names);
	smart_error err = { "" };

	(void)state;
	m->profile = strdup("{\"format\":\"smart-profile\",\"version\":99}");
	assert_null(smart_model_carried_profile(m, "m.json", &err));
	assert_non_null(strstr(err.message, "m.json (its 'profile')"));
	smart_model_free(m);
}

static void carried_classes_become_the_accepted_set_or_join_the_reviewers(void **state)
{
	const char *names[128];
	smart_model *m = registry_model(names);
	smart_error err = { "" };
	smart_accepted *own = NULL;
	smart_accepted *reviewers = smart_accepted_from_json(other_json, strlen(other_json),
							     "accepted.json", &err);

	(void)state;
	assert_non_null(reviewers);
	m->accepted = strdup(class_json);
	assert_int_equal(smart_model_add_carried_accepted(m, "m.json", &own, &err), 0);
	assert_non_null(own);
	assert_int_equal(own->n, 1);
	assert_int_equal(smart_model_add_carried_accepted(m, "m.json", &reviewers, &err), 0);
	assert_int_equal(reviewers->n, 2);
	smart_accepted_free(own);
	smart_accepted_free(reviewers);
	smart_model_free(m);
}

static void carried_classes_that_are_not_accepted_changes_are_refused_naming_the_model(
	void **state)
{
	const char *names[128];
	smart_model *m = registry_model(names);
	smart_error err = { "" };
	smart_accepted *a = NULL;

	(void)state;
	m->accepted = strdup("{\"format\":\"smart-profile\"}");
	assert_int_equal(smart_model_add_carried_accepted(m, NULL, &a, &err), -1);
	assert_null(a);
	assert_non_null(strstr(err.message, "the default model (its 'accepted')"));
	smart_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_model_carrying_nothing_gives_no_profile_and_adds_no_class),
		cmocka_unit_test(a_carried_profile_that_is_not_one_is_refused_naming_the_model),
		cmocka_unit_test(carried_classes_become_the_accepted_set_or_join_the_reviewers),
		cmocka_unit_test(carried_classes_that_are_not_accepted_changes_are_refused_naming_the_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
