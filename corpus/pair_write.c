/* One pair record as a JSON line (corpus/pair_write.h). */
#include "pair_write.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "smart/corpus.h"
#include "smart/file.h"
#include "smart/tree.h"

#include "common/text.h"

const char *smart__pair_format_of(const char *path, const char *data, size_t len)
{
	static const char *const xml_ext[] = { "xml", "svg", "rss", "atom", NULL };
	static const char *const html_ext[] = { "html", "htm", "xhtml", NULL };
	const char *dot = strrchr(path, '.');

	if (dot && !strchr(dot, '/')) {
		for (const char *const *e = xml_ext; *e; e++)
			if (strcasecmp(dot + 1, *e) == 0)
				return "xml";
		for (const char *const *e = html_ext; *e; e++)
			if (strcasecmp(dot + 1, *e) == 0)
				return "html";
	}
	return smart_format_sniff(data, len) == SMART_FORMAT_XML ? "xml" : "html";
}

/* Copies `len` bytes of `text` into `out` as valid UTF-8, NUL-terminated.
 * Returns 0, 1 when the text holds NUL bytes (not text), -1 when out of
 * memory. */
static int clean_text(smart_strbuf *out, const char *text, size_t len)
{
	if (memchr(text, '\0', len))
		return 1;
	if (smart__text_clean(out, text, len, 0) < 0 || smart__strbuf_append(out, "", 1) < 0)
		return -1;
	return 0;
}

int smart__pair_write_line(smart_strbuf *out, const pair_fields *p, smart_error *err)
{
	smart_strbuf old_doc = { 0 }, new_doc = { 0 };
	smart_pair pair;
	char *line = NULL;
	int rc;

	rc = clean_text(&old_doc, p->old_text, p->old_len);
	if (rc == 0)
		rc = clean_text(&new_doc, p->new_text, p->new_len);
	if (rc < 0)
		smart_error_oom(err);
	if (rc != 0)
		goto done;
	pair = (smart_pair){
		.app = p->app ? p->app : "", .test = p->test,
		.format = strcmp(p->format, "xml") == 0 ? SMART_FORMAT_XML
							: SMART_FORMAT_HTML,
		.old_doc = old_doc.data, .old_len = old_doc.len - 1,
		.new_doc = new_doc.data, .new_len = new_doc.len - 1,
		.label = !p->label ? SMART_LABEL_NONE
			 : strcmp(p->label, "inspect") == 0 ? SMART_LABEL_INSPECT
							     : SMART_LABEL_IGNORE,
		.origin = p->origin, .note = p->note
	};
	line = smart_pair_to_json(&pair, err);
	if (!line)
		rc = -1;
	else if (smart__strbuf_append(out, line, strlen(line)) < 0 ||
		 smart__strbuf_append(out, "\n", 1) < 0)
		rc = smart_error_oom(err);
done:
	cJSON_free(line);
	smart__strbuf_free(&old_doc);
	smart__strbuf_free(&new_doc);
	return rc;
}

/* Feeds JSON Lines through the corpus writer (for gzip output). */
static int write_through_corpus(const char *path, const char *jsonl, size_t len,
				smart_error *err)
{
	smart_corpus_writer *w = smart_corpus_writer_new(path, err);
	size_t line = 0;

	if (!w)
		return -1;
	for (const char *p = jsonl; p < jsonl + len;) {
		const char *nl = memchr(p, '\n', (size_t)(jsonl + len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(jsonl + len - p);
		smart_pair pair;
		cJSON *holder = NULL;
		int rc;

		line++;
		rc = smart_pair_from_json(&(smart_document){ p, n, path }, line, &pair, &holder,
					  err);
		if (rc == 0)
			rc = smart_corpus_write(w, &pair, err);
		cJSON_Delete(holder);
		if (rc < 0) {
			smart_corpus_writer_free(w);
			return -1;
		}
		p += n + 1;
	}
	return smart_corpus_writer_finish(w, err);
}

int smart_pairs_write(const char *path, const char *jsonl, size_t len,
		      smart_error *err)
{
	size_t n = strlen(path);

	if (n > 3 && strcmp(path + n - 3, ".gz") == 0)
		return write_through_corpus(path, jsonl, len, err);
	return smart_file_write_atomic(path, jsonl, len, err);
}
