/* A self-contained HTML report of a batch: one row per pair, inspect
 * first-class (red), with the features that moved each score most. */
#include "smart/classify.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "smart/file.h"

struct smart_html_report {
	char *title;
	smart_strbuf rows;
	size_t pairs, inspect, trouble;
};

smart_html_report *smart_html_report_new(const char *title, smart_error *err)
{
	smart_html_report *r = calloc(1, sizeof(*r));

	if (!r || !(r->title = strdup(title))) {
		free(r);
		smart_error_oom(err);
		return NULL;
	}
	return r;
}

void smart_html_report_free(smart_html_report *r)
{
	if (!r)
		return;
	free(r->title);
	smart_strbuf_free(&r->rows);
	free(r);
}

/* Appends verdict v's row to b. 0, or -1 when out of memory. */
static int html_row(smart_strbuf *b, const smart_model *model, const smart_verdict *v)
{
	size_t idx[3], k = smart_top_features(model, v->values, idx, 3);
	const char *cls = v->trouble ? "trouble" : v->inspect ? "inspect" : "ignore";
	int bad = smart_strbuf_printf(b, "<tr class=\"%s\"><td>%s</td><td>", cls, cls);

	if (!bad && isfinite(v->score))
		bad = smart_strbuf_printf(b, "%.4f", v->score);
	bad = bad || smart_strbuf_printf(b, "</td><td>") || smart_strbuf_escaped(b, v->app) ||
	      smart_strbuf_printf(b, "</td><td>") || smart_strbuf_escaped(b, v->test) ||
	      smart_strbuf_printf(b, "</td><td>");
	for (size_t i = 0; !bad && i < k; i++)
		bad = smart_strbuf_printf(b, "%s%s %+.3f", i ? ", " : "", model->names[idx[i]],
					  smart_model_contribution(model, v->values, idx[i]));
	if (!bad && v->problem)
		bad = smart_strbuf_escaped(b, v->problem);
	return bad || smart_strbuf_printf(b, "</td></tr>\n") ? -1 : 0;
}

int smart_html_report_add(smart_html_report *r, const smart_model *model,
			  const smart_verdict *v, smart_error *err)
{
	r->pairs++;
	r->inspect += v->inspect != 0;
	r->trouble += v->trouble != 0;
	return html_row(&r->rows, model, v) ? smart_error_oom(err) : 0;
}

char *smart_html_report_row(const smart_model *model, const smart_verdict *v,
			    smart_error *err)
{
	smart_strbuf b = { 0 };

	if (html_row(&b, model, v)) {
		smart_strbuf_free(&b);
		smart_error_oom(err);
		return NULL;
	}
	return b.data;
}

/* Appends the report's head: title, style, the counts as given (numbers,
 * or a shard's placeholders), the cutoff, the table's header. */
static int html_head(smart_strbuf *out, const char *title, const smart_model *model,
		     const char *const counts[4])
{
	return smart_strbuf_printf(out,
		"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>smart: ") ||
		smart_strbuf_escaped(out, title) ||
		smart_strbuf_printf(out,
			"</title>\n<style>body{font-family:sans-serif}table{border-collapse:collapse}"
			"td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}"
			"tr.inspect td:first-child{color:#b00;font-weight:bold}"
			"tr.trouble td:first-child{color:#a60;font-weight:bold}"
			"tr.ignore td:first-child{color:#070}</style></head><body>\n<h1>") ||
		smart_strbuf_escaped(out, title) ||
		smart_strbuf_printf(out,
			"</h1>\n<p>%s pairs: %s to inspect, %s to ignore, %s not classified. "
			"Inspect when score %s %.6g.</p>\n<table><tr><th>decision</th><th>score</th>"
			"<th>app</th><th>test</th><th>top features (weight &times; value) / problem</th></tr>\n",
			counts[0], counts[1], counts[2], counts[3],
			smart_comparison_name(model->comparison), model->cutoff);
}

char *smart_html_report_head_template(const char *title, const smart_model *model,
				      smart_error *err)
{
	static const char *const counts[4] = { "<#pairs>", "<#inspect>", "<#ignore>", "<#trouble>" };
	smart_strbuf b = { 0 };

	if (html_head(&b, title, model, counts)) {
		smart_strbuf_free(&b);
		smart_error_oom(err);
		return NULL;
	}
	return b.data;
}

int smart_html_report_finish(smart_html_report *r, const smart_model *model,
			     const char *path, smart_error *err)
{
	smart_strbuf out = { 0 };
	char counts[4][24];
	const char *const shown[4] = { counts[0], counts[1], counts[2], counts[3] };
	int rc = -1;

	snprintf(counts[0], sizeof(counts[0]), "%zu", r->pairs);
	snprintf(counts[1], sizeof(counts[1]), "%zu", r->inspect - r->trouble);
	snprintf(counts[2], sizeof(counts[2]), "%zu", r->pairs - r->inspect);
	snprintf(counts[3], sizeof(counts[3]), "%zu", r->trouble);
	if (html_head(&out, r->title, model, shown) ||
	    (r->rows.len && smart_strbuf_append(&out, r->rows.data, r->rows.len)) ||
	    smart_strbuf_printf(&out, SMART_HTML_REPORT_TAIL))
		smart_error_oom(err);
	else
		rc = smart_file_write_atomic(path, out.data, out.len, err);
	smart_strbuf_free(&out);
	smart_html_report_free(r);
	return rc;
}
