package httpapi_test

import (
	"testing"
)

// TestEvolveRoutes: feedback, a run far in the future, the kept report and
// include_archived on the listings, through HTTP.
func TestEvolveRoutes(t *testing.T) {
	a := newAPI(t, nil)
	// Dana is the hub of five facts; a fact touching a hub of two would
	// be central enough to stay.
	for _, tgt := range []string{"Lyon", "Tea", "Jazz", "Rome", "Chess"} {
		if code, raw := a.do("POST", "/v1/groups/ev-1/facts", map[string]any{"source": "Dana", "relation": "LIKES", "target": tgt}, nil); code != 201 {
			t.Fatalf("POST facts = %d %s", code, raw)
		}
	}
	var facts factList
	a.do("GET", "/v1/groups/ev-1/facts", nil, &facts)
	if len(facts.Facts) != 5 {
		t.Fatalf("facts = %+v, want 5", facts)
	}
	var tea, lyon string
	for _, f := range facts.Facts {
		if f.Target == "Tea" {
			tea = f.UUID
		} else if f.Target == "Lyon" {
			lyon = f.UUID
		}
	}
	for _, bad := range []map[string]any{
		{"scope": "episode", "uuid": tea, "feedback": "pin"},
		{"scope": "fact", "uuid": tea, "feedback": "love"},
		{"scope": "fact", "uuid": "no-such-fact", "feedback": "pin"},
	} {
		if code, _ := a.do("POST", "/v1/groups/ev-1/feedback", bad, nil); code != 400 && code != 404 {
			t.Errorf("POST feedback %v = %d, want 400 or 404", bad, code)
		}
	}
	if code, raw := a.do("POST", "/v1/groups/ev-1/feedback", map[string]any{"scope": "fact", "uuid": tea, "feedback": "pin"}, nil); code != 200 {
		t.Fatalf("POST feedback = %d %s", code, raw)
	}
	var rep struct {
		Archived []struct {
			UUID string `json:"uuid"`
		} `json:"archived"`
		DryRun bool `json:"dry_run"`
	}
	if code, raw := a.do("POST", "/v1/groups/ev-1/evolve", map[string]any{"now": "2099-01-01"}, &rep); code != 200 {
		t.Fatalf("POST evolve = %d %s", code, raw)
	}
	archived := map[string]bool{}
	for _, it := range rep.Archived {
		archived[it.UUID] = true
	}
	if !archived[lyon] || archived[tea] {
		t.Errorf("archived = %v, want the Lyon fact and not the pinned tea fact", rep.Archived)
	}
	var now, all factList
	a.do("GET", "/v1/groups/ev-1/facts", nil, &now)
	a.do("GET", "/v1/groups/ev-1/facts?include_archived=true", nil, &all)
	if len(now.Facts) != 1 || now.Facts[0].UUID != tea || len(all.Facts) != 5 {
		t.Errorf("facts = %d, with include_archived %d; want the pinned one, then both", len(now.Facts), len(all.Facts))
	}
	if code, _ := a.do("GET", "/v1/groups/ev-1/facts?include_archived=maybe", nil, nil); code != 400 {
		t.Errorf("include_archived=maybe = %d, want 400", code)
	}
	var reps struct {
		Reports []struct {
			Scored int `json:"scored"`
		} `json:"reports"`
	}
	if code, raw := a.do("GET", "/v1/groups/ev-1/evolve/reports", nil, &reps); code != 200 || len(reps.Reports) != 1 || reps.Reports[0].Scored != 11 {
		t.Errorf("GET evolve/reports = %d %s, want one report of 11 scored", code, raw)
	}
}
