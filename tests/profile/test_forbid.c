/* What a profile must never explain (profile/forbid.c): the places a
 * labelled fault changed. Adaptation widens a profile learnt from one
 * clean rerun to every page; a fault among the same adaptation pairs at
 * that place takes the place back (docs/adaptation.md, "Never worse than
 * none"). */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

#include "smart/measure.h"
#include "smart/profile.h"
#include "profile/internal.h"

#define LOGIN(tok, msg) \
	"<html><body><form id=login><input name=q value=\"" tok "\"></form><p class=msg>" msg \
	"</p><div><input type=checkbox id=\"showAll_" tok "\"></div></body></html>"

/* The widened profile of one clean rerun of login-1 whose token, message
 * count and checkbox id varied in their shapes. */
static smart_profile *widened(void)
{
	smart_profile *p = profile_learnt("login-1.html", LOGIN("71", "3 new"), LOGIN("88", "5 new"));
	smart_error err = { "" };

	if (smart_profile_widen(p, &err))
		fail_msg("%s", err.message);
	return p;
}

/* A fault on another page that changed the message place: the widened
 * profile explained it before the guard, and does not after; the token
 * beside it, which no fault changed, is still explained everywhere. */
static void widening_never_explains_a_place_an_inspect_pair_changed(void **state)
{
	smart_profile *p = widened();
	smart_profile *faults = profile_learnt("login-4.html", LOGIN("71", "3 new"),
					       LOGIN("71", "4 new"));
	smart_error err = { "" };
	size_t dropped = 0;

	(void)state;
	/* before: the fault's change is within the message's shapes */
	assert_true(profile_explains(p, "login-9.html", LOGIN("71", "2 new"), LOGIN("71", "7 new")));
	assert_int_equal(smart_profile_forbid(p, faults, &dropped, &err), 0);
	assert_true(dropped >= 1);
	assert_false(profile_explains(p, "login-9.html", LOGIN("71", "2 new"), LOGIN("71", "7 new")));
	assert_false(profile_explains(p, "login-1.html", LOGIN("71", "2 new"), LOGIN("71", "7 new")));
	/* the token's place no fault changed: still explained on any page */
	assert_true(profile_explains(p, "login-9.html", LOGIN("12", "2 new"), LOGIN("34", "2 new")));
	smart_profile_free(faults);
	smart_profile_free(p);
}

/* An anywhere location ("//input/@id") goes when a fault changed that
 * element's attribute at any path. */
static void anywhere_location_goes_when_a_fault_changed_that_attribute(void **state)
{
	smart_profile *p = widened();
	smart_profile *faults = profile_learnt(
		"tbl-2.html", "<html><body><main><input id=\"showAll_1\"></main></body></html>",
		"<html><body><main><input id=\"showAll_2\"></main></body></html>");
	smart_error err = { "" };

	(void)state;
	assert_non_null(smart__profile_entry_find(p, NULL, "//input/@id"));
	assert_int_equal(smart_profile_forbid(p, faults, NULL, &err), 0);
	assert_null(smart__profile_entry_find(p, NULL, "//input/@id"));
	smart_profile_free(faults);
	smart_profile_free(p);
}

/* Faults that changed nothing the profile holds, or no faults at all,
 * leave it as it was. */
static void faults_elsewhere_leave_the_profile_whole(void **state)
{
	smart_profile *p = widened();
	smart_profile *none = smart_profile_new(NULL);
	smart_profile *other = profile_learnt("x.html", "<html><body><h1>Total</h1></body></html>",
					      "<html><body><h1>Totl</h1></body></html>");
	size_t before = smart_profile_entry_count(p), dropped = 1;
	smart_error err = { "" };

	(void)state;
	assert_non_null(none);
	assert_int_equal(smart_profile_forbid(p, none, &dropped, &err), 0);
	assert_int_equal(dropped, 0);
	assert_int_equal(smart_profile_forbid(p, other, &dropped, &err), 0);
	assert_int_equal(dropped, 0);
	assert_int_equal(smart_profile_entry_count(p), before);
	smart_profile_free(other);
	smart_profile_free(none);
	smart_profile_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(widening_never_explains_a_place_an_inspect_pair_changed),
		cmocka_unit_test(anywhere_location_goes_when_a_fault_changed_that_attribute),
		cmocka_unit_test(faults_elsewhere_leave_the_profile_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
