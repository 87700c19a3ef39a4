/*
 * The text operators of `smart perturb`: replace one word of a text node
 * by a word from elsewhere in the page, and change a date or time to
 * another valid one in the same format.
 */
#include "perturb_tree.h"

#include <assert.h>
#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

/* Replaces one word of a text node by a word from elsewhere in the page
 * (reversed or marked "Mut" when the page has no other word). */
int smart__perturb_text_change(const node_list *texts, gsl_rng *rng, char **where)
{
	xmlNodePtr t = smart__perturb_pick(texts, rng);
	const char *s, *w, *src = NULL;
	size_t words = 0, k, wl, sl = 0;
	smart_strbuf nt = { 0 };
	int rc;

	if (!t)
		return 0;
	s = (const char *)t->content;
	assert(s); /* collect() lists text nodes with content only */
	for (const char *p = s; *p;) {
		while (*p && isspace((unsigned char)*p))
			p++;
		if (*p)
			words++;
		while (*p && !isspace((unsigned char)*p))
			p++;
	}
	k = gsl_rng_uniform_int(rng, words);
	w = s;
	for (;;) {
		while (isspace((unsigned char)*w))
			w++;
		if (k-- == 0)
			break;
		while (*w && !isspace((unsigned char)*w))
			w++;
	}
	for (wl = 0; w[wl] && !isspace((unsigned char)w[wl]); wl++)
		;
	for (int tries = 0; tries < 8 && !src; tries++) {
		const char *o = (const char *)smart__perturb_pick(texts, rng)->content;

		while (isspace((unsigned char)*o))
			o++;
		for (sl = 0; o[sl] && !isspace((unsigned char)o[sl]); sl++)
			;
		if (sl && (sl != wl || memcmp(o, w, wl) != 0))
			src = o;
	}
	rc = smart__strbuf_append(&nt, s, (size_t)(w - s));
	if (src)
		rc |= smart__strbuf_append(&nt, src, sl);
	else
		rc |= smart__strbuf_append(&nt, w, wl) | smart__strbuf_append(&nt, "Mut", 3);
	rc |= smart__strbuf_append(&nt, w + wl, strlen(w + wl) + 1);
	if (rc < 0 || !(*where = smart__perturb_where_of(t, NULL))) {
		smart__strbuf_free(&nt);
		return -1;
	}
	xmlNodeSetContent(t, BAD_CAST nt.data);
	smart__strbuf_free(&nt);
	return 1;
}

/* Changes the first date or time in a random text node that has one:
 * 2024-03-05, 05/03/2024, 12:34(:56). The new one is another valid value
 * in the same format. */
int smart__perturb_text_date(const node_list *texts, gsl_rng *rng, char **where)
{
	regex_t re;
	regmatch_t m;
	node_list dated = { 0 };
	xmlNodePtr t;
	char repl[32], *nt;
	const char *s;
	size_t n;
	int rc = 0, found;

	if (regcomp(&re, "[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}|"
		    "[0-9]{1,2}:[0-9]{2}(:[0-9]{2})?", REG_EXTENDED) != 0)
		return -1;
	for (size_t i = 0; i < texts->count && rc == 0; i++)
		if (regexec(&re, (const char *)texts->items[i]->content, 1, &m, 0) == 0)
			rc = smart__perturb_list_add(&dated, texts->items[i]);
	t = rc == 0 ? smart__perturb_pick(&dated, rng) : NULL;
	free(dated.items);
	if (!t) {
		regfree(&re);
		return rc;
	}
	s = (const char *)t->content;
	found = regexec(&re, s, 1, &m, 0);
	regfree(&re);
	assert(found == 0 && m.rm_so >= 0 && m.rm_eo > m.rm_so); /* t was listed for a match */
	(void)found; /* with NDEBUG */
	n = (size_t)(m.rm_eo - m.rm_so);
	do {
		unsigned d = 1 + (unsigned)gsl_rng_uniform_int(rng, 28);
		unsigned mo = 1 + (unsigned)gsl_rng_uniform_int(rng, 12);
		unsigned y = 2000 + (unsigned)gsl_rng_uniform_int(rng, 30);
		unsigned hh = (unsigned)gsl_rng_uniform_int(rng, 24);
		unsigned mm = (unsigned)gsl_rng_uniform_int(rng, 60);

		if (memchr(s + m.rm_so, '-', n))
			snprintf(repl, sizeof(repl), "%04u-%02u-%02u", y, mo, d);
		else if (memchr(s + m.rm_so, '/', n))
			snprintf(repl, sizeof(repl), "%02u/%02u/%04u", d, mo, y);
		else if (n > 5)
			snprintf(repl, sizeof(repl), "%02u:%02u:%02u", hh, mm,
				 (unsigned)gsl_rng_uniform_int(rng, 60));
		else
			snprintf(repl, sizeof(repl), "%02u:%02u", hh, mm);
	} while (strlen(repl) == n && memcmp(repl, s + m.rm_so, n) == 0);
	if (asprintf(&nt, "%.*s%s%s", (int)m.rm_so, s, repl, s + m.rm_eo) < 0)
		return -1;
	*where = smart__perturb_where_of(t, NULL);
	if (*where)
		xmlNodeSetContent(t, BAD_CAST nt);
	free(nt);
	return *where ? 1 : -1;
}

