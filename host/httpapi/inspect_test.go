package httpapi_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/host"
)

// entityList decodes a listing of entities.
type entityList struct {
	Entities []struct {
		UUID string `json:"uuid"`
		Name string `json:"name"`
	} `json:"entities"`
}

// TestEntityAndEpisodeLinks: an entity's facts (with their history) and
// episodes, and an episode's entities and facts, each group seeing only
// its own.
func TestEntityAndEpisodeLinks(t *testing.T) {
	a := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: "links-key-0123456789", Groups: []string{"links-1"}}}
	}).withKey("links-key-0123456789")
	type added struct {
		Episode string `json:"episode"`
	}
	var paris, lisbon, acme added
	add := func(body map[string]any, out *added) {
		t.Helper()
		if code, raw := a.do("POST", "/v1/groups/links-1/facts", body, out); code != 201 {
			t.Fatalf("POST facts = %d %s", code, raw)
		}
	}
	add(map[string]any{"source": "Ines", "relation": "LIVES_IN", "target": "Paris", "valid_at": "2020-01-01", "reference_time": "2020-01-02"}, &paris)
	add(map[string]any{"source": "Ines", "relation": "WORKS_AT", "target": "Acme", "valid_at": "2021-01-01", "invalid_at": "2022-01-01", "reference_time": "2021-01-02"}, &acme)
	// mnemo learns of the move to Lisbon a minute after knownBefore.
	knownBefore := clock.now().UTC().Format(time.RFC3339Nano)
	clock.advance(time.Minute)
	add(map[string]any{"source": "Ines", "relation": "LIVES_IN", "target": "Lisbon", "valid_at": "2023-06-01", "reference_time": "2023-06-02"}, &lisbon)
	var ents entityList
	a.do("GET", "/v1/groups/links-1/entities", nil, &ents)
	ines := ""
	for _, e := range ents.Entities {
		if e.Name == "Ines" {
			ines = e.UUID
		}
	}
	if ines == "" {
		t.Fatalf("no entity Ines in %+v", ents)
	}
	base := "/v1/groups/links-1/entities/" + ines

	var one struct {
		UUID string `json:"uuid"`
		Name string `json:"name"`
	}
	if code, raw := a.do("GET", base, nil, &one); code != 200 || one.Name != "Ines" {
		t.Errorf("GET entity = %d %s, want Ines", code, raw)
	}

	targets := func(path string) []string {
		t.Helper()
		var fl factList
		if code, raw := a.do("GET", path, nil, &fl); code != 200 {
			t.Fatalf("GET %s = %d %s", path, code, raw)
		}
		var out []string
		for _, f := range fl.Facts {
			if f.SourceUUID != ines {
				t.Errorf("GET %s: fact %q has source_uuid %q, want %q", path, f.Fact, f.SourceUUID, ines)
			}
			out = append(out, f.Target)
		}
		slices.Sort(out)
		return out
	}
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"", []string{"Lisbon"}},
		{"?history=true", []string{"Acme", "Lisbon", "Paris"}},
		{"?valid_at=2021-06-01", []string{"Acme", "Paris"}},
		{"?known_at=" + knownBefore, []string{"Paris"}},
		{"?valid_at=2021-06-01&known_at=" + knownBefore, []string{"Acme", "Paris"}},
	} {
		if got := targets(base + "/facts" + tc.query); !slices.Equal(got, tc.want) {
			t.Errorf("GET .../facts%s targets = %v, want %v", tc.query, got, tc.want)
		}
	}

	var eps struct {
		Episodes []struct {
			UUID string `json:"uuid"`
		} `json:"episodes"`
	}
	if code, raw := a.do("GET", base+"/episodes", nil, &eps); code != 200 {
		t.Fatalf("GET entity episodes = %d %s", code, raw)
	}
	var got []string
	for _, e := range eps.Episodes {
		got = append(got, e.UUID)
	}
	if want := []string{paris.Episode, acme.Episode, lisbon.Episode}; !slices.Equal(got, want) {
		t.Errorf("entity episodes = %v, want %v (oldest first)", got, want)
	}

	// The Paris episode: its two entities, and its fact, superseded since.
	var epEnts entityList
	a.do("GET", "/v1/groups/links-1/episodes/"+paris.Episode+"/entities", nil, &epEnts)
	var names []string
	for _, e := range epEnts.Entities {
		names = append(names, e.Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"Ines", "Paris"}) {
		t.Errorf("episode entities = %v, want [Ines Paris]", names)
	}
	var epFacts factList
	a.do("GET", "/v1/groups/links-1/episodes/"+paris.Episode+"/facts", nil, &epFacts)
	if len(epFacts.Facts) != 1 || epFacts.Facts[0].Target != "Paris" || epFacts.Facts[0].ExpiredAt == nil {
		t.Errorf("episode facts = %+v, want the Paris fact, expired", epFacts.Facts)
	}

	// Another group's entity and episode, seen from links-1.
	other := newAPI(t, nil)
	var carol added
	if code, raw := other.do("POST", "/v1/groups/links-2/facts", map[string]any{"source": "Carol", "relation": "LIVES_IN", "target": "Oslo"}, &carol); code != 201 {
		t.Fatalf("POST links-2 facts = %d %s", code, raw)
	}
	var ents2 entityList
	other.do("GET", "/v1/groups/links-2/entities", nil, &ents2)
	if len(ents2.Entities) == 0 {
		t.Fatal("no entity in links-2")
	}
	carolUUID := ents2.Entities[0].UUID

	// Unknown uuids, and another group's, are 404; a group the key may not
	// use is 403.
	for _, tc := range []struct {
		path string
		want int
	}{
		{"/v1/groups/links-1/entities/no-such-entity", 404},
		{"/v1/groups/links-1/entities/no-such-entity/facts", 404},
		{"/v1/groups/links-1/entities/no-such-entity/episodes", 404},
		{"/v1/groups/links-1/episodes/no-such-episode/entities", 404},
		{"/v1/groups/links-1/episodes/no-such-episode/facts", 404},
		{"/v1/groups/links-1/entities/" + carolUUID, 404},
		{"/v1/groups/links-1/entities/" + carolUUID + "/facts", 404},
		{"/v1/groups/links-1/entities/" + carolUUID + "/episodes", 404},
		{"/v1/groups/links-1/episodes/" + carol.Episode + "/entities", 404},
		{"/v1/groups/links-1/episodes/" + carol.Episode + "/facts", 404},
		{"/v1/groups/links-1/entities/" + ines + "/facts?history=maybe", 400},
		{"/v1/groups/links-2/entities/" + ines, 403},
		{"/v1/groups/links-2/episodes/" + paris.Episode + "/facts", 403},
	} {
		if code, raw := a.do("GET", tc.path, nil, nil); code != tc.want {
			t.Errorf("GET %s = %d %s, want %d", tc.path, code, raw, tc.want)
		}
	}
}

// TestInspectorMounted: the server serves the web inspector at /ui/, with
// no key even when keys are configured (the page asks for one), and
// redirects /ui there.
func TestInspectorMounted(t *testing.T) {
	a := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: "inspector-mounted-0123456789", Groups: []string{"*"}}}
	})
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.Get(a.base + "/ui")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != "/ui/" {
		t.Errorf("GET /ui = %d to %q, want 301 to /ui/", resp.StatusCode, resp.Header.Get("Location"))
	}
	code, raw := a.do("GET", "/ui/", nil, nil)
	if code != 200 || !strings.Contains(string(raw), "mnemo inspector") {
		t.Errorf("GET /ui/ = %d %.80s, want the page", code, raw)
	}
	if code, raw := a.do("GET", "/v1/key", nil, nil); code != 401 {
		t.Errorf("GET /v1/key without a key = %d %s, want 401", code, raw)
	}
}
