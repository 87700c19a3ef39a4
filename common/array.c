/* Growable arrays (common/array.h). */
#include "array.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

int smart__array_reserve(void **items, size_t *cap, size_t count, size_t size,
			size_t first)
{
	size_t bigger;
	void *grown;

	assert(count <= *cap && size > 0 && first > 0);
	if (count < *cap)
		return 0;
	bigger = *cap ? *cap * 2 : first;
	if (bigger < *cap || bigger > SIZE_MAX / size)
		return -1;
	grown = realloc(*items, bigger * size);
	if (!grown)
		return -1;
	*items = grown;
	*cap = bigger;
	return 0;
}
