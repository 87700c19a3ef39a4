/*
 * The scrubbers (include/smart/scrub.h): the rules that canonicalise
 * volatile values before alignment, as one table applied by one loop, like
 * features/' registry of extractors. Each has a name that a tester can
 * turn off (`--scrubbers -rebase`) and that an ablation reports, and
 * counts what it explained into its own slot. Lists of names are read
 * and written in scrub/scrubber_names.c, from this table.
 *
 * The order matters and is the table's: captcha challenges are read as
 * the page printed them, before the value shapes respell a seed in one
 * tree only (a 10-digit seed reads as epoch seconds, a 9-digit one does
 * not); the clock's year and pieces follow the clock the values scrubber
 * took out; a JSON menu of time zones is read before the values
 * scrubber respells its offsets; generator metadata is left out of copies
 * of the scrubbed trees; presentational attributes need the alignment.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Runs one scrubber on the pass (d: the alignment, for those after it;
 * NULL before). Returns how much it explained, or -1 with `err` set. */
typedef int (*scrubber_fn)(smart_scrub_pass *s, struct smart_diff *d, smart_error *err);

typedef struct scrubber {
	const char *name;
	const char *summary;
	int after_align;
	scrubber_fn run;
	const char *read_from; /* applications whose false alarms it was read
	                        * from, comma-separated ("" none) */
} scrubber;

static int run_names(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_names(s->p.old_clean, s->p.new_clean, s->log, s->shapes, s->named,
				  err);
}

/* Copies of what the names scrubber found: nothing to follow without it. */
static int run_copies(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_copies(s->p.old_clean, s->p.new_clean, s->log, s->shapes, s->named,
				   err);
}

static int run_captcha(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart_scrub_captcha(s->p.old_clean, s->p.new_clean, s->log, err);
}

/* Before the values scrubber, which respells the offsets inside the JSON
 * ("UTC+01:00" -> "{tzname}+{time}") and doubles its braces. */
static int run_zone_menu(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_zone_menu(s->p.old_clean, s->p.new_clean, s->log, err);
}

/* Before the values scrubber, which would take a uniqid for a token of
 * the same shape on both sides. */
static int run_uniqid(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_uniqid(s->p.old_clean, s->p.new_clean, s->log, err);
}

/* The values of both trees; the clock they held is noted for the two
 * scrubbers that follow it. Its tokens are counted per shape after
 * alignment, so it reports 0 here. */
static int run_values(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	assert(s->shapes);
	return smart__scrub_values(s->shapes, s->p.old_clean, s->p.new_clean, s->log, s->notes,
				   err);
}

static int run_clock_year(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_clock_year(s->p.old_clean, s->p.new_clean, &s->notes[0].years,
				       &s->notes[1].years, s->log, err);
}

static int run_clock_pieces(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_clock_pieces(s->p.old_clean, s->p.new_clean, &s->notes[0].moments,
					 &s->notes[1].moments, s->log, err);
}

static int run_rebase(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart_scrub_rebase(s->p.old_clean, s->p.new_clean, s->log, err);
}

static int run_metadata(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart_scrub_metadata(&s->p, s->log, err);
}

static int run_presentation(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	assert(d);
	return smart_scrub_added_presentation(s->p.new_clean, d, s->log, err);
}

/* The values no rule explained, judged by the pass's value model (the
 * one compiled in when the pass names none). */
static int run_learned(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	assert(d);
	return smart_scrub_learned(s->p.old_clean, s->p.new_clean, d,
				   s->values ? s->values : smart_value_model_default(), s->log, err);
}

/* Numbers of the page's text rescaled by one factor. */
static int run_rescaled(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	assert(d);
	return smart_scrub_rescaled(s->p.old_clean, s->p.new_clean, d, s->log, err);
}

static int run_json_order(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_json_order(s->p.old_clean, s->p.new_clean, s->log, err);
}

static int run_elapsed(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_elapsed(s->p.old_clean, s->p.new_clean, s->log, err);
}

static int run_hidden_order(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_hidden_order(s->p.old_clean, s->p.new_clean, s->log, err);
}

/* After the values scrubber, which names an IANA zone "{tzname}". */
static int run_zone_offset(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_zone_offset(s->p.old_clean, s->p.new_clean, s->log, err);
}

static int run_iso_basic(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_iso_basic(s->p.old_clean, s->p.new_clean, s->log, err);
}

/* After the values scrubber: an offset is a bare number no shape takes. */
static int run_named_offset(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	return smart__scrub_named_offset(s->p.old_clean, s->p.new_clean, s->log, err);
}

/* In smart_scrubber_id order. */
static const scrubber scrubbers[SMART_SCRUBBER_COUNT] = {
	{ "captcha", "captcha challenges drawn anew for every page", 0, run_captcha, "fossil" },
	{ "names", "values whose field, attribute, parameter or key name says token, nonce, "
		   "session or request id", 0, run_names, "" },
	{ "copies", "copies elsewhere in the page of a value explained by its name", 0,
	  run_copies, "" },
	{ "zone_menu", "a JSON menu of time zones, each with its offset from UTC, which "
		       "daylight saving time moves and reorders", 0, run_zone_menu, "zabbix" },
	{ "uniqid", "names made from the clock: PHP's uniqid (filter_65e1a721c278a)", 0,
	  run_uniqid, "zabbix" },
	{ "values", "values of a volatile shape (dates, clocks, tokens, versions, paths, ...), "
		    "measured attributes, stylesheet white space", 0, run_values, "" },
	{ "clock_year", "a bare year that follows the run's clock", 0, run_clock_year, "mediawiki" },
	{ "clock_pieces", "a form's date fields that follow the run's clock", 0,
	  run_clock_pieces, "wordpress" },
	{ "rebase", "links of a site served from another root", 0, run_rebase, "" },
	{ "metadata", "generator metadata elements (<meta name=generator|date|...>)", 0,
	  run_metadata, "tidy" },
	{ "presentation", "presentational attributes an element gained (class, data-*, ...)", 1,
	  run_presentation, "shop,blog,bank,wiki,forum" },
	{ "learned", "changed values no rule explained that the value model trained on the "
		     "corpora calls volatile", 1, run_learned, "" },
	{ "rescaled", "numbers of the page's text all rescaled by one factor (rates and "
		      "averages over another uptime)", 1, run_rescaled, "phpmyadmin" },
	{ "json_order", "the order of a JSON object's members in a script or an attribute", 0,
	  run_json_order, "rt" },
	{ "elapsed", "a measured time printed at a timer's precision in a text that speaks of "
		     "time", 0, run_elapsed, "rt" },
	{ "hidden_order", "the order of a run of a form's hidden inputs among themselves", 0,
	  run_hidden_order, "rt" },
	{ "zone_offset", "a time zone's offset from UTC beside its name, which daylight saving "
			 "time moves", 0, run_zone_offset, "rt" },
	{ "iso_basic", "a date-time in ISO 8601's basic format (20240301T100011Z)", 0,
	  run_iso_basic, "rt" },
	{ "named_offset", "a number a script, a query or an attribute gives a name that says "
			  "time zone offset (var TZ_OFFSET = 7200)", 0, run_named_offset, "zabbix" },
};

const char *smart_scrubber_name(int id)
{
	return id >= 0 && id < SMART_SCRUBBER_COUNT ? scrubbers[id].name : NULL;
}

const char *smart_scrubber_summary(int id)
{
	return id >= 0 && id < SMART_SCRUBBER_COUNT ? scrubbers[id].summary : NULL;
}

int smart_scrubber_after_align(int id)
{
	return id >= 0 && id < SMART_SCRUBBER_COUNT && scrubbers[id].after_align;
}

const char *smart_scrubber_read_from(int id)
{
	return id >= 0 && id < SMART_SCRUBBER_COUNT ? scrubbers[id].read_from : NULL;
}

/* Whether the comma-separated list `apps` holds `app` as one whole item. */
static int list_holds(const char *apps, const char *app)
{
	size_t len = strlen(app);

	for (const char *p = apps; *p;) {
		size_t item = strcspn(p, ",");

		if (item == len && memcmp(p, app, len) == 0)
			return 1;
		p += item + (p[item] == ',');
	}
	return 0;
}

unsigned smart_scrubbers_read_from_app(const char *app)
{
	unsigned mask = 0;

	if (!app || !*app)
		return 0;
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++)
		if (list_holds(scrubbers[id].read_from, app))
			mask |= 1u << id;
	return mask;
}

/* Runs, in table order, the scrubbers of one side of the alignment that
 * are on. */
static int run_stage(smart_scrub_pass *s, int after_align, struct smart_diff *d,
		     smart_error *err)
{
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++) {
		int got;

		if (scrubbers[id].after_align != after_align || (s->off & (1u << id)))
			continue;
		got = scrubbers[id].run(s, d, err);
		if (got < 0)
			return smart_error_prefix(err, "scrubbing (%s)", scrubbers[id].name);
		s->explained[id] = (unsigned)got;
	}
	return 0;
}

int smart_scrub_before_align(smart_scrub_pass *s, smart_tree *old_tree, smart_tree *new_tree,
			     smart_error *err)
{
	assert(old_tree && new_tree && !s->log);
	s->p.old_clean = old_tree;
	s->p.new_clean = new_tree;
	if (!(s->log = smart_scrub_log_new(err)))
		return -1;
	if (!(s->notes = calloc(2, sizeof(*s->notes))) || /* old, new: too big for the stack */
	    !(s->named = calloc(1, sizeof(*s->named))))
		return smart_error_oom(err);
	return run_stage(s, 0, NULL, err);
}

int smart_scrub_after_align(smart_scrub_pass *s, struct smart_diff *d, smart_error *err)
{
	assert(s->log);
	return run_stage(s, 1, d, err);
}

void smart_scrub_pass_free(smart_scrub_pass *s)
{
	unsigned off = s->off;

	/* the log first: it may also point into the copies */
	if (s->log)
		smart_scrub_log_undo(s->log);
	if (s->p.new_raw_of)
		smart_tree_free(s->p.new_clean);
	if (s->p.old_raw_of)
		smart_tree_free(s->p.old_clean);
	free(s->p.old_raw_of);
	free(s->p.new_raw_of);
	smart_scrub_log_free(s->log);
	free(s->notes);
	free(s->named);
	memset(s, 0, sizeof(*s));
	s->off = off;
}
