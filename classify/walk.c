/* Matching the files of two folders by relative path (classify/walk.h). */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/array.h"

typedef struct list {
	char **items;
	size_t n, cap;
} list;

struct smart_walk {
	list old_files, new_files;
	size_t i, j;
};

static int list_push(list *l, char *s)
{
	if (!s)
		return -1;
	if (smart_array_reserve((void **)&l->items, &l->cap, l->n, sizeof(*l->items), 64) < 0) {
		free(s);
		return -1;
	}
	l->items[l->n++] = s;
	return 0;
}

static void list_free(list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->items[i]);
	free(l->items);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *path_join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s%s%s", a, *a ? "/" : "", b);
	return p;
}

/* Every regular file below `root`, as paths relative to it, sorted. */
static int list_files(const char *root, list *files, smart_error *err)
{
	list pending = { 0 };
	int rc = -1;

	if (list_push(&pending, strdup("")))
		return smart_error_oom(err);
	while (pending.n > 0) {
		char *rel = pending.items[--pending.n];
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

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			child = path_join(rel, e->d_name);
			full = child ? path_join(root, child) : NULL;
			if (!full || lstat(full, &st) != 0) {
				free(child);
				free(full);
				continue; /* vanished while listing */
			}
			free(full);
			if (S_ISDIR(st.st_mode) ? list_push(&pending, child)
			    : S_ISREG(st.st_mode) ? list_push(files, child)
						  : (free(child), 0)) {
				closedir(d);
				free(dir);
				free(rel);
				smart_error_oom(err);
				goto done;
			}
		}
		closedir(d);
		free(dir);
		free(rel);
	}
	qsort(files->items, files->n, sizeof(char *), by_name);
	rc = 0;
done:
	list_free(&pending);
	return rc;
}

smart_walk *smart_walk_new(const char *old_dir, const char *new_dir,
			   smart_error *err)
{
	smart_walk *w = calloc(1, sizeof(*w));

	if (!w) {
		smart_error_oom(err);
		return NULL;
	}
	if (list_files(old_dir, &w->old_files, err) || list_files(new_dir, &w->new_files, err)) {
		smart_walk_free(w);
		return NULL;
	}
	return w;
}

int smart_walk_next(smart_walk *w, const char **rel, int *side, smart_error *err)
{
	(void)err;
	if (w->i < w->old_files.n && w->j < w->new_files.n) {
		int c = strcmp(w->old_files.items[w->i], w->new_files.items[w->j]);

		if (c == 0) {
			*rel = w->old_files.items[w->i++];
			w->j++;
			*side = SMART_WALK_BOTH;
		} else if (c < 0) {
			*rel = w->old_files.items[w->i++];
			*side = SMART_WALK_OLD_ONLY;
		} else {
			*rel = w->new_files.items[w->j++];
			*side = SMART_WALK_NEW_ONLY;
		}
		return 1;
	}
	if (w->i < w->old_files.n) {
		*rel = w->old_files.items[w->i++];
		*side = SMART_WALK_OLD_ONLY;
		return 1;
	}
	if (w->j < w->new_files.n) {
		*rel = w->new_files.items[w->j++];
		*side = SMART_WALK_NEW_ONLY;
		return 1;
	}
	return 0;
}

void smart_walk_free(smart_walk *w)
{
	if (!w)
		return;
	list_free(&w->old_files);
	list_free(&w->new_files);
	free(w);
}
