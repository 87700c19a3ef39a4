/*
 * A pair's view for the HTML report: both trees as the report's script
 * draws them, marked from the DiffX edit script, with the volatile values
 * scrubbing discounted told apart (docs/report.md, "The view data"). The
 * trees are those the classification measured (scrubbed, then aligned);
 * the values shown are the parsed ones, read with the scrub log undone.
 */
#include "view.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/strbuf.h"
#include "smart/profile.h"

#define VIEW_FULL 200       /* documents of at most this many content nodes: drawn whole */
#define VIEW_MAX_NODES 800 /* lines drawn per side at most */
#define VIEW_MAX_TEXT 300   /* bytes of a text or value drawn at most */

/* One side of the pair and what the script says about its nodes. */
typedef struct side {
	const smart_tree *t;       /* as measured */
	const smart_tree *raw;     /* as parsed */
	const uint32_t *raw_of;    /* measured -> parsed, or NULL */
	char *mark;                /* per node: 0, or d D i I m M u (root / inside) */
	uint32_t *op;              /* per node: the op it is the root of, or SMART_NONE */
	uint32_t *attr_op;         /* per node: its first attribute op, or SMART_NONE */
	unsigned char *hot;        /* per node: drawn in full (large documents) */
	const char **text;         /* per node: the text as measured */
	smart_attr *attrs;         /* the attributes as measured */
	uint32_t *attr_first, *attr_count;
	int old;
} side;

typedef struct view {
	const smart_diff *d;
	side s[2];
	uint32_t *next_attr_op[2]; /* per op: the node's next attribute op on that side */
	int ok;
} view;

/* Drops a string into `arr`, cut at VIEW_MAX_TEXT bytes (at a UTF-8
 * character boundary). */
static void add_text(view *v, cJSON *arr, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	char *cut;

	if (n <= VIEW_MAX_TEXT) {
		v->ok &= cJSON_AddItemToArray(arr, cJSON_CreateString(s ? s : ""));
		return;
	}
	n = VIEW_MAX_TEXT;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	cut = malloc(n + 4);
	if (!cut) {
		v->ok = 0;
		return;
	}
	memcpy(cut, s, n);
	memcpy(cut + n, "\xe2\x80\xa6", 4); /* … */
	v->ok &= cJSON_AddItemToArray(arr, cJSON_CreateString(cut));
	free(cut);
}

static void add_number(view *v, cJSON *arr, double x)
{
	v->ok &= cJSON_AddItemToArray(arr, cJSON_CreateNumber(x));
}

/* The script's path of op k: the new tree's for an insert, else the old
 * tree's, in the parsed trees (so it reads as `smart diff --json` does). */
static void add_op_path(view *v, cJSON *arr, uint32_t k)
{
	const smart_edit_op *op = &v->d->ops[k];
	const side *s = &v->s[op->kind == SMART_OP_INSERT];
	uint32_t node = op->kind == SMART_OP_INSERT ? op->new_node : op->old_node;
	char buf[512], *path = buf;
	size_t need;

	node = s->raw_of ? s->raw_of[node] : node;
	need = smart_tree_path(s->raw, node, buf, sizeof(buf));
	if (need >= sizeof(buf)) {
		path = malloc(need + 1);
		if (!path) {
			v->ok = 0;
			return;
		}
		smart_tree_path(s->raw, node, path, need + 1);
	}
	v->ok &= cJSON_AddItemToArray(arr, cJSON_CreateString(path));
	if (path != buf)
		free(path);
}

/* Marks node `root` of side s with `m` and the nodes of its subtree that
 * `inside` selects (unmatched, or not yet marked) with `inner`. */
static void mark_subtree(side *s, const uint32_t *match, uint32_t root, char m, char inner)
{
	uint32_t end = root + s->t->nodes[root].size;

	s->mark[root] = m;
	for (uint32_t k = root + 1; k < end; k++)
		if (!s->mark[k] && (inner == 'M' || match[k] == SMART_NONE))
			s->mark[k] = inner;
}

/* Reads the script into the sides' marks. */
static void mark_ops(view *v)
{
	const smart_diff *d = v->d;
	side *o = &v->s[0], *n = &v->s[1];

	for (uint32_t k = 0; k < d->op_count; k++) {
		const smart_edit_op *op = &d->ops[k];

		switch (op->kind) {
		case SMART_OP_DELETE:
			mark_subtree(o, d->old_to_new, op->old_node, 'd', 'D');
			o->op[op->old_node] = k;
			break;
		case SMART_OP_INSERT:
			mark_subtree(n, d->new_to_old, op->new_node, 'i', 'I');
			n->op[op->new_node] = k;
			break;
		case SMART_OP_MOVE:
			mark_subtree(o, d->old_to_new, op->old_node, 'm', 'M');
			mark_subtree(n, d->new_to_old, op->new_node, 'm', 'M');
			o->op[op->old_node] = n->op[op->new_node] = k;
			break;
		case SMART_OP_UPDATE:
			o->mark[op->old_node] = n->mark[op->new_node] = 'u';
			o->op[op->old_node] = n->op[op->new_node] = k;
			break;
		default: /* attributes: chained per element, in script order */
			for (int i = 0; i < 2; i++) {
				uint32_t node = i ? op->new_node : op->old_node, *at;

				at = &v->s[i].attr_op[node];
				while (*at != SMART_NONE)
					at = &v->next_attr_op[i][*at];
				*at = k;
			}
		}
	}
}

/* The attribute op of element `node` on side i for attribute `name` that
 * shows on that side, and its mark letter; SMART_NONE when none. */
static uint32_t attr_op_of(const view *v, int i, uint32_t node, const char *name, char *m)
{
	for (uint32_t k = v->s[i].attr_op[node]; k != SMART_NONE; k = v->next_attr_op[i][k]) {
		const smart_edit_op *op = &v->d->ops[k];

		if (strcmp(op->attr_name, name) != 0)
			continue;
		if (op->kind == SMART_OP_ATTR_CHANGE)
			return *m = 'c', k;
		if (op->kind == (i ? SMART_OP_ATTR_INSERT : SMART_OP_ATTR_DELETE))
			return *m = i ? 'i' : 'd', k;
	}
	return SMART_NONE;
}

/* The value attribute `name` of measured node k had as measured; NULL
 * when scrubbing removed it. */
static const char *measured_value(const side *s, uint32_t k, const char *name)
{
	for (uint32_t a = 0; a < s->attr_count[k]; a++)
		if (strcmp(s->attrs[s->attr_first[k] + a].name, name) == 0)
			return s->attrs[s->attr_first[k] + a].value;
	return NULL;
}

/* [name, value, mark, path]: attribute `a` of measured element k. */
static void add_attr(view *v, int i, uint32_t k, const smart_attr *a, cJSON *attrs)
{
	cJSON *e = cJSON_CreateArray();
	char m = 0;
	uint32_t op = e ? attr_op_of(v, i, k, a->name, &m) : SMART_NONE;
	const char *measured = measured_value(&v->s[i], k, a->name);

	if (!e || !cJSON_AddItemToArray(attrs, e)) {
		cJSON_Delete(e);
		v->ok = 0;
		return;
	}
	if (op == SMART_NONE)
		m = !measured ? 'p' : strcmp(measured, a->value ? a->value : "") ? 'v' : 0;
	add_text(v, e, a->name);
	add_text(v, e, a->value);
	v->ok &= cJSON_AddItemToArray(e, cJSON_CreateString((char[]){ m, 0 }));
	if (op != SMART_NONE)
		add_op_path(v, e, op);
}

/* One drawn line for measured node k of side i: [depth, tag, attrs, mark,
 * path] for an element, [depth, "#", text, mark, path(, measured text)] for
 * a text, [depth, "…", hidden nodes] for an element drawn closed. */
static void add_node(view *v, int i, uint32_t k, int closed, cJSON *out)
{
	const side *s = &v->s[i];
	const smart_node *n = &s->t->nodes[k];
	const smart_node *r = &s->raw->nodes[s->raw_of ? s->raw_of[k] : k];
	cJSON *line = cJSON_CreateArray(), *attrs;

	if (!line || !cJSON_AddItemToArray(out, line)) {
		cJSON_Delete(line);
		v->ok = 0;
		return;
	}
	add_number(v, line, n->depth - 1);
	if (closed) {
		add_text(v, line, "\xe2\x80\xa6");
		add_number(v, line, n->size);
		add_text(v, line, n->name);
		return;
	}
	add_text(v, line, n->kind == SMART_NODE_TEXT ? "#" : n->name);
	if (n->kind == SMART_NODE_TEXT) {
		add_text(v, line, r->text);
	} else {
		attrs = cJSON_CreateArray();
		v->ok &= attrs && cJSON_AddItemToArray(line, attrs);
		for (uint32_t a = 0; v->ok && a < r->attr_count; a++)
			add_attr(v, i, k, &smart_node_attrs(s->raw, r)[a], attrs);
	}
	v->ok &= cJSON_AddItemToArray(line, cJSON_CreateString((char[]){ s->mark[k], 0 }));
	if (s->op[k] != SMART_NONE)
		add_op_path(v, line, s->op[k]);
	else
		add_text(v, line, "");
	if (n->kind == SMART_NODE_TEXT && s->text[k] && strcmp(s->text[k], r->text ? r->text : ""))
		add_text(v, line, s->text[k]);
}

/* True when node k of side s is worth drawing in a large document: the
 * script touches it, or scrubbing changed one of its values. */
static int touched(const side *s, uint32_t k)
{
	const smart_node *n = &s->t->nodes[k];
	const smart_node *r = &s->raw->nodes[s->raw_of ? s->raw_of[k] : k];

	if ((s->mark[k] && s->mark[k] != 'M') || s->attr_op[k] != SMART_NONE)
		return 1; /* a moved subtree is drawn closed below its root */
	if (n->kind == SMART_NODE_TEXT)
		return s->text[k] && strcmp(s->text[k], r->text ? r->text : "") != 0;
	return s->attr_count[k] != r->attr_count ||
	       (s->attr_count[k] && memcmp(s->attrs + s->attr_first[k],
					   smart_node_attrs(s->raw, r),
					   s->attr_count[k] * sizeof(smart_attr)) != 0);
}

/* The lines of side i: every content node of a small document; of a large
 * one, the touched nodes, their ancestors, and their ancestors' other
 * children drawn closed. */
static cJSON *draw_side(view *v, int i)
{
	side *s = &v->s[i];
	const smart_tree *t = s->t;
	cJSON *out = cJSON_CreateArray();
	uint32_t content = 0, drawn = 0;
	int full;

	if (!out)
		return v->ok = 0, NULL;
	for (uint32_t k = 0; k < t->count; k++)
		content += smart_node_is_content(&t->nodes[k]) != 0;
	full = content <= VIEW_FULL;
	for (uint32_t k = t->count; !full && k-- > 1;)
		if (s->hot[k] || touched(s, k))
			s->hot[k] = s->hot[t->nodes[k].parent] = 1;
	for (uint32_t k = 1; v->ok && k < t->count;) {
		const smart_node *n = &t->nodes[k];
		int closed = !full && !s->hot[k];

		if (!smart_node_is_content(n) ||
		    (n->kind == SMART_NODE_TEXT && !s->mark[k] &&
		     (!n->text || !n->text[strspn(n->text, " \t\r\n")])) ||
		    (closed && n->parent != 0 && !s->hot[n->parent])) {
			k += n->size;
			continue;
		}
		if (drawn++ == VIEW_MAX_NODES) {
			add_node(v, i, k, 1, out); /* the rest, counted from here */
			break;
		}
		add_node(v, i, k, closed && n->kind == SMART_NODE_ELEMENT && n->size > 1, out);
		k += closed ? n->size : 1;
	}
	return out;
}

/* Allocates side i's arrays and takes the measured values before the log
 * is undone. 0, or -1 when out of memory. */
static int side_init(view *v, int i, const smart_aligned_pair *p)
{
	side *s = &v->s[i];
	const smart_tree *t = i ? p->diff->new_tree : p->diff->old_tree;
	uint32_t n = t->count ? t->count : 1;

	s->t = t;
	s->raw = i ? p->new_raw : p->old_raw;
	s->raw_of = i ? p->new_raw_of : p->old_raw_of;
	s->old = !i;
	s->mark = calloc(n, 1);
	s->hot = calloc(n, 1);
	s->op = malloc(n * sizeof(*s->op));
	s->attr_op = malloc(n * sizeof(*s->attr_op));
	s->text = malloc(n * sizeof(*s->text));
	s->attr_first = malloc(n * sizeof(*s->attr_first));
	s->attr_count = malloc(n * sizeof(*s->attr_count));
	s->attrs = malloc((t->attr_total ? t->attr_total : 1) * sizeof(*s->attrs));
	if (!s->mark || !s->hot || !s->op || !s->attr_op || !s->text || !s->attr_first ||
	    !s->attr_count || !s->attrs)
		return -1;
	for (uint32_t k = 0; k < t->count; k++) {
		s->op[k] = s->attr_op[k] = SMART_NONE;
		s->text[k] = t->nodes[k].text;
		s->attr_first[k] = t->nodes[k].attr_first;
		s->attr_count[k] = t->nodes[k].attr_count;
	}
	if (t->attr_total)
		memcpy(s->attrs, t->attrs, t->attr_total * sizeof(*s->attrs));
	return 0;
}

static void side_free(side *s)
{
	free(s->mark);
	free(s->hot);
	free(s->op);
	free(s->attr_op);
	free(s->text);
	free(s->attr_first);
	free(s->attr_count);
	free(s->attrs);
}

/* The printed JSON with every '<' written \u003c (only strings hold one). */
static char *script_safe(char *json)
{
	size_t n = 0, lt = 0;
	char *out, *w;

	for (; json[n]; n++)
		lt += json[n] == '<';
	if (!lt || !(out = malloc(n + 5 * lt + 1)))
		return lt ? (free(json), NULL) : json;
	w = out;
	for (const char *r = json; *r; r++) {
		if (*r != '<') {
			*w++ = *r;
			continue;
		}
		memcpy(w, "\\u003c", 6);
		w += 6;
	}
	*w = 0;
	free(json);
	return out;
}

char *smart__view_json(const smart_aligned_pair *p, smart_error *err)
{
	view v = { .d = p->diff, .ok = 1 };
	size_t ops = p->diff->op_count ? p->diff->op_count : 1;
	cJSON *root = NULL;
	char *text = NULL;

	if (side_init(&v, 0, p) || side_init(&v, 1, p) ||
	    !(v.next_attr_op[0] = malloc(ops * sizeof(uint32_t))) ||
	    !(v.next_attr_op[1] = malloc(ops * sizeof(uint32_t))))
		goto done;
	for (size_t k = 0; k < p->diff->op_count; k++)
		v.next_attr_op[0][k] = v.next_attr_op[1][k] = SMART_NONE;
	mark_ops(&v);
	if (p->log)
		smart_scrub_log_undo(p->log); /* the values as parsed */
	root = cJSON_CreateObject();
	v.ok &= root && cJSON_AddItemToObject(root, "o", draw_side(&v, 0)) &&
		cJSON_AddItemToObject(root, "n", draw_side(&v, 1));
	if (p->log)
		smart_scrub_log_redo(p->log);
	text = v.ok ? cJSON_PrintUnformatted(root) : NULL;
	text = text ? script_safe(text) : NULL;
done:
	cJSON_Delete(root);
	side_free(&v.s[0]);
	side_free(&v.s[1]);
	free(v.next_attr_op[0]);
	free(v.next_attr_op[1]);
	if (!text)
		smart_error_oom(err);
	return text;
}
