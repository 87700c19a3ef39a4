/* Matching the files of two folders by relative path (classify/walk.h). */
#include "walk.h"

#include "smart/classify.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "common/array.h"
#include "common/folder_write.h"
#include "smart/file.h"

/* A file below a folder: its relative path, and why it is not classified
 * (NULL: it is a document to pair). */
typedef struct entry {
	char *rel;
	const char *skip;
} entry;

typedef struct list {
	entry *items;
	size_t n, cap;
} list;

struct smart_walk {
	list old_files, new_files;
	size_t i, j;
};

/* Appends `rel` (taking it; NULL is out of memory) with its skip reason. */
static int list_push(list *l, char *rel, const char *skip)
{
	if (!rel)
		return -1;
	if (smart__array_reserve((void **)&l->items, &l->cap, l->n, sizeof(*l->items), 64) < 0) {
		free(rel);
		return -1;
	}
	l->items[l->n].rel = rel;
	l->items[l->n++].skip = skip;
	return 0;
}

static void list_free(list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->items[i].rel);
	free(l->items);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const entry *)a)->rel, ((const entry *)b)->rel);
}

/* Names that say "document" without a look inside. */
static int has_document_extension(const char *path)
{
	static const char *const ext[] = { ".html", ".htm", ".xhtml", ".shtml", ".xml",
					   ".svg", ".rss", ".atom", ".rdf", ".xsd", NULL };
	const char *dot = strrchr(path, '.');

	if (!dot || strchr(dot, '/'))
		return 0;
	for (size_t i = 0; ext[i]; i++)
		if (strcasecmp(dot, ext[i]) == 0)
			return 1;
	return 0;
}

/* True when `data` starts like markup: after a byte-order mark and white
 * space, a '<' (a tag, a doctype, an XML declaration or a comment). JSON,
 * plain text and binaries do not. */
static int starts_like_markup(const char *data, size_t n)
{
	const unsigned char *buf = (const unsigned char *)data;
	size_t i = 0;

	if (n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF)
		i = 3;
	while (i < n && isspace(buf[i]))
		i++;
	return i < n && buf[i] == '<';
}

/* starts_like_markup on the first bytes of regular file `full`. */
static int sniffs_as_markup(const char *full)
{
	char buf[512];
	size_t n;
	FILE *f = fopen(full, "rb");

	if (!f)
		return 1; /* unreadable: let the read report why */
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	return starts_like_markup(buf, n);
}

int smart_looks_like_document(const char *name, const char *data, size_t len)
{
	return has_document_extension(name) || starts_like_markup(data, len < 512 ? len : 512);
}

/* 1 when the symbolic link `full` resolves to a place outside the folder
 * whose real path is `root_real` (or cannot be resolved at all). */
static int leaves_tree(const char *root_real, const char *full)
{
	char *real = realpath(full, NULL);
	size_t n = strlen(root_real);
	int out;

	if (!real)
		return 1;
	out = strncmp(real, root_real, n) != 0 || (real[n] != '/' && !(n == 1 && *root_real == '/'));
	free(real);
	return out;
}

/* Why a directory entry with lstat result `st` is not a document to pair,
 * or NULL when it is (a regular file, or a symbolic link to one inside
 * the folder tree whose real path is `root_real`, that is HTML or XML by
 * its name or its first bytes). A link to a file outside the tree is no
 * more followed than a link to a folder: `/etc/passwd` linked as
 * page.html is neither read nor scored, and review never writes through
 * it. Never opens anything but a regular file, so a FIFO cannot block
 * the walk. */
static const char *skip_reason(const char *root_real, const char *full, const struct stat *st)
{
	struct stat target;

	if (S_ISLNK(st->st_mode)) {
		if (stat(full, &target) != 0)
			return errno == ELOOP ? "symbolic link loop" : "dangling symbolic link";
		if (S_ISDIR(target.st_mode))
			return "symbolic link to a folder (not followed)";
		if (leaves_tree(root_real, full))
			return "symbolic link out of the folder (not followed)";
		st = &target;
	}
	if (S_ISFIFO(st->st_mode))
		return "FIFO, not a regular file";
	if (S_ISSOCK(st->st_mode))
		return "socket, not a regular file";
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		return "device, not a regular file";
	if (!S_ISREG(st->st_mode))
		return "not a regular file";
	if (!has_document_extension(full) && !sniffs_as_markup(full))
		return "not HTML or XML (by its name and first bytes)";
	return NULL;
}

static char *path_join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s%s%s", a, *a ? "/" : "", b);
	return p;
}

/* Every regular file below `root`, as paths relative to it, sorted;
 * smart's own temporary files (a write a kill interrupted) left out
 * without a word. */
static int list_files(const char *root, list *files, smart_error *err)
{
	list pending = { 0 };
	char *root_real = realpath(root, NULL);
	int rc = -1;

	if (!root_real)
		return smart_error_set(err, "%s: %s", root, strerror(errno));
	if (list_push(&pending, strdup(""), NULL)) {
		free(root_real);
		return smart_error_oom(err);
	}
	while (pending.n > 0) {
		char *rel = pending.items[--pending.n].rel;
		char *dir = *rel ? path_join(root, rel) : strdup(root);
		DIR *d = dir ? opendir(dir) : NULL;
		struct dirent *e;

		if (!d) {
			smart_error_set(err, "%s: %s", dir ? dir : root,
					dir ? strerror(errno) : "out of memory");
			free(dir);
			free(rel);
			goto done;
		}
		while ((e = readdir(d))) {
			char *child, *full;
			struct stat st;

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
			    smart__is_temp_name(e->d_name))
				continue;
			child = path_join(rel, e->d_name);
			full = child ? path_join(root, child) : NULL;
			if (!full || lstat(full, &st) != 0) {
				free(child);
				free(full);
				continue; /* vanished while listing */
			}
			if (S_ISDIR(st.st_mode) ? list_push(&pending, child, NULL)
						: list_push(files, child, skip_reason(root_real, full, &st))) {
				free(full);
				closedir(d);
				free(dir);
				free(rel);
				smart_error_oom(err);
				goto done;
			}
			free(full);
		}
		closedir(d);
		free(dir);
		free(rel);
	}
	if (files->n > 1) /* qsort(NULL, 0, ...) is undefined: an empty folder */
		qsort(files->items, files->n, sizeof(*files->items), by_name);
	rc = 0;
done:
	list_free(&pending);
	free(root_real);
	return rc;
}

smart_walk *smart__walk_new(const char *old_dir, const char *new_dir,
			   smart_error *err)
{
	smart_walk *w = calloc(1, sizeof(*w));

	if (!w) {
		smart_error_oom(err);
		return NULL;
	}
	if (list_files(old_dir, &w->old_files, err) || list_files(new_dir, &w->new_files, err)) {
		smart__walk_free(w);
		return NULL;
	}
	return w;
}

int smart__walk_next(smart_walk *w, const char **rel, int *side, const char **skip)
{
	const entry *old = w->i < w->old_files.n ? &w->old_files.items[w->i] : NULL;
	const entry *new = w->j < w->new_files.n ? &w->new_files.items[w->j] : NULL;
	int c;

	if (!old && !new)
		return 0;
	c = !old ? 1 : !new ? -1 : strcmp(old->rel, new->rel);
	if (c == 0) {
		*rel = old->rel;
		*side = SMART_WALK_BOTH;
		*skip = old->skip ? old->skip : new->skip;
		w->i++;
		w->j++;
	} else if (c < 0) {
		*rel = old->rel;
		*side = SMART_WALK_OLD_ONLY;
		*skip = old->skip;
		w->i++;
	} else {
		*rel = new->rel;
		*side = SMART_WALK_NEW_ONLY;
		*skip = new->skip;
		w->j++;
	}
	return 1;
}

void smart__walk_free(smart_walk *w)
{
	if (!w)
		return;
	list_free(&w->old_files);
	list_free(&w->new_files);
	free(w);
}

char *smart_classify_dirs_app(const char *old_dir, const char *new_dir, char *buf, size_t size)
{
	char *o = realpath(old_dir, NULL), *n = realpath(new_dir, NULL);
	char *os = o ? strrchr(o, '/') : NULL, *ns = n ? strrchr(n, '/') : NULL;

	/* side by side in one folder that is not the root: that folder */
	if (os && ns && os > o && os - o == ns - n && memcmp(o, n, (size_t)(os - o)) == 0) {
		*os = '\0';
		smart_file_last_name(o, buf, size);
	} else {
		smart_file_last_name(new_dir, buf, size);
	}
	free(o);
	free(n);
	return buf;
}
