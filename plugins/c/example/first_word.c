/*
 * first_word: a reranker in C, written against mnemo_plugin.h. It scores
 * each candidate 1 if its text contains the query's first word and 0
 * otherwise, and ranks the 1s first, keeping the input order among equals. It parses the request
 * by hand to need no JSON library: it reads only "query", "uuid" and
 * "text", which the host writes without escapes for plain text (a real
 * plugin should use a JSON parser).
 *
 *   clang --target=wasm32-wasi -mexec-model=reactor -O2 -I.. -o first_word.wasm first_word.c
 */
#define MNEMO_PLUGIN_IMPLEMENTATION
#include "mnemo_plugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MNEMO_EXPORT("mnemo_describe") int64_t describe(void) {
    return mnemo_answer_str("{\"name\":\"first-word\",\"version\":\"1.0.0\",\"abi_version\":1,"
                            "\"description\":\"prefers candidates containing the query's first word\","
                            "\"capabilities\":[\"rerank\"],\"imports\":[\"log\"]}");
}

/* string_after copies into out (of size cap) the JSON string value that
 * follows key at or after from, and returns where it ends, or NULL. */
static const char *string_after(const char *from, const char *key, char *out, size_t cap) {
    const char *k = strstr(from, key);
    if (k == NULL) {
        return NULL;
    }
    const char *v = strchr(k + strlen(key), '"');
    if (v == NULL) {
        return NULL;
    }
    v++;
    const char *end = strchr(v, '"');
    if (end == NULL) {
        return NULL;
    }
    size_t n = (size_t)(end - v);
    if (n >= cap) {
        n = cap - 1;
    }
    memcpy(out, v, n);
    out[n] = 0;
    return end + 1;
}

MNEMO_EXPORT("mnemo_rerank") int64_t rerank(char *ptr, int32_t len) {
    char *req = malloc((size_t)len + 1);
    memcpy(req, ptr, (size_t)len);
    req[len] = 0;
    free(ptr);

    char query[256] = "";
    string_after(req, "\"query\":", query, sizeof query);
    char *space = strchr(query, ' ');
    if (space != NULL) {
        *space = 0;
    }

    /* Two passes over the candidates: those with the word, then the rest,
     * each in input order: the host keeps the plugin's order. */
    size_t cap = 64 + 2 * (size_t)len, n = 0;
    char *out = malloc(cap);
    n += (size_t)snprintf(out + n, cap - n, "{\"results\":[");
    int first = 1, count = 0;
    char uuid[256], text[4096];
    for (int pass = 1; pass >= 0; pass--) {
        const char *at = strstr(req, "\"candidates\":");
        while (at != NULL && (at = string_after(at, "\"uuid\":", uuid, sizeof uuid)) != NULL) {
            if ((at = string_after(at, "\"text\":", text, sizeof text)) == NULL) {
                break;
            }
            int hit = query[0] != 0 && strstr(text, query) != NULL;
            if (hit != pass) {
                continue;
            }
            n += (size_t)snprintf(out + n, cap - n, "%s{\"uuid\":\"%s\",\"score\":%d}", first ? "" : ",", uuid, hit);
            first = 0;
            count++;
        }
    }
    n += (size_t)snprintf(out + n, cap - n, "]}");

    char line[64];
    int m = snprintf(line, sizeof line, "candidates=%d", count);
    mnemo_log(MNEMO_LOG_DEBUG, line, m);
    int64_t answer = mnemo_answer(out, n);
    free(out);
    free(req);
    return answer;
}
