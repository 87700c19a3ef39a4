/* Small cJSON helpers (common/json.h). */
#include "json.h"

const char *smart__json_opt_string(const cJSON *obj, const char *key, int *bad)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!it || cJSON_IsNull(it))
		return NULL;
	if (!cJSON_IsString(it)) {
		*bad = 1;
		return NULL;
	}
	return it->valuestring;
}

char *smart__json_print(cJSON *root, int built, int pretty, smart_error *err)
{
	char *text = NULL;

	if (built && root)
		text = pretty ? cJSON_Print(root) : cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	if (!text)
		smart_error_oom(err);
	return text;
}
