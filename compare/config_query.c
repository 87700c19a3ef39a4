/*
 * What the comparators ask of a loaded configuration (compare/internal.h):
 * whether a list names an element or attribute, the rule of a tag, and a
 * text with the configured regular expressions' matches removed.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

int smart__cmp_names_has(const cmp_names *names, const char *name)
{
	for (size_t i = 0; i < names->n; i++)
		if (strcasecmp(names->v[i], name) == 0)
			return 1;
	return 0;
}

const cmp_tag_rule *smart__cmp_rules_find(const cmp_rules *rules, const char *tag)
{
	for (size_t i = 0; i < rules->n; i++)
		if (strcasecmp(rules->v[i].tag, tag) == 0)
			return &rules->v[i];
	return NULL;
}

int smart__cmp_regex_strip(const cmp_regexes *regexes, const char *text, char **out,
		    size_t *out_len, smart_error *err)
{
	size_t len = strlen(text);
	char *cur = malloc(len + 1);

	if (!cur)
		return smart_error_oom(err);
	memcpy(cur, text, len + 1);
	for (size_t r = 0; r < regexes->n; r++) {
		size_t w = 0, at = 0;
		regmatch_t m;

		/* Copy what lies between matches; an empty match copies one
		 * byte and moves on, so the loop always advances. */
		while (at <= len &&
		       regexec(&regexes->v[r], cur + at, 1, &m,
			       at > 0 ? REG_NOTBOL : 0) == 0) {
			size_t so = at + (size_t)m.rm_so, eo = at + (size_t)m.rm_eo;

			memmove(cur + w, cur + at, so - at);
			w += so - at;
			if (eo == so) {
				if (so >= len) {
					at = len;
					break;
				}
				cur[w++] = cur[so];
				eo = so + 1;
			}
			at = eo;
		}
		if (at < len) {
			memmove(cur + w, cur + at, len - at);
			w += len - at;
		}
		cur[w] = '\0';
		len = w;
	}
	*out = cur;
	*out_len = len;
	return 0;
}
