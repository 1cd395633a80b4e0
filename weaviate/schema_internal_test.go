package weaviate

import (
	"regexp"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// TestTenantOf checks that every valid group id maps to a valid Weaviate
// tenant name, that plain ids map to themselves, and that distinct ids
// map to distinct tenants.
func TestTenantOf(t *testing.T) {
	valid := regexp.MustCompile(`^[A-Za-z0-9\-_]{1,64}$`)
	long := ""
	for range 128 {
		long += "a"
	}
	tests := []struct {
		group, want string
	}{
		{"tenant-a", "tenant-a"},
		{"A1", "A1"},
		{"a_b", ""}, {"a.b", ""}, {"a:b", ""}, {"user@example.com", ""}, {long, ""}, {long[:64], long[:64]}, {long[:65], ""},
	}
	seen := map[string]string{}
	for _, tt := range tests {
		if err := core.ValidateGroupID(tt.group); err != nil {
			t.Fatalf("ValidateGroupID(%q) = %v", tt.group, err)
		}
		got := tenantOf(tt.group)
		if !valid.MatchString(got) {
			t.Errorf("tenantOf(%q) = %q, not a valid tenant name", tt.group, got)
		}
		if tt.want != "" && got != tt.want {
			t.Errorf("tenantOf(%q) = %q, want %q", tt.group, got, tt.want)
		}
		if other, dup := seen[got]; dup {
			t.Errorf("tenantOf(%q) = tenantOf(%q) = %q", tt.group, other, got)
		}
		seen[got] = tt.group
	}
}

// TestObjectID checks that ids are UUIDv5, stable, and differ by kind,
// group and uuid.
func TestObjectID(t *testing.T) {
	id := objectID(core.ScopeFacts, "g", "f1")
	if id != objectID(core.ScopeFacts, "g", "f1") {
		t.Errorf("objectID is not stable")
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(string(id)) {
		t.Errorf("objectID = %s, not a UUIDv5", id)
	}
	for _, other := range []string{
		string(objectID(core.ScopeEntities, "g", "f1")), string(objectID(core.ScopeFacts, "h", "f1")),
		string(objectID(core.ScopeFacts, "g", "f2")), string(ownerID(core.ScopeFacts, "f1")), string(recordID("g", "facts", "f1")),
	} {
		if other == string(id) {
			t.Errorf("objectID(facts, g, f1) = %s is shared", id)
		}
	}
}
