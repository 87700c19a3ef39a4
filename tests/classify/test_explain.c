/* One pair explained as JSON (include/smart/explain.h): the decision and
 * its reasons, the changes read as the documents hold them, the options'
 * version check, the raw edit script and the model loader the Python
 * binding calls. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#define TABLE_HEAD "<html><body><p>Generated 2024-03-15 10:00:00</p><table>" \
		   "<tr><td>Kettle</td><td>24.00</td></tr><tr><td>Toaster</td><td>31.50</td></tr>"
static const char old_page[] = TABLE_HEAD "<tr><td>Garden hose</td><td>29.90</td></tr>"
			       "</table></body></html>";
static const char lost_row[] = TABLE_HEAD "</table></body></html>";
static const char rerun[] = "<html><body><p>Generated 2024-03-16 11:22:33</p><table>"
			    "<tr><td>Kettle</td><td>24.00</td></tr><tr><td>Toaster</td><td>31.50</td></tr>"
			    "<tr><td>Garden hose</td><td>29.90</td></tr></table></body></html>";

/* smart_explain_pair on two strings with a model that inspects every pair
 * the forced rules leave to it, parsed; fails the test on an error. */
static cJSON *explain(const char *old_html, const char *new_html, unsigned max_changes)
{
	const char *names[128];
	smart_model *m = inspecting_model(names);
	smart_explain_options o = SMART_EXPLAIN_OPTIONS_INIT;
	smart_error err = { { 0 } };
	char *s;
	cJSON *json;

	o.max_changes = max_changes;
	s = smart_explain_pair(m, &(smart_document){ old_html, strlen(old_html), "old" },
			       &(smart_document){ new_html, strlen(new_html), "new" }, &o, &err);
	smart_model_free(m);
	if (!s)
		fail_msg("%s", err.message);
	json = cJSON_Parse(s);
	smart_explain_free(s);
	assert_non_null(json);
	return json;
}

static const char *string_of(const cJSON *o, const char *key)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(it) ? it->valuestring : NULL;
}

static void explain_names_the_deleted_row_and_its_text(void **state)
{
	cJSON *j = explain(old_page, lost_row, 20);
	const cJSON *changes = cJSON_GetObjectItemCaseSensitive(j, "changes");
	const cJSON *first = cJSON_GetArrayItem(changes, 0);

	assert_string_equal(string_of(j, "decision"), "inspect");
	assert_int_equal(cJSON_GetArraySize(changes), 1);
	assert_string_equal(string_of(first, "op"), "delete");
	assert_string_equal(string_of(first, "path"), "/html/body/table/tbody/tr[3]");
	assert_string_equal(string_of(first, "text"), "Garden hose 29.90");
	assert_int_equal(cJSON_GetObjectItemCaseSensitive(j, "changes_total")->valuedouble, 1);
	assert_true(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(j, "reasons")) > 0);
	assert_string_equal(string_of(j, "severity"), "content");
	cJSON_Delete(j);
}

static void explain_of_a_rerun_says_what_was_discounted_and_lists_no_change(void **state)
{
	cJSON *j = explain(old_page, rerun, 20);
	const cJSON *reasons = cJSON_GetObjectItemCaseSensitive(j, "reasons");

	assert_string_equal(string_of(j, "decision"), "ignore");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(j, "changes")), 0);
	assert_non_null(strstr(cJSON_GetArrayItem(reasons, 0)->valuestring,
			       "every difference is a volatile value: 1 date"));
	cJSON_Delete(j);
}

static void explain_reads_changed_values_as_the_documents_hold_them(void **state)
{
	cJSON *j = explain("<html><body><p>Total 2024-03-15: 10 books</p></body></html>",
			   "<html><body><p>Total 2024-03-16: 12 maps</p></body></html>", 20);
	const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "changes"), 0);

	assert_string_equal(string_of(first, "op"), "update");
	/* the parsed text, not the scrubbed one ({date}) */
	assert_string_equal(string_of(first, "old"), "Total 2024-03-15: 10 books");
	assert_string_equal(string_of(first, "new"), "Total 2024-03-16: 12 maps");
	cJSON_Delete(j);
}

static void explain_lists_at_most_max_changes_and_counts_them_all(void **state)
{
	cJSON *j = explain("<html><body><p>a</p><div>b</div><p>c</p><div>d</div></body></html>",
			   "<html><body><p>w</p><div>x</div><p>y</p><div>z</div></body></html>", 2);

	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(j, "changes")), 2);
	assert_int_equal(cJSON_GetObjectItemCaseSensitive(j, "changes_total")->valuedouble, 4);
	cJSON_Delete(j);
}

static void explain_refuses_options_of_another_version(void **state)
{
	const char *names[128];
	smart_model *m = inspecting_model(names);
	smart_explain_options o = SMART_EXPLAIN_OPTIONS_INIT;
	smart_error err = { { 0 } };

	o.version = 99;
	assert_null(smart_explain_pair(m, &(smart_document){ "<p>a</p>", 8, "old" },
				       &(smart_document){ "<p>b</p>", 8, "new" }, &o, &err));
	assert_non_null(strstr(err.message, "SMART_EXPLAIN_OPTIONS_INIT"));
	smart_model_free(m);
}

static void explain_diff_is_the_raw_edit_script(void **state)
{
	smart_error err = { { 0 } };
	char *s = smart_explain_diff(&(smart_document){ old_page, strlen(old_page), "old" },
				     &(smart_document){ lost_row, strlen(lost_row), "new" },
				     SMART_FORMAT_HTML, &err);
	cJSON *j = s ? cJSON_Parse(s) : NULL;
	const cJSON *summary = cJSON_GetObjectItemCaseSensitive(j, "summary");

	assert_non_null(j);
	/* the row, its two cells and their two texts */
	assert_int_equal(cJSON_GetObjectItemCaseSensitive(summary, "deletes")->valuedouble, 5);
	cJSON_Delete(j);
	smart_explain_free(s);
}

static void explain_diff_of_broken_xml_is_an_error_naming_the_document(void **state)
{
	smart_error err = { { 0 } };

	assert_null(smart_explain_diff(&(smart_document){ "<a>", 3, "old.xml" },
				       &(smart_document){ "<a/>", 4, "new.xml" },
				       SMART_FORMAT_XML, &err));
	assert_non_null(strstr(err.message, "old.xml"));
}

static void explain_model_load_reads_a_saved_model_and_names_a_bad_file(void **state)
{
	const char *names[128];
	smart_model *m = inspecting_model(names), *back;
	smart_error err = { { 0 } };
	char *json = smart_model_to_json(m, &err);
	const char *path;

	assert_non_null(json);
	path = write_temp_file("model.json", json, strlen(json));
	back = smart_explain_model_load(path, &err);
	if (!back)
		fail_msg("%s", err.message);
	assert_int_equal(back->n_features, smart_feature_count());
	smart_model_free(back);
	path = write_temp_file("bad.json", "{\"kind\":", 8);
	assert_null(smart_explain_model_load(path, &err));
	assert_non_null(strstr(err.message, "bad.json"));
	free(json);
	smart_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(explain_names_the_deleted_row_and_its_text),
		cmocka_unit_test(explain_of_a_rerun_says_what_was_discounted_and_lists_no_change),
		cmocka_unit_test(explain_reads_changed_values_as_the_documents_hold_them),
		cmocka_unit_test(explain_lists_at_most_max_changes_and_counts_them_all),
		cmocka_unit_test(explain_refuses_options_of_another_version),
		cmocka_unit_test(explain_diff_is_the_raw_edit_script),
		cmocka_unit_test(explain_diff_of_broken_xml_is_an_error_naming_the_document),
		cmocka_unit_test(explain_model_load_reads_a_saved_model_and_names_a_bad_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
