/* A self-contained HTML report of a batch (docs/report.md): one row per
 * pair, with the features that moved each score most and its severity,
 * and each pair's data (explanation, view) in a JSON script element that
 * the page's script draws when the row is opened, so that the page stays
 * light at ten thousand pairs. No fetches: style and script are inline. */
#include "smart/classify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "smart/file.h"
#include "smart/signature.h"
#include "report_html.h"
#include "why.h"


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
	smart__strbuf_free(&r->rows);
	free(r);
}

/* Appends the explanation data of verdict v: every feature that moved
 * the score, largest first, as [name, contribution, value, weight]. */
static int html_features(smart_strbuf *b, const smart_model *model, const smart_verdict *v)
{
	size_t *idx = malloc((model->n_features ? model->n_features : 1) * sizeof(*idx));
	size_t k = idx ? smart_top_features(model, v->values, idx, model->n_features) : 0;
	int bad = !idx || smart__strbuf_printf(b, "\"f\":[");

	for (size_t i = 0; !bad && i < k; i++)
		bad = smart__strbuf_printf(b, "%s[\"%s\",%.6g,%.6g,%.6g]", i ? "," : "",
					  model->names[idx[i]],
					  smart_model_contribution(model, v->values, idx[i]),
					  v->values[idx[i]], model->weights[idx[i]]);
	free(idx);
	return bad || smart__strbuf_printf(b, "]");
}

/* Appends the <script> elements that hold what opening verdict v's row
 * draws: the explanation and the severity's rule (JSON), and the view
 * (deflated, base64). Nothing for a pair that was not measured. */
static int html_data(smart_strbuf *b, const smart_model *model, const smart_verdict *v)
{
	if (!v->values && !v->view)
		return 0;
	return smart__strbuf_printf(b, "<script type=\"application/json\" id=\"p%zu\">{", v->index) ||
	       html_features(b, model, v) ||
	       (v->severity_reason && smart__strbuf_printf(b, ",\"r\":\"%s\"", v->severity_reason)) ||
	       smart__strbuf_printf(b, "}</script>\n") ||
	       (v->view && (smart__strbuf_printf(b, "<script type=\"text/plain\" id=\"v%zu\">",
						v->index) ||
			    smart__strbuf_append(b, v->view, strlen(v->view)) ||
			    smart__strbuf_printf(b, "</script>\n")));
}

/* Appends the attributes that put an inspected pair in a group of the
 * changes view (smart/change_group.h): data-c, its change signatures as
 * "id.class" in hex, space separated (a set cut short is "+" alone: the
 * pair holds changes nobody is shown, so it is never grouped, as in
 * smart review --by-change), and data-gw, each signature in words, one
 * line each. Nothing for a pair without signatures. */
static int html_group(smart_strbuf *b, const smart_verdict *v)
{
	const smart_signature_set *s = v->signatures;
	char id[17], cls[17], words[SMART_SIGNATURE_LOCATION + 3 * SMART_SIGNATURE_VALUE];
	int bad;

	if (!v->inspect || v->trouble || !s || s->n == 0)
		return 0;
	bad = smart__strbuf_printf(b, " data-c=\"%s", s->truncated ? "+" : "");
	for (size_t i = 0; !bad && !s->truncated && i < s->n; i++) {
		smart_signature_id_text(s->items[i].id, id);
		smart_signature_id_text(s->items[i].class_id, cls);
		bad = smart__strbuf_printf(b, "%s%s.%s", i ? " " : "", id, cls);
	}
	bad = bad || smart__strbuf_printf(b, "\" data-gw=\"");
	for (size_t i = 0; !bad && i < s->n; i++) {
		smart__signature_words(&s->items[i], words, sizeof(words));
		bad = (i && smart__strbuf_printf(b, "\n")) || smart__strbuf_escaped(b, words);
	}
	return bad || smart__strbuf_printf(b, "\"");
}

/* Appends verdict v's row to b: the data attributes the script filters
 * and sorts on (and the changes view groups by), the cells, the decision
 * in words, and the pair's data. 0, or -1 when out of memory. */
static int html_row(smart_strbuf *b, const smart_model *model, const smart_verdict *v)
{
	size_t idx[3], k = smart_top_features(model, v->values, idx, 3);
	const char *cls = v->trouble ? "trouble" : v->inspect ? "inspect" : "ignore";
	const char *sev = smart_severity_name(v->severity);
	const char *why = v->why ? v->why : v->problem ? v->problem : "";
	char score[32] = "";
	int bad;

	if (isfinite(v->score))
		snprintf(score, sizeof(score), "%.4f", v->score);
	bad = smart__strbuf_printf(b, "<tr id=\"r-%zu\" class=\"%s\" data-i=\"%zu\" data-d=\"%s\" "
				  "data-s=\"%s\" data-sev=\"%s\" data-app=\"", v->index, cls,
				  v->index, cls, score, sev) ||
	      smart__strbuf_escaped(b, v->app) || smart__strbuf_printf(b, "\" data-t=\"") ||
	      smart__strbuf_escaped(b, v->test) || smart__strbuf_printf(b, "\"") ||
	      html_group(b, v) ||
	      smart__strbuf_printf(b, "><td>%zu</td><td class=\"dec\">%s</td><td>%s</td>"
				  "<td class=\"sev-%s\">%s</td><td>", v->index + 1, cls, score, sev,
				  sev) ||
	      smart__strbuf_escaped(b, v->app) || smart__strbuf_printf(b, "</td><td>") ||
	      smart__strbuf_escaped(b, v->test) || smart__strbuf_printf(b, "</td><td class=\"why\">") ||
	      smart__strbuf_escaped(b, why) || smart__strbuf_printf(b, "</td><td>");
	for (size_t i = 0; !bad && i < k; i++)
		bad = smart__strbuf_printf(b, "%s%s %+.3f", i ? ", " : "", model->names[idx[i]],
					  smart_model_contribution(model, v->values, idx[i]));
	return bad || smart__strbuf_printf(b, "</td></tr>\n") || html_data(b, model, v) ? -1 : 0;
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
		smart__strbuf_free(&b);
		smart_error_oom(err);
		return NULL;
	}
	return b.data;
}

/* Appends the report's head: title, style, the counts as given (numbers,
 * or a shard's placeholders), the cutoff, the legend, the filters and the
 * table's header. */
static int html_head(smart_strbuf *out, const char *title, const smart_model *model,
		     const char *const counts[4])
{
	return smart__strbuf_printf(out,
		"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>smart: ") ||
		smart__strbuf_escaped(out, title) ||
		smart__strbuf_printf(out, "</title>\n<style>\n%s</style></head><body>\n<h1>",
				    smart__report_css) ||
		smart__strbuf_escaped(out, title) ||
		smart__strbuf_printf(out,
			"</h1>\n<p>Pairs: %s; to inspect: %s, to ignore: %s, not classified: %s. "
			"Inspect when score %s %.6g. Open a row to see the pair.</p>\n"
			"<noscript><p class=\"note\">JavaScript is off: the rows, their scores and "
			"decisions, why each was decided so and the changes view are all here, "
			"but opening a row to see the pair side by side, the filters and "
			"sorting need it.</p></noscript>\n"
			"<p class=\"legend\">old and new, as aligned: <span class=\"m-d root\">deleted</span>"
			"<span class=\"m-i root\">inserted</span><span class=\"m-m root\">moved</span>"
			"<span class=\"m-u\">updated text</span><span class=\"a-c\">changed attribute</span>"
			"<span class=\"vol\">volatile value, discounted</span>"
			"<span class=\"a-p\">presentational, discounted</span></p>\n"
			"<div id=\"panes\">" SMART__REPORT_CHANGES_MARK "<div id=\"list\">\n"
			"<form id=\"filters\" onsubmit=\"return false\">"
			"<label>decision <select name=\"decision\"><option value=\"\">all</option>"
			"<option>inspect</option><option>ignore</option><option>trouble</option></select></label>"
			"<label>severity <select name=\"severity\"><option value=\"\">all</option>"
			"<option>broken</option><option>content</option><option>cosmetic</option>"
			"<option>none</option></select></label>"
			"<label>app <select name=\"app\"><option value=\"\">all</option></select></label>"
			"<label>score from <input type=\"number\" step=\"any\" name=\"min\"></label>"
			"<label>to <input type=\"number\" step=\"any\" name=\"max\"></label>"
			"<label>test <input type=\"search\" name=\"q\"></label>"
			"<span id=\"shown\"></span></form>\n"
			"<table id=\"pairs\"><thead><tr><th data-key=\"index\">#</th>"
			"<th data-key=\"decision\">decision</th><th data-key=\"score\">score</th>"
			"<th data-key=\"severity\">severity</th><th data-key=\"app\">app</th>"
			"<th data-key=\"test\">test</th><th>why</th>"
			"<th>top features (weight &times; value)</th></tr></thead><tbody>\n",
			counts[0], counts[1], counts[2], counts[3],
			smart_comparison_name(model->comparison), model->cutoff);
}

const char *smart_html_report_tail(void)
{
	return smart__report_tail;
}

char *smart_html_report_head_template(const char *title, const smart_model *model,
				      smart_error *err)
{
	static const char *const counts[4] = { "<#pairs>", "<#inspect>", "<#ignore>", "<#trouble>" };
	smart_strbuf b = { 0 };

	if (html_head(&b, title, model, counts)) {
		smart__strbuf_free(&b);
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
	    (r->rows.len && smart__strbuf_append(&out, r->rows.data, r->rows.len)) ||
	    smart__strbuf_append(&out, smart__report_tail, strlen(smart__report_tail)))
		smart_error_oom(err);
	else if (smart_html_report_fill_changes(&out.data, &out.len, err) == 0)
		rc = smart_file_write_atomic(path, out.data, out.len, err);
	smart__strbuf_free(&out);
	smart_html_report_free(r);
	return rc;
}
