/* Pairs of small pages through the scrubbers that run before alignment:
 * the one question every scrubber's tests ask ("is this pair no edit once
 * scrubbed, with these scrubbers off?"), asked in one place. */
#ifndef SMART_TEST_SCRUB_PAIRS_H
#define SMART_TEST_SCRUB_PAIRS_H

#include <stddef.h>

#include "smart.h"

/* Every scrubber off but `id`: to test one rule alone. */
#define SCRUB_ONLY(id) (((1u << SMART_SCRUBBER_COUNT) - 1) & ~(1u << (id)))

/* 1 when the HTML documents align to no edit once the scrubbers before
 * alignment have run with those in `off` turned off (a bit per scrubber
 * id). When `explained` is not NULL it gets what scrubber `slot`
 * explained. Fails the test on an error. */
int scrub_docs_align(const char *old_html, const char *new_html, unsigned off, int slot,
		     unsigned *explained);

/* The same for two bodies set into `frame`, a page in which every "%s"
 * stands for the body. */
int scrub_framed_align(const char *frame, const char *old_body, const char *new_body,
		       unsigned off, int slot, unsigned *explained);

/* Fails the test, naming the pair, unless each of the n pairs of bodies
 * set in `frame` aligns to no edit (want_align 1) or stays an edit
 * (want_align 0) with the scrubbers in `off` turned off. */
void scrub_assert_pairs(const char *frame, const char *const (*pairs)[2], size_t n,
			unsigned off, int want_align);

#endif
