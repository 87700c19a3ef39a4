/*
 * A web server's access log in the combined (or common) format, as Apache
 * and nginx write it:
 *
 *   HOST IDENT USER [10/Oct/2000:13:55:36 -0700] "GET /path HTTP/1.1" 200 2326 "referer" "agent"
 *
 * The log holds no bodies, so only GET requests are replayed (the others
 * are counted as skipped). As in Sprenkle et al. 2005, a session is one
 * client address until 30 minutes pass without a request from it; sessions
 * are replayed in the order of their first request.
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common/array.h"

#define RP_SESSION_GAP (30.0 * 60.0)

typedef struct log_entry {
	const char *client; /* arena */
	const char *method; /* arena; NULL when the request line is unusable */
	const char *target; /* arena */
	double time;
	size_t line;
} log_entry;

/* Skips one space-free field; returns its end. */
static const char *field(const char *p, const char *end)
{
	while (p < end && *p != ' ')
		p++;
	return p;
}

/* Parses "10/Oct/2000:13:55:36 -0700" into seconds since the epoch. Every
 * field is range-checked and the zone must be a sign and four digits
 * (HHMM): a zone read as any integer overflowed once multiplied into
 * seconds (found by fuzzing). */
static int parse_time(const char *s, size_t len, double *out)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	char mon[4], zone[5], sign, buf[64];
	int day, year, h, m, sec, zh, zm, n = 0;
	const char *found;
	struct tm tm = { 0 };

	if (len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (sscanf(buf, "%2d/%3[A-Za-z]/%4d:%2d:%2d:%2d %c%4[0-9]%n", &day, mon, &year, &h, &m,
		   &sec, &sign, zone, &n) != 8 || (size_t)n != len)
		return -1;
	if ((sign != '+' && sign != '-') || strlen(zone) != 4 || day < 1 || day > 31 ||
	    year < 1 || h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60)
		return -1;
	zh = (zone[0] - '0') * 10 + (zone[1] - '0');
	zm = (zone[2] - '0') * 10 + (zone[3] - '0');
	if (zm > 59)
		return -1;
	found = strstr(months, mon);
	if (!found || (found - months) % 3 != 0 || strlen(mon) != 3)
		return -1;
	tm.tm_mday = day;
	tm.tm_mon = (int)((found - months) / 3);
	tm.tm_year = year - 1900;
	tm.tm_hour = h;
	tm.tm_min = m;
	tm.tm_sec = sec;
	/* -0700 means local time is seven hours behind UTC. */
	*out = (double)timegm(&tm) - (sign == '-' ? -1 : 1) * (zh * 3600 + zm * 60);
	return 0;
}

/* Reads a quoted field with the servers' escapes (\" \\ \xHH) into buf;
 * returns the position after the closing quote or NULL. */
static const char *quoted(const char *p, const char *end, char *buf, size_t size)
{
	size_t k = 0;

	if (p >= end || *p != '"')
		return NULL;
	for (p++; p < end && *p != '"'; p++) {
		char c = *p;

		if (c == '\\' && p + 1 < end) {
			p++;
			c = *p;
			if (c == 'x' && p + 2 < end && isxdigit((unsigned char)p[1]) &&
			    isxdigit((unsigned char)p[2])) {
				char hex[3] = { p[1], p[2], 0 };

				c = (char)strtol(hex, NULL, 16);
				p += 2;
			}
		}
		if (k + 1 < size)
			buf[k++] = c;
	}
	buf[k] = '\0';
	return p < end ? p + 1 : NULL;
}

/* Parses one line into `e`. Returns 0, or -1 when it is not a log line. */
static int parse_line(smart_replay_set *set, const char *p, const char *end, log_entry *e)
{
	const char *q = field(p, end), *close;
	char request[8192], method[32];
	size_t mlen, tlen;

	if (q == p)
		return -1;
	e->client = smart__rp_strndup(set, p, (size_t)(q - p));
	if (!e->client)
		return -2;
	for (int i = 0; i < 2; i++) { /* ident, user */
		if (q >= end || *q != ' ')
			return -1;
		p = q + 1;
		q = field(p, end);
		if (q == p)
			return -1;
	}
	if (q + 1 >= end || q[0] != ' ' || q[1] != '[')
		return -1;
	close = memchr(q + 2, ']', (size_t)(end - q - 2));
	if (!close || parse_time(q + 2, (size_t)(close - q - 2), &e->time) < 0)
		return -1;
	if (close + 1 >= end || close[1] != ' ')
		return -1;
	p = quoted(close + 2, end, request, sizeof(request));
	if (!p || p >= end || *p != ' ')
		return -1;
	q = ++p; /* status: three digits or '-' */
	p = field(p, end);
	if (!((p - q == 3 && isdigit((unsigned char)q[0]) && isdigit((unsigned char)q[1]) &&
	       isdigit((unsigned char)q[2])) || (p - q == 1 && *q == '-')))
		return -1;
	/* The request line: METHOD SP TARGET [SP VERSION]. Anything else (a TLS
	 * handshake, "-") is a request nobody can replay. */
	mlen = strcspn(request, " ");
	e->method = NULL;
	if (mlen == 0 || mlen >= sizeof(method) || request[mlen] != ' ')
		return 0;
	memcpy(method, request, mlen);
	method[mlen] = '\0';
	for (size_t i = 0; i < mlen; i++)
		if (!isupper((unsigned char)method[i]))
			return 0;
	tlen = strcspn(request + mlen + 1, " ");
	if (tlen == 0)
		return 0;
	request[mlen + 1 + tlen] = '\0';
	if (request[mlen + 1] != '/' && smart__rp_url_origin_len(request + mlen + 1) == 0)
		return 0;
	e->method = smart__rp_strdup(set, method);
	e->target = smart__rp_url_target(set, request + mlen + 1);
	return e->method && e->target ? 0 : -2;
}

/* Orders log entries by client, then time, then line: each client's
 * requests become one run that the 30-minute rule cuts into sessions. */
static int by_client_then_time(const void *a, const void *b)
{
	const log_entry *x = a, *y = b;
	int c = strcmp(x->client, y->client);

	if (c)
		return c;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

typedef struct log_session {
	size_t first, count; /* a run of the sorted entries */
	double time;         /* of its first request */
	size_t line;         /* of its first request */
} log_session;

/* Replay order: the session whose first request came first (by time, then
 * by line, so no two compare equal). */
static int by_first_request(const void *a, const void *b)
{
	const log_session *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}


int smart__rp_load_access_log(smart_replay_set *set, const char *path, const char *data,
		       size_t len, const smart_replay_load_options *o, smart_error *err)
{
	log_entry *v = NULL;
	log_session *runs = NULL;
	size_t n = 0, cap = 0, nruns = 0, line = 0;
	char base[64];
	int rc = -1;

	for (const char *p = data, *end = data + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *stop = nl ? nl : end;
		int prc;

		line++;
		if (stop > p && stop[-1] == '\r')
			stop--;
		if (stop == p) {
			p = nl ? nl + 1 : end;
			continue;
		}
		if (smart__array_reserve((void **)&v, &cap, n, sizeof(*v), 256) < 0) {
			smart_error_oom(err);
			goto out;
		}
		v[n].line = line;
		prc = parse_line(set, p, stop, &v[n]);
		if (prc == -2) {
			smart_error_oom(err);
			goto out;
		}
		if (prc < 0) {
			smart_error_set(err, "%s:%zu: not an access log line in the combined or "
					"common format (HOST IDENT USER [TIME] \"REQUEST\" STATUS "
					"BYTES ...)", path, line);
			goto out;
		}
		n++;
		p = nl ? nl + 1 : end;
	}
	if (n == 0) {
		smart_error_set(err, "%s: no requests in the access log", path);
		goto out;
	}
	qsort(v, n, sizeof(*v), by_client_then_time);
	runs = malloc(n * sizeof(*runs));
	if (!runs) {
		smart_error_oom(err);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		if (i == 0 || strcmp(v[i].client, v[i - 1].client) != 0 ||
		    v[i].time - v[i - 1].time > RP_SESSION_GAP)
			runs[nruns++] = (log_session){ i, 0, v[i].time, v[i].line };
		runs[nruns - 1].count++;
	}
	/* An insertion sort here was quadratic in the number of sessions
	 * (40 000 clients took 5 s). */
	qsort(runs, nruns, sizeof(*runs), by_first_request);
	smart__rp_base_name(path, base, sizeof(base));
	for (size_t k = 0; k < nruns; k++) {
		char name[160], where[128];
		int width = nruns < 100 ? 2 : nruns < 1000 ? 3 : 6;

		snprintf(name, sizeof(name), "%s-%0*zu-%s", base, width, k + 1,
			 v[runs[k].first].client);
		if (!smart__rp_session_begin(set, name, path, err))
			goto out;
		for (size_t i = runs[k].first; i < runs[k].first + runs[k].count; i++) {
			smart_replay_request req = { 0 };

			if (!v[i].method || strcmp(v[i].method, "GET") != 0 ||
			    (!o->keep_static && smart__rp_target_is_static(v[i].target))) {
				set->sessions[set->count - 1].skipped++;
				continue;
			}
			snprintf(where, sizeof(where), "%s:%zu", path, v[i].line);
			req.method = "GET";
			req.target = v[i].target;
			req.recorded_url = v[i].target;
			req.time = v[i].time;
			req.where = where;
			if (smart__rp_session_add(set, &req, err) < 0)
				goto out;
		}
		smart__rp_session_drop_if_empty(set);
	}
	rc = 0;
out:
	free(runs);
	free(v);
	return rc;
}
