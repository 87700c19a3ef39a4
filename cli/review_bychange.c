/*
 * The key loop of `smart review --by-change` (cli/review_change.h,
 * docs/review.md): one group at a time, the largest first; a key accepts
 * the change (every pair whose only residual changes are accepted ones is
 * ignored, and the change is remembered in .smart/accepted.json), rejects
 * it (its pairs are faults, labelled inspect), splits the group (its pairs
 * are then decided one by one), steps through its pairs, or takes the last
 * decision back. What is decided is written to .smart/ at once, so that
 * quitting, or being killed, keeps it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <time.h>
#include <unistd.h>

#include "cli_accepted.h"
#include "review_change.h"

/* The '?' key. */
static void print_keys(void)
{
	printf("a accept the change (ignored wherever it is all that changed; remembered)\n"
	       "A accept every change of the group's pairs (the whole group is ignored)\n"
	       "e accept exactly the change shown in this pair (its place and shapes, not its "
	       "class)\n"
	       "r reject (a fault: its pairs are labelled inspect)   s split (decide its pairs "
	       "one by one)\n"
	       "n the change in the group's next pair   m list the group's pairs   u undo the "
	       "last decision\n"
	       "q quit   ? this help\n");
}

/* What the review has decided, as one line; returns the exit status:
 * 0 when every flagged pair ended ignored, else 1 (rejected pairs are
 * faults, undecided ones still flagged). */
static int summary(const bc_review *r, const bc_files *f)
{
	size_t groups, pairs, ignored = 0, rejected = 0, flagged = 0;

	bc_left(r, &groups, &pairs);
	for (size_t i = 0; i < r->s->n; i++) {
		ignored += r->state[i] == BC_IGNORED;
		rejected += r->state[i] == BC_REJECTED;
		flagged += r->s->items[i].inspect != 0;
	}
	printf("%zu %s: %zu flagged %s ignored by accepted changes, %zu rejected",
	       r->n, r->n == 1 ? "decision" : "decisions", ignored, ignored == 1 ? "pair" : "pairs",
	       rejected);
	if (pairs)
		printf("; %zu %s in %zu %s undecided, still flagged", pairs,
		       pairs == 1 ? "pair" : "pairs", groups, groups == 1 ? "group" : "groups");
	if (r->ungrouped)
		printf("; %zu flagged %s not grouped (no residual change to group by, or more "
		       "than a change signature set keeps: review "
		       "them with 'smart review')", r->ungrouped, r->ungrouped == 1 ? "pair" : "pairs");
	printf("\n");
	if (f->accepted_written)
		printf("accepted changes: %s\n", f->accepted_path);
	if (f->labels_touched)
		printf("labels: %s\n", f->labels_path);
	return ignored == flagged ? CLI_SAME : CLI_DIFFER;
}

enum { BC_STAY, BC_NEXT, BC_QUIT, BC_TROUBLE };

/* What one key does to the group on screen. */
static int on_key(bc_review *r, bc_files *f, bc_group *g, size_t *member, int key, int colour,
		  smart_error *err)
{
	size_t before = 0, after = 0;

	printf("%c\n", key >= ' ' && key < 127 ? key : ' ');
	switch (key) {
	case 'a':
	case 'A':
	case 'e':
	case 'r':
	case 's':
		for (size_t i = 0; i < r->s->n; i++)
			before += r->state[i] == BC_IGNORED;
		if (bc_decide(r, key == 'a'   ? BC_ACCEPT
				 : key == 'A' ? BC_ACCEPT_ALL
				 : key == 'e' ? BC_ACCEPT_EXACT
				 : key == 'r' ? BC_REJECT
					      : BC_SPLIT,
			      g, *member, err))
			return BC_TROUBLE;
		if (bc_remember(f, r, err)) {
			bc_undo(r); /* the files are as they were: so is the review */
			return BC_TROUBLE;
		}
		for (size_t i = 0; i < r->s->n; i++)
			after += r->state[i] == BC_IGNORED;
		if (key == 'a' || key == 'A' || key == 'e')
			printf("accepted: %zu %s ignored (remembered in %s)\n", after - before,
			       after - before == 1 ? "pair" : "pairs", f->accepted_path);
		else if (key == 'r')
			printf("rejected: %zu %s labelled inspect (%s)\n", r->d[r->n - 1].n_members,
			       r->d[r->n - 1].n_members == 1 ? "pair" : "pairs", f->labels_path);
		else
			printf("split: its %zu pairs come one by one\n", r->d[r->n - 1].n_members);
		return BC_NEXT;
	case 'u':
		if (!bc_undo(r)) {
			printf("nothing to undo\n");
			return BC_STAY;
		}
		if (bc_remember(f, r, err))
			return BC_TROUBLE;
		printf("undone: the last decision is taken back\n");
		return BC_NEXT;
	case 'n':
		if (g->n < 2) {
			printf("the group has one pair\n");
			return BC_STAY;
		}
		++*member;
		if (bc_show(stdout, r, g, *member, colour, err))
			printf("smart: %s\n", err->message);
		return BC_STAY;
	case 'm':
		bc_list_members(stdout, r, g);
		return BC_STAY;
	case 'q':
	case 4: /* Ctrl-D */
		return BC_QUIT;
	case '?':
		print_keys();
		return BC_STAY;
	default:
		printf("unknown key; ? for help\n");
		return BC_STAY;
	}
}

/* After the last group: undo or quit. */
static int all_decided(bc_review *r, bc_files *f, smart_error *err)
{
	for (;;) {
		int key;

		printf("every group is decided: [u]ndo the last decision, [q]uit > ");
		fflush(stdout);
		key = review_term_key();
		printf("%c\n", key >= ' ' && key < 127 ? key : ' ');
		if (key == 'q' || key == 4)
			return BC_QUIT;
		if (key != 'u')
			continue;
		if (!bc_undo(r))
			return BC_QUIT;
		if (bc_remember(f, r, err))
			return BC_TROUBLE;
		printf("undone: the last decision is taken back\n");
		return BC_NEXT;
	}
}

int review_by_change(review_suite *s, bc_files *f)
{
	bc_review r;
	bc_group g = { 0 };
	smart_error err = { "" };
	int colour = review_colour_wanted(), got = BC_NEXT, rc;

	if (bc_init(&r, s, &err))
		return cli_fail(&err);
	rc = bc_next(&r, &g, &err);
	bc_group_free(&g);
	if (rc <= 0) { /* no group at all: nothing to ask */
		rc = rc < 0 ? cli_fail(&err) : summary(&r, f);
		bc_free(&r);
		return rc;
	}
	if (review_term_enter(&err)) {
		bc_free(&r);
		return cli_fail(&err);
	}
	while (got == BC_NEXT) {
		size_t member = 0;

		rc = bc_next(&r, &g, &err);
		if (rc < 0) {
			got = BC_TROUBLE;
			break;
		}
		if (rc == 0) {
			got = all_decided(&r, f, &err);
			continue;
		}
		printf("\n");
		if (bc_show(stdout, &r, &g, 0, colour, &err))
			printf("smart: %s\n", err.message);
		do {
			printf("[a]ccept [A]ll [e]xact [r]eject [s]plit [n]ext pair [m]embers [u]ndo [q]uit [?] > ");
			fflush(stdout);
			got = on_key(&r, f, &g, &member, review_term_key(), colour, &err);
		} while (got == BC_STAY);
		bc_group_free(&g);
	}
	bc_group_free(&g);
	fflush(stdout);
	review_term_leave();
	rc = got == BC_TROUBLE ? cli_fail(&err) : summary(&r, f);
	bc_free(&r);
	return rc;
}

int review_by_change_run(review_suite *s, const char *accepted_given,
			 const review_labels *labels)
{
	bc_files f = { .labels_path = labels->path };
	size_t flagged = 0;

	for (size_t i = 0; i < s->n; i++)
		flagged += s->items[i].inspect != 0;
	if (flagged == 0) {
		printf("nothing to review: %zu %s, none flagged inspect\n", s->n,
		       s->n == 1 ? "pair" : "pairs");
		return CLI_SAME;
	}
	f.accepted_path = accepted_given ? accepted_given
			: s->accepted && strcmp(s->accepted_path, CLI_ACCEPTED_MODEL) ? s->accepted_path
			: CLI_ACCEPTED_FILE;
	f.mkdir_parent = labels->mkdir_parent ||
			 strncmp(f.accepted_path, ".smart/", 7) == 0;
	/* marks this review's entries in both files, so that an undo takes back
	 * exactly what it wrote */
	snprintf(f.session, sizeof(f.session), "review --by-change %ld-%ld", (long)getpid(),
		 (long)time(NULL));
	return review_by_change(s, &f);
}
