// go-kuzu v0.11.3 (archived, last release) leaks the C copy of every
// string it binds as a statement parameter: its goValueToKuzuValue passes
// C.CString(v) to kuzu_value_create_string and never frees it, and the
// field names of every struct (a map parameter) the same way to
// kuzu_value_create_struct. Kuzu's C API copies both (its header says so
// for the struct's names; the string goes into a std::string), so these
// definitions, which the executable's references to the two functions
// bind to, call Kuzu's own and then free what go-kuzu left. Nothing else
// in mnemo calls them; they are hidden, so Kuzu's library cannot reach
// them. See cparams_linux.go.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct kuzu_value kuzu_value;
typedef int kuzu_state;

typedef kuzu_value *(*create_string_fn)(const char *);
typedef kuzu_state (*create_struct_fn)(uint64_t, const char **, kuzu_value **, kuzu_value **);

// kuzu_next returns Kuzu's own function of that name, found once and
// kept in *slot.
static void *kuzu_next(void **slot, const char *name) {
	void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (f != NULL) {
		return f;
	}
	f = dlsym(RTLD_NEXT, name);
	if (f == NULL) {
		fprintf(stderr, "mnemo: Kuzu's %s not found: %s\n", name, dlerror());
		abort();
	}
	__atomic_store_n(slot, f, __ATOMIC_RELEASE);
	return f;
}

__attribute__((visibility("hidden"))) uint64_t mnemo_kuzu_freed_strings;

__attribute__((visibility("hidden"))) kuzu_value *kuzu_value_create_string(const char *val) {
	static void *real;
	create_string_fn f = (create_string_fn)kuzu_next(&real, "kuzu_value_create_string");
	kuzu_value *v = f(val);
	free((void *)val);
	__atomic_add_fetch(&mnemo_kuzu_freed_strings, 1, __ATOMIC_RELAXED);
	return v;
}

__attribute__((visibility("hidden"))) kuzu_state kuzu_value_create_struct(uint64_t num_fields, const char **field_names,
	kuzu_value **field_values, kuzu_value **out_value) {
	static void *real;
	create_struct_fn f = (create_struct_fn)kuzu_next(&real, "kuzu_value_create_struct");
	kuzu_state st = f(num_fields, field_names, field_values, out_value);
	for (uint64_t i = 0; i < num_fields; i++) {
		free((void *)field_names[i]);
	}
	__atomic_add_fetch(&mnemo_kuzu_freed_strings, num_fields, __ATOMIC_RELAXED);
	return st;
}
