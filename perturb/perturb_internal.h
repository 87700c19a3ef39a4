/*
 * The two halves of `smart perturb`'s operators (include/smart/perturb.h):
 * changes made on libxml2's document (perturb_tree.c), and reformatting of
 * written text (smart__perturb_format.c). Internal to perturb/.
 */
#ifndef SMART_PERTURB_INTERNAL_H
#define SMART_PERTURB_INTERNAL_H

#include <gsl/gsl_rng.h>
#include <libxml/tree.h>

#include "smart/perturb.h"
#include "common/strbuf.h"

/* Applies a change operator to `doc` in place at a place chosen with `rng`.
 * Returns 1 with *where (caller frees) saying what changed, 0 when the
 * document offers no place for it, -1 when out of memory. */
int smart__perturb_change(xmlDocPtr doc, smart_format format, smart_perturb_op op,
		   gsl_rng *rng, char **where);

/* Applies a reformatting operator to `len` bytes of written `text`,
 * appending the result to `out`. Returns 1 with *where (caller frees)
 * naming the style chosen, 0 when nothing in the text can be reformatted
 * that way, -1 when out of memory. */
int smart__perturb_format(const char *text, size_t len, smart_format format,
		   smart_perturb_op op, gsl_rng *rng, smart_strbuf *out, char **where);

#endif
