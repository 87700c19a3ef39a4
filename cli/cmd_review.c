/* smart review — the flagged pairs of a suite, one key each: accept,
 * reject or skip (docs/review.md). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_accepted.h"
#include "cli_model.h"
#include "review_change.h"

typedef struct review_opts {
	const char *model_path, *profile_path, *accepted_path;
	int all, list, accept_ignored, json, by_change, no_accepted;
	review_labels labels;
	review_suite suite;
} review_opts;

/* What review_collect keeps documents for, by mode (corpus form). */
static int wanted_inspect(const review_item *it) { return it->inspect; }
static int wanted_all(const review_item *it) { (void)it; return 1; }
static int wanted_ignored(const review_item *it) { return !it->inspect; }
static int wanted_none(const review_item *it) { (void)it; return 0; }

/* --list and --accept-ignored: the status classify would give. */
static int suite_status(const review_suite *s)
{
	if (s->trouble == 1)
		return cli_failf("%s", s->first_problem);
	if (s->trouble)
		return cli_failf("%s (and %zu more pairs that could not be classified: the "
				 "'trouble' rows of --list)", s->first_problem, s->trouble - 1);
	return s->inspect ? CLI_DIFFER : CLI_SAME;
}

/* The '?' key: what each key does. */
static void print_keys(void)
{
	printf("a accept (new output becomes the baseline; labelled ignore)   "
	       "r reject (a fault; labelled inspect)\n"
	       "s skip   o open in $PAGER   b open in $BROWSER   q quit   ? this help\n");
}

/* The 'o' and 'b' keys: the pair written to a temporary file, as text
 * (removed once $PAGER returns) or as an HTML report (left for $BROWSER,
 * which may read it after its command returns), and the command run on
 * it. 0 (whatever the command's status: it speaks for itself), or -1
 * with `err` set. */
static int open_pair(review_suite *s, const review_item *it, int html, smart_error *err)
{
	const char *tmpdir = getenv("TMPDIR");
	const char *command = html ? getenv("BROWSER") : getenv("PAGER");
	char path[4096];
	FILE *f;
	int fd, rc;

	if (html && (!command || !*command)) {
		printf("$BROWSER is not set: set it to open the pair in a browser\n");
		return 0;
	}
	snprintf(path, sizeof(path), "%s/smart-review-XXXXXX%s", tmpdir && *tmpdir ? tmpdir : "/tmp",
		 html ? ".html" : ".txt");
	fd = mkstemps(path, html ? 5 : 4);
	if (fd < 0)
		return smart_error_set(err, "%s: cannot create a temporary file", path);
	if (html) {
		close(fd);
		rc = review_write_html(path, s, it, err);
	} else {
		f = fdopen(fd, "w");
		if (!f)
			close(fd);
		rc = f ? review_write_text(f, s, it, err) : smart_error_oom(err);
		if (f && fclose(f) != 0 && rc == 0)
			rc = smart_error_set(err, "%s: cannot write the pair", path);
	}
	if (rc == 0 && review_term_run(command && *command ? command : "less", path) < 0)
		rc = smart_error_set(err, "cannot run %s", command && *command ? command : "less");
	if (!html) /* a browser may read it after its command returns */
		unlink(path);
	else if (rc == 0)
		printf("(the report is %s)\n", path);
	return rc;
}

/* What the interactive review has done. */
typedef struct review_tally {
	size_t accepted, rejected, skipped;
	size_t flagged_accepted; /* of the accepted, those smart flagged inspect */
} review_tally;

enum { KEY_STAY, KEY_NEXT, KEY_QUIT, KEY_TROUBLE };

/* What one key does to the pair on screen: KEY_NEXT once it is decided
 * or skipped, KEY_STAY (help, pager, browser, an unknown key, a verdict on
 * a pair that was not classified), KEY_QUIT, or KEY_TROUBLE with `err`
 * set when a verdict could not be carried out. */
static int on_key(review_opts *o, const review_item *it, int key, review_tally *t,
		  smart_error *err)
{
	review_suite *s = &o->suite;

	switch (key) {
	case 'a':
	case 'r':
		printf("%c\n", key);
		if (it->problem && !(key == 'a' && review_new_only(s, it))) {
			printf("not classified, so not labelled: s skips it\n");
			return KEY_STAY;
		}
		if (key == 'a' ? review_accept(s, it, &o->labels, err)
			       : review_reject(s, it, &o->labels, err))
			return KEY_TROUBLE;
		if (it->problem)
			printf("accepted: the new file is the baseline (one side only: no label)\n");
		else if (key == 'r')
			printf("rejected: labelled inspect\n");
		else
			printf("accepted: %s\n", s->corpus ? "labelled ignore"
				: "the new output is the baseline; labelled ignore");
		t->accepted += key == 'a';
		t->flagged_accepted += key == 'a' && it->inspect;
		t->rejected += key == 'r';
		return KEY_NEXT;
	case 's':
		printf("s\nskipped\n");
		t->skipped++;
		return KEY_NEXT;
	case 'o':
	case 'b':
		printf("%c\n", key);
		if (open_pair(s, it, key == 'b', err))
			printf("smart: %s\n", err->message);
		return KEY_STAY;
	case 'q':
	case 4: /* Ctrl-D */
		printf("q\n");
		return KEY_QUIT;
	case '?':
		printf("?\n");
		print_keys();
		return KEY_STAY;
	default:
		printf("\nunknown key; ? for help\n");
		return KEY_STAY;
	}
}

/* The interactive loop over the pairs to review; 'q' or the last pair
 * ends it. A verdict that cannot be carried out ends it with status 2. */
static int interactive(review_opts *o)
{
	review_suite *s = &o->suite;
	review_tally t = { 0 };
	size_t total = 0, pos = 0, flagged = 0;
	int colour = review_colour_wanted(), got = KEY_NEXT;
	smart_error err = { "" };

	for (size_t i = 0; i < s->n; i++) {
		total += s->items[i].inspect || o->all;
		flagged += s->items[i].inspect;
	}
	if (total == 0) {
		printf("nothing to review: %zu %s, none flagged inspect\n", s->n,
		       s->n == 1 ? "pair" : "pairs");
		return CLI_SAME;
	}
	if (review_term_enter(&err))
		return cli_fail(&err);
	for (size_t i = 0; i < s->n && got == KEY_NEXT; i++) {
		const review_item *it = &s->items[i];

		if (!it->inspect && !o->all)
			continue;
		if (review_show(stdout, s, it, ++pos, total, colour, &err))
			printf("smart: %s\n", err.message);
		do {
			printf("[a]ccept [r]eject [s]kip [o]pen [b]rowser [q]uit [?] > ");
			fflush(stdout);
			got = on_key(o, it, review_term_key(), &t, &err);
		} while (got == KEY_STAY);
		printf("\n");
	}
	fflush(stdout);
	review_term_leave();
	if (got == KEY_TROUBLE)
		return cli_fail(&err);
	printf("reviewed %zu of %zu: %zu accepted, %zu rejected, %zu skipped; %s\n",
	       t.accepted + t.rejected + t.skipped, total, t.accepted, t.rejected, t.skipped,
	       o->labels.written ? o->labels.path : "no labels written");
	/* like classify: 1 while a flagged pair is still to inspect (rejected,
	 * skipped or never reached before q) */
	return t.flagged_accepted == flagged ? CLI_SAME : CLI_DIFFER;
}

/* Parses the options into `o`; CLI_SAME to go on, else the status to
 * return (-1: -h was answered). */
static int parse(int argc, char **argv, review_opts *o)
{
	static const struct option opts[] = {
		{ "model", required_argument, NULL, 'm' },
		{ "corpus", required_argument, NULL, 'c' },
		{ "profile", required_argument, NULL, 'P' },
		{ "labels", required_argument, NULL, 'L' },
		{ "threads", required_argument, NULL, 't' },
		{ "all", no_argument, NULL, 'A' },
		{ "list", no_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "accept-ignored", no_argument, NULL, 'I' },
		{ "by-change", no_argument, NULL, 'B' },
		{ "accepted", required_argument, NULL, 'a' },
		{ "no-accepted", no_argument, NULL, 'N' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long v;
	char *end;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":hq", opts, NULL)) != -1) {
		switch (c) {
		case 'h': review_usage(stdout); return -1;
		case 'q': o->suite.quiet = 1; break;
		case 'm': o->model_path = optarg; break;
		case 'c': o->suite.corpus = optarg; break;
		case 'P': o->profile_path = optarg; break;
		case 'L': o->labels.path = optarg; o->labels.mkdir_parent = 0; break;
		case 't':
			v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 1024)
				return cli_usage_error("review", "--threads must be 1..1024");
			o->suite.threads = (unsigned)v;
			break;
		case 'A': o->all = 1; break;
		case 'l': o->list = 1; break;
		case 'j': o->json = 1; break;
		case 'I': o->accept_ignored = 1; break;
		case 'B': o->by_change = 1; break;
		case 'a': o->accepted_path = optarg; break;
		case 'N': o->no_accepted = 1; break;
		case 'H': o->suite.format = SMART_FORMAT_HTML; break;
		case 'X': o->suite.format = SMART_FORMAT_XML; break;
		default: return cli_bad_option("review", c, argv);
		}
	}
	if (o->suite.corpus ? optind != argc : argc - optind != 2)
		return cli_usage_error("review", o->suite.corpus ? "--corpus takes no other operands"
								 : "needs OLD_DIR and NEW_DIR");
	if (!o->suite.corpus) {
		o->suite.old_dir = argv[optind];
		o->suite.new_dir = argv[optind + 1];
		for (int i = 0; i < 2; i++)
			if (!cli_is_dir(argv[optind + i]))
				return cli_failf("%s: not a folder (smart review takes two folders, "
						 "or --corpus FILE)", argv[optind + i]);
	}
	if (o->json && !o->list)
		return cli_usage_error("review", "--json is for --list");
	if (o->by_change && (o->accept_ignored || o->all || (o->suite.corpus && !o->list)))
		return cli_usage_error("review", "--by-change is the review of two folders (or, with "
				       "--list, of a corpus)");
	if (!o->list && !o->accept_ignored && !isatty(STDIN_FILENO))
		return cli_failf("standard input is not a terminal: an interactive review needs "
				 "one (use --list for the review order, --accept-ignored in CI)");
	return CLI_SAME;
}

/* Classifies the suite into review order and runs the mode asked for. */
static int review_run(review_opts *o)
{
	int (*wanted)(const review_item *) = o->accept_ignored ? wanted_ignored
					   : o->list ? wanted_none
					   : o->all ? wanted_all : wanted_inspect;
	smart_error err = { "" };

	o->suite.signatures = o->by_change;
	if (review_collect(&o->suite, wanted, &err))
		return cli_fail(&err);
	if (!o->suite.corpus && (o->accept_ignored || !o->list) && review_sweep_temps(&o->suite, &err))
		return cli_fail(&err);
	if (o->accept_ignored && review_accept_ignored(&o->suite, &o->labels, o->json, &err))
		return cli_fail(&err);
	if (o->list && o->by_change)
		return review_by_change_list(&o->suite, o->json) ? CLI_TROUBLE : suite_status(&o->suite);
	if (o->list && review_print_list(stdout, &o->suite, o->all, o->json))
		return cli_failf("out of memory");
	if (o->list || o->accept_ignored)
		return suite_status(&o->suite);
	if (o->by_change)
		return review_by_change_run(&o->suite, o->accepted_path, &o->labels);
	return interactive(o);
}

/* smart review: options, model and profile, then review_run. */
static int run_review(int argc, char **argv)
{
	review_opts o = { .labels = { .path = REVIEW_DEFAULT_LABELS, .fd = -1, .mkdir_parent = 1 },
			  .suite = { .format = SMART_FORMAT_AUTO } };
	smart_profile *profile = NULL;
	smart_accepted *accepted = NULL;
	char accepted_path[4096];
	smart_model *model;
	smart_error err = { "" };
	const char **names;
	size_t n;
	int rc = parse(argc, argv, &o);

	if (rc != CLI_SAME)
		return rc < 0 ? CLI_SAME : rc;
	if (cli_accepted_find(o.accepted_path, o.no_accepted, o.suite.old_dir, &accepted,
			      accepted_path, sizeof(accepted_path), &err))
		return cli_fail(&err);
	o.suite.accepted = accepted;
	o.suite.accepted_path = accepted_path;
	if (o.profile_path && !(profile = smart_profile_load(o.profile_path, &err))) {
		smart_accepted_free(accepted);
		return cli_fail(&err);
	}
	o.suite.profile = profile;
	names = smart_feature_names(&n);
	model = names ? cli_load_model(o.model_path, names, n, &err) : NULL;
	if (!names)
		smart_error_oom(&err);
	if (!model) {
		free(names);
		smart_profile_free(profile);
		smart_accepted_free(accepted);
		return cli_fail(&err);
	}
	if (!profile && model->profile && /* an adapted model's own profile */
	    !(o.suite.profile = profile = smart_model_carried_profile(model, o.model_path, &err))) {
		smart_model_free(model);
		free(names);
		smart_accepted_free(accepted);
		return cli_fail(&err);
	}
	/* and the change classes an adapted model accepts (docs/adaptation.md) */
	if (!o.no_accepted && smart_model_add_carried_accepted(model, o.model_path, &accepted, &err)) {
		smart_model_free(model);
		free(names);
		smart_profile_free(profile);
		smart_accepted_free(accepted);
		return cli_fail(&err);
	}
	o.suite.accepted = accepted;
	if (accepted && !accepted_path[0])
		snprintf(accepted_path, sizeof(accepted_path), "%s", CLI_ACCEPTED_MODEL);
	if (o.suite.profile) /* decided as classify --profile decides */
		smart_model_use_profile_cutoff(model);
	o.suite.model = model;
	rc = review_run(&o);
	review_labels_close(&o.labels);
	review_suite_free(&o.suite);
	smart_model_free(model);
	free(names);
	smart_profile_free(profile);
	smart_accepted_free(accepted);
	return rc;
}

const cli_command cli_cmd_review = { "review", "accept, reject or skip each flagged pair, labelling it",
				     run_review };
