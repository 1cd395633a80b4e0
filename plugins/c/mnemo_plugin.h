/*
 * mnemo_plugin.h: the mnemo plugin ABI, version 1, for C (docs/plugins.md).
 *
 * A plugin is a WASI preview 1 reactor module. Build one with clang and a
 * WASI sysroot (wasi-sdk; or on Debian 12, apt-get install clang lld
 * wasi-libc libclang-rt-14-dev-wasm32):
 *
 *   clang --target=wasm32-wasi -mexec-model=reactor -O2 -o plugin.wasm plugin.c
 *
 * This header declares the host functions (module "mnemo"), names the
 * exports, and defines the few helpers every plugin needs: the allocator
 * export, the packing of an answer, and an answer buffer kept until the
 * next call. Define MNEMO_PLUGIN_IMPLEMENTATION in exactly one file before
 * including it to get mnemo_abi_version, mnemo_alloc and the helpers; then
 * export mnemo_describe, mnemo_configure (optional) and one function per
 * capability yourself, with MNEMO_EXPORT. Messages are JSON: parse them
 * with any JSON library.
 */
#ifndef MNEMO_PLUGIN_H
#define MNEMO_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#define MNEMO_ABI_VERSION 1

/* Export a function under the name the host calls. */
#define MNEMO_EXPORT(name) __attribute__((export_name(name)))

/* Negative returns of the host functions. */
#define MNEMO_ERR_BAD_MEMORY (-1) /* a pointer or length outside the plugin's memory */
#define MNEMO_ERR_NO_RESULT (-2)  /* result_read with no pending result */
#define MNEMO_ERR_DENIED (-3)     /* the manifest does not grant the function */
#define MNEMO_ERR_TOO_LARGE (-4)  /* the request or result is over the size limit */
#define MNEMO_ERR_LIMIT (-5)      /* the per-call budget of host calls is used up */

/* Levels of mnemo_log. */
#define MNEMO_LOG_DEBUG 0
#define MNEMO_LOG_INFO 1
#define MNEMO_LOG_WARN 2
#define MNEMO_LOG_ERROR 3

/*
 * Host functions. llm_complete and embed take a JSON request and return the
 * length of the JSON result, which result_read then copies into memory the
 * plugin owns; a negative return is one of the MNEMO_ERR codes. log never
 * fails.
 */
__attribute__((import_module("mnemo"), import_name("llm_complete")))
int32_t mnemo_llm_complete(const char *ptr, int32_t len);
__attribute__((import_module("mnemo"), import_name("embed")))
int32_t mnemo_embed(const char *ptr, int32_t len);
__attribute__((import_module("mnemo"), import_name("result_read")))
int32_t mnemo_result_read(char *ptr, int32_t len);
__attribute__((import_module("mnemo"), import_name("log")))
void mnemo_log(int32_t level, const char *ptr, int32_t len);

/*
 * mnemo_answer keeps a copy of the n bytes at json until the next call and
 * returns the packed location the exports return: pointer in the high 32
 * bits, length in the low 32. It returns 0 (an empty answer) if it cannot
 * allocate.
 */
int64_t mnemo_answer(const char *json, size_t n);

/* mnemo_answer_str answers with a NUL-terminated string. */
int64_t mnemo_answer_str(const char *json);

#ifdef MNEMO_PLUGIN_IMPLEMENTATION
#include <stdlib.h>
#include <string.h>

static char *mnemo_output_; /* the last answer, freed on the next one */

MNEMO_EXPORT("mnemo_abi_version") int32_t mnemo_abi_version(void) { return MNEMO_ABI_VERSION; }

/* The host writes a request into the buffer this returns; the export that
 * receives it owns it and frees it. */
MNEMO_EXPORT("mnemo_alloc") void *mnemo_alloc(int32_t size) { return malloc((size_t)size); }

int64_t mnemo_answer(const char *json, size_t n) {
    free(mnemo_output_);
    mnemo_output_ = malloc(n ? n : 1);
    if (mnemo_output_ == NULL) {
        return 0;
    }
    memcpy(mnemo_output_, json, n);
    return ((int64_t)(uintptr_t)mnemo_output_ << 32) | (int64_t)n;
}

int64_t mnemo_answer_str(const char *json) { return mnemo_answer(json, strlen(json)); }
#endif /* MNEMO_PLUGIN_IMPLEMENTATION */

#endif /* MNEMO_PLUGIN_H */
