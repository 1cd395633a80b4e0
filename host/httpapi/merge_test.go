package httpapi_test

import "testing"

// TestConsolidateRoutes merges two entities made by hand under two names
// of one company, leaves a look-alike order apart, then unmerges through
// the API; bad input is a 400 and an unknown entity a 404.
func TestConsolidateRoutes(t *testing.T) {
	a := newAPI(t, nil)
	ids := map[string]string{}
	for _, name := range []string{"Umbrella", "Umbrella Corporation", "ORD-1001", "ORD-1002"} {
		var created map[string]any
		if code, raw := a.do("POST", "/entity-node", map[string]any{"group_id": "cm", "name": name}, &created); code != 201 {
			t.Fatalf("POST /entity-node %q = %d %s", name, code, raw)
		}
		ids[name] = created["uuid"].(string)
	}
	type report struct {
		Merges []struct {
			Merged   struct{ UUID, Name string } `json:"merged"`
			Survivor struct{ UUID, Name string } `json:"survivor"`
		} `json:"merges"`
		DryRun bool `json:"dry_run"`
	}
	var dry report
	if code, raw := a.do("POST", "/v1/groups/cm/consolidate?dry_run=true", nil, &dry); code != 200 || !dry.DryRun || len(dry.Merges) != 1 {
		t.Fatalf("POST consolidate?dry_run=true = %d %s, want one merge, dry", code, raw)
	}
	var rep report
	code, raw := a.do("POST", "/v1/groups/cm/consolidate", nil, &rep)
	if code != 200 || len(rep.Merges) != 1 {
		t.Fatalf("POST consolidate = %d %s, want one merge", code, raw)
	}
	m := rep.Merges[0]
	if got := m.Merged.Name + "+" + m.Survivor.Name; got != "Umbrella+Umbrella Corporation" && got != "Umbrella Corporation+Umbrella" {
		t.Errorf("merged %q, want Umbrella with Umbrella Corporation", got)
	}
	var list struct {
		Entities []map[string]any `json:"entities"`
	}
	a.do("GET", "/v1/groups/cm/entities", nil, &list)
	if len(list.Entities) != 3 {
		t.Errorf("entities after the merge = %d, want 3 (the merged one hidden, the orders apart): %v", len(list.Entities), list.Entities)
	}
	if code, raw := a.do("POST", "/v1/groups/cm/entities/"+m.Merged.UUID+"/unmerge", nil, nil); code != 200 {
		t.Fatalf("POST unmerge = %d %s, want 200", code, raw)
	}
	a.do("GET", "/v1/groups/cm/entities", nil, &list)
	if len(list.Entities) != 4 {
		t.Errorf("entities after the unmerge = %d, want 4", len(list.Entities))
	}
	for _, tt := range []struct {
		name, path string
		want       int
	}{
		{"bad dry_run", "/v1/groups/cm/consolidate?dry_run=maybe", 400},
		{"unknown entity", "/v1/groups/cm/entities/nosuch/unmerge", 404},
		{"entity never merged", "/v1/groups/cm/entities/" + ids["ORD-1001"] + "/unmerge", 400},
		{"another group's entity", "/v1/groups/other/entities/" + m.Merged.UUID + "/unmerge", 404},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if code, raw := a.do("POST", tt.path, nil, nil); code != tt.want {
				t.Errorf("POST %s = %d %s, want %d", tt.path, code, raw, tt.want)
			}
		})
	}
}
