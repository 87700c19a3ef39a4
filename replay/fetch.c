/*
 * One HTTP exchange of a session with libcurl: the request as recorded
 * (headers the cookie jar or libcurl own left out), the session's cookies
 * from curl's in-memory cookie engine, and redirects followed by hand, as a
 * browser does, so that every hop is recorded and every target host is
 * checked before anything connects to it.
 */
#include "internal.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#define RP_MAX_REDIRECTS 20
#define RP_MAX_BODY ((size_t)256 * 1024 * 1024)

struct rp_client {
	CURL *curl;
	const smart_replay_options *o;
	smart_strbuf *sink;    /* the body being received */
	int too_big;
	int host_listed;       /* the current host is in allow_hosts */
	char *referer;         /* the last page, sent as a browser would */
	char errbuf[CURL_ERROR_SIZE];
};

int smart_replay_host_allowed(const char *host, const char *const *allow, size_t allow_count)
{
	char h[256];
	size_t len = strlen(host);
	struct in_addr a4;
	struct in6_addr a6;

	if (len >= 2 && host[0] == '[' && host[len - 1] == ']')
		host++, len -= 2;
	if (len == 0 || len >= sizeof(h))
		return 0;
	memcpy(h, host, len);
	h[len] = '\0';
	for (size_t i = 0; i < allow_count; i++)
		if (strcasecmp(allow[i], h) == 0)
			return 1;
	if (strcasecmp(h, "localhost") == 0 ||
	    (len > 10 && strcasecmp(h + len - 10, ".localhost") == 0))
		return 1;
	if (inet_pton(AF_INET, h, &a4) == 1)
		return (ntohl(a4.s_addr) >> 24) == 127;
	if (inet_pton(AF_INET6, h, &a6) == 1)
		return IN6_IS_ADDR_LOOPBACK(&a6) ||
		       (IN6_IS_ADDR_V4MAPPED(&a6) && a6.s6_addr[12] == 127);
	return 0;
}

/* libcurl's socket opener: a host that is not listed explicitly must
 * resolve to a loopback address ("localhost" in /etc/hosts could say
 * otherwise). */
static curl_socket_t open_socket(void *ctx, curlsocktype purpose, struct curl_sockaddr *a)
{
	const rp_client *c = ctx;
	int loopback = 0;

	(void)purpose;
	if (a->family == AF_INET) {
		const struct sockaddr_in *in = (const void *)&a->addr;

		loopback = (ntohl(in->sin_addr.s_addr) >> 24) == 127;
	} else if (a->family == AF_INET6) {
		const struct sockaddr_in6 *in6 = (const void *)&a->addr;

		loopback = IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr) ||
			   (IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr) &&
			    in6->sin6_addr.s6_addr[12] == 127);
	}
	if (!loopback && !c->host_listed)
		return CURL_SOCKET_BAD;
	return socket(a->family, a->socktype, a->protocol);
}

/* libcurl's body sink: appends to the response, refusing bodies beyond
 * RP_MAX_BODY so that one runaway page cannot exhaust memory. */
static size_t receive(char *data, size_t size, size_t n, void *ctx)
{
	rp_client *c = ctx;

	if (c->sink->len + size * n > RP_MAX_BODY) {
		c->too_big = 1;
		return 0;
	}
	return smart__strbuf_append(c->sink, data, size * n) < 0 ? 0 : size * n;
}

rp_client *smart__rp_client_new(const smart_replay_options *o, smart_error *err)
{
	rp_client *c = calloc(1, sizeof(*c));
	long timeout_ms = (long)(o->timeout_s ? o->timeout_s : 30) * 1000L;
	CURLcode rc = CURLE_OK;

	if (!c || !(c->curl = curl_easy_init())) {
		free(c);
		smart_error_set(err, "cannot start libcurl (out of memory?)");
		return NULL;
	}
	c->o = o;
#define SET(opt, val) if (rc == CURLE_OK) rc = curl_easy_setopt(c->curl, opt, val)
	SET(CURLOPT_COOKIEFILE, ""); /* the cookie engine, in memory only */
	SET(CURLOPT_FOLLOWLOCATION, 0L);
	SET(CURLOPT_PROTOCOLS_STR, "http,https");
	SET(CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	SET(CURLOPT_PROXY, "");      /* never through a proxy from the environment */
	SET(CURLOPT_NOPROXY, "*");
	SET(CURLOPT_TIMEOUT_MS, timeout_ms);
	SET(CURLOPT_CONNECTTIMEOUT_MS, timeout_ms < 10000 ? timeout_ms : 10000L);
	SET(CURLOPT_NOSIGNAL, 1L);
	SET(CURLOPT_ACCEPT_ENCODING, "");
	SET(CURLOPT_ERRORBUFFER, c->errbuf);
	SET(CURLOPT_WRITEFUNCTION, receive);
	SET(CURLOPT_WRITEDATA, c);
	SET(CURLOPT_OPENSOCKETFUNCTION, open_socket);
	SET(CURLOPT_OPENSOCKETDATA, c);
	SET(CURLOPT_USERAGENT, "smart-replay/" "1");
#undef SET
	if (rc != CURLE_OK) {
		smart_error_set(err, "libcurl: %s", curl_easy_strerror(rc));
		smart__rp_client_free(c);
		return NULL;
	}
	return c;
}

void smart__rp_client_free(rp_client *c)
{
	if (!c)
		return;
	curl_easy_cleanup(c->curl);
	free(c->referer);
	free(c);
}

void smart__rp_response_free(rp_response *r)
{
	free(r->final_url);
	free(r->content_type);
	smart__strbuf_free(&r->body);
	for (size_t i = 0; i < r->hop_count; i++)
		free(r->hops[i].url);
	free(r->hops);
	memset(r, 0, sizeof(*r));
}

/* The header list for one hop; NULL when out of memory. */
static struct curl_slist *header_list(const smart_replay_header *h, size_t n, int with_body)
{
	struct curl_slist *list = curl_slist_append(NULL, "Expect:");

	for (size_t i = 0; list && i < n; i++) {
		struct curl_slist *more;
		char *line;

		if (strcasecmp(h[i].name, "host") == 0 || strcasecmp(h[i].name, "cookie") == 0 ||
		    strcasecmp(h[i].name, "content-length") == 0 ||
		    (!with_body && strcasecmp(h[i].name, "content-type") == 0))
			continue;
		if (asprintf(&line, "%s: %s", h[i].name, h[i].value) < 0) {
			curl_slist_free_all(list);
			return NULL;
		}
		more = curl_slist_append(list, line);
		free(line);
		if (!more) {
			curl_slist_free_all(list);
			return NULL;
		}
		list = more;
	}
	return list;
}

/* Sets the method and body of the next hop. */
static CURLcode set_method(CURL *curl, const char *method, const char *body, size_t len)
{
	CURLcode rc = curl_easy_setopt(curl, CURLOPT_NOBODY, 0L);

	if (rc == CURLE_OK)
		rc = curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, (char *)NULL);
	if (rc == CURLE_OK)
		rc = curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
	if (rc != CURLE_OK || strcmp(method, "GET") == 0)
		return rc;
	if (strcmp(method, "HEAD") == 0)
		return curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
	if (body || strcmp(method, "POST") == 0) {
		rc = curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
		if (rc == CURLE_OK)
			rc = curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body ? body : "");
	}
	if (rc == CURLE_OK && strcmp(method, "POST") != 0)
		rc = curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
	return rc;
}

/* Checks a URL before connecting: http(s) and an allowed host. Writes the
 * reason into r->error when refused. */
static int url_allowed(rp_client *c, const char *url, rp_response *r)
{
	char host[256];

	if (smart__rp_url_origin_len(url) == 0) {
		snprintf(r->error, sizeof(r->error), "refused: %.200s is not an http(s) URL", url);
		return 0;
	}
	smart__rp_url_host(url, host, sizeof(host));
	if (!smart_replay_host_allowed(host, c->o->allow_hosts, c->o->allow_count)) {
		snprintf(r->error, sizeof(r->error),
			 "refused: host %.100s is not loopback (allow it with --allow-host)", host);
		return 0;
	}
	c->host_listed = 0;
	for (size_t i = 0; i < c->o->allow_count; i++)
		c->host_listed |= strcasecmp(c->o->allow_hosts[i], host) == 0;
	return 1;
}

int smart__rp_client_fetch(rp_client *c, const char *method, const char *url,
		    const smart_replay_header *headers, size_t header_count, const char *body,
		    size_t body_len, rp_response *r, smart_error *err)
{
	char *current = strdup(url);
	int with_body = body != NULL;

	memset(r, 0, sizeof(*r));
	if (!current)
		return smart_error_oom(err);
	for (int hop = 0;; hop++) {
		struct curl_slist *list;
		CURLcode rc;
		char *location = NULL, *type = NULL;
		double seconds = 0;

		if (!url_allowed(c, current, r))
			break;
		list = header_list(headers, header_count, with_body);
		if (!list) {
			free(current);
			return smart_error_oom(err);
		}
		smart__strbuf_free(&r->body);
		c->sink = &r->body;
		c->too_big = 0;
		c->errbuf[0] = '\0';
		rc = curl_easy_setopt(c->curl, CURLOPT_URL, current);
		if (rc == CURLE_OK)
			rc = curl_easy_setopt(c->curl, CURLOPT_HTTPHEADER, list);
		if (rc == CURLE_OK)
			rc = curl_easy_setopt(c->curl, CURLOPT_REFERER, c->referer);
		if (rc == CURLE_OK)
			rc = set_method(c->curl, method, with_body ? body : NULL, body_len);
		if (rc == CURLE_OK)
			rc = curl_easy_perform(c->curl);
		curl_easy_getinfo(c->curl, CURLINFO_TOTAL_TIME, &seconds);
		r->seconds += seconds;
		curl_easy_setopt(c->curl, CURLOPT_HTTPHEADER, (struct curl_slist *)NULL);
		curl_slist_free_all(list);
		if (rc != CURLE_OK) {
			snprintf(r->error, sizeof(r->error), "%s",
				 c->too_big ? "response larger than 256 MB"
				 : c->errbuf[0] ? c->errbuf : curl_easy_strerror(rc));
			if (rc == CURLE_COULDNT_CONNECT && !c->host_listed && !c->errbuf[0])
				snprintf(r->error, sizeof(r->error), "could not connect");
			break;
		}
		curl_easy_getinfo(c->curl, CURLINFO_RESPONSE_CODE, &r->status);
		curl_easy_getinfo(c->curl, CURLINFO_REDIRECT_URL, &location);
		if ((r->status == 301 || r->status == 302 || r->status == 303 ||
		     r->status == 307 || r->status == 308) && location) {
			rp_hop *hops;

			if (hop == RP_MAX_REDIRECTS) {
				snprintf(r->error, sizeof(r->error), "more than %d redirects",
					 RP_MAX_REDIRECTS);
				break;
			}
			/* One at a time: at most RP_MAX_REDIRECTS hops. */
			hops = realloc(r->hops, (r->hop_count + 1) * sizeof(*hops));
			if (hops)
				r->hops = hops;
			if (!hops || !(location = strdup(location))) {
				free(current);
				return smart_error_oom(err);
			}
			r->hops = hops;
			hops[r->hop_count].status = r->status;
			hops[r->hop_count++].url = location;
			/* Browsers turn 303 (and 301/302 after a POST) into a GET. */
			if ((r->status == 303 && strcmp(method, "HEAD") != 0) ||
			    ((r->status == 301 || r->status == 302) && strcmp(method, "POST") == 0)) {
				method = "GET";
				with_body = 0;
			}
			free(current);
			current = strdup(location);
			if (!current)
				return smart_error_oom(err);
			continue;
		}
		curl_easy_getinfo(c->curl, CURLINFO_CONTENT_TYPE, &type);
		if (type && !(r->content_type = strdup(type))) {
			free(current);
			return smart_error_oom(err);
		}
		break;
	}
	r->final_url = current;
	if (!r->error[0]) {
		free(c->referer);
		c->referer = strdup(current);
	}
	if (!r->body.data && smart__strbuf_append(&r->body, "", 0) < 0)
		return smart_error_oom(err);
	return 0;
}
