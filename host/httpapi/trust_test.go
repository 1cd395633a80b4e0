package httpapi_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

// trustFacts decodes a fact listing.
type trustFacts struct {
	Facts []wire.Fact `json:"facts"`
}

func (f trustFacts) texts() []string {
	out := []string{}
	for _, x := range f.Facts {
		out = append(out, x.Fact)
	}
	return out
}

// quarantined lists group's quarantined facts through /v1.
func (a *api) quarantined(group string) trustFacts {
	a.t.Helper()
	var out trustFacts
	if code, raw := a.do("GET", "/v1/groups/"+group+"/facts?quarantined=true", nil, &out); code != 200 {
		a.t.Fatalf("GET quarantined facts of %s = %d %s", group, code, raw)
	}
	return out
}

// TestKeysClaimOnlyTheirClasses: a key limited to the web class cannot
// write or approve as the user through /v1 or MCP over HTTP (403 and a
// message naming the class), nothing is written; through Zep and Graphiti,
// whose class comes from the message's role, a user message it sends is
// stored as the web's and its facts are quarantined. The unlimited key's
// user statement stays current.
func TestKeysClaimOnlyTheirClasses(t *testing.T) {
	const user, web = "trust-user-key-0123456789", "trust-web-key-0123456789"
	a := newMCPAPI(t, []host.APIKeyConfig{
		{Key: user, Groups: []string{"trust-*"}},
		{Key: web, Groups: []string{"trust-*"}, Trust: "web"},
	}, "trust-k")
	var acc accepted
	if code, raw := a.withKey(user).do("POST", "/v1/groups/trust-k/episodes", map[string]any{
		"source": "message", "content": "Uma: I live in Riga.", "reference_time": "2024-01-01"}, &acc); code != 202 {
		t.Fatalf("POST episode with the user key = %d %s", code, raw)
	}
	a.withKey(user).waitDone(acc.Episodes[0].StatusURL)

	w := a.withKey(web)
	for _, tc := range []struct {
		name, path string
		body       any
	}{
		{"v1 episode", "/v1/groups/trust-k/episodes", map[string]any{"source": "message", "content": "Uma: I live in Oslo.", "reference_time": "2024-02-01", "source_class": "user"}},
		{"v1 approve", "/v1/groups/trust-k/feedback", map[string]any{"scope": "fact", "uuid": "any-fact", "feedback": "approve", "source_class": "user"}},
	} {
		code, raw := w.do("POST", tc.path, tc.body, nil)
		if code != 403 || !strings.Contains(string(raw), `may not write as source class \"user\"`) {
			t.Errorf("%s claiming user with the web key = %d %s, want 403 naming the class", tc.name, code, raw)
		}
	}
	// Approving as itself: the web is below the threshold.
	if code, raw := w.do("POST", "/v1/groups/trust-k/feedback", map[string]any{"scope": "fact", "uuid": "any-fact", "feedback": "approve"}, nil); code != 400 || !strings.Contains(string(raw), "below the group's trust threshold") {
		t.Errorf("approve with the web key = %d %s, want 400 below the threshold", code, raw)
	}

	s, err := mcpConnect(t, a.base+"/mcp", "Authorization", "Bearer "+web)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tool := range []struct {
		name string
		args map[string]any
	}{
		{"add_memory", map[string]any{"name": "x", "episode_body": "Uma: I live in Oslo.", "source_class": "user"}},
		{"feedback", map[string]any{"scope": "fact", "uuid": "any-fact", "feedback": "approve", "source_class": "user"}},
	} {
		if msg := mcpCall(t, s, tool.name, tool.args, nil); !strings.Contains(msg, `may not write as source class "user"`) {
			t.Errorf("MCP %s claiming user with the web key = %q, want a refusal naming the class", tool.name, msg)
		}
	}
	var eps struct {
		Episodes []wire.Episode `json:"episodes"`
	}
	a.withKey(user).do("GET", "/v1/groups/trust-k/episodes", nil, &eps)
	if len(eps.Episodes) != 1 || eps.Episodes[0].SourceClass != "user" {
		t.Errorf("episodes after the refused claims = %+v, want the user's one", eps.Episodes)
	}

	// Zep: a user-role message from the web key is the web's.
	zep := &zepClient{t: t, base: a.base + "/api/v2", key: web}
	zep.must("POST", "/users", map[string]any{"user_id": "trust-z"})
	zep.must("POST", "/threads", map[string]any{"thread_id": "trust-z-t", "user_id": "trust-z"})
	zep.must("POST", "/threads/trust-z-t/messages", map[string]any{"messages": []map[string]any{{"name": "Uma", "role": "user", "content": "I live in Oslo."}}})
	a.withKey(user).waitIdle("trust-z")
	// Graphiti: the same.
	if code, raw := w.do("POST", "/messages", map[string]any{"group_id": "trust-g", "messages": []map[string]any{
		{"content": "I live in Oslo.", "role_type": "user", "role": "Uma", "timestamp": "2024-02-01T00:00:00Z"}}}, nil); code != 202 {
		t.Fatalf("POST /messages with the web key = %d %s", code, raw)
	}
	a.withKey(user).waitIdle("trust-g")
	for _, g := range []string{"trust-z", "trust-g"} {
		a.withKey(user).do("GET", "/v1/groups/"+g+"/episodes", nil, &eps)
		if len(eps.Episodes) != 1 || eps.Episodes[0].SourceClass != "web" {
			t.Errorf("%s: episodes = %+v, want one of class web", g, eps.Episodes)
		}
		q := a.withKey(user).quarantined(g)
		if len(q.Facts) == 0 {
			t.Errorf("%s: no quarantined fact from the web key's user-role message", g)
		}
		for _, f := range q.Facts {
			if f.SourceClass != "web" {
				t.Errorf("%s: quarantined fact %q has class %q, want web", g, f.Fact, f.SourceClass)
			}
		}
	}
}

// TestQuarantineListedAndApproved: a web page's claim is out of the
// default listing, listed with quarantined=true with its class, stamp and
// why, and an approval by the user's key releases it through /v1; through
// MCP, list_facts quarantined shows it and feedback approve releases it.
func TestQuarantineListedAndApproved(t *testing.T) {
	a := newMCPAPI(t, nil, "trust-q")
	post := func(content, class string) {
		t.Helper()
		var acc accepted
		if code, raw := a.do("POST", "/v1/groups/trust-q/episodes", map[string]any{
			"source": "message", "content": content, "reference_time": "2024-03-01", "source_class": class}, &acc); code != 202 {
			t.Fatalf("POST episode = %d %s", code, raw)
		}
		a.waitDone(acc.Episodes[0].StatusURL)
	}
	post("Vera: I work at Acme.", "user")
	post("Vera: I work at Globex. Vera: I live in Lima.", "web")

	var all trustFacts
	a.do("GET", "/v1/groups/trust-q/facts", nil, &all)
	if got := all.texts(); len(got) != 1 || !strings.Contains(got[0], "Acme") {
		t.Fatalf("default facts = %v, want only the user's Acme", got)
	}
	if all.Facts[0].SourceClass != "user" || all.Facts[0].QuarantinedAt != nil {
		t.Errorf("the user's fact = %+v, want class user, not quarantined", all.Facts[0])
	}
	q := a.quarantined("trust-q")
	if len(q.Facts) != 2 {
		t.Fatalf("quarantined facts = %v, want the web's two", q.texts())
	}
	for _, f := range q.Facts {
		if f.SourceClass != "web" || f.QuarantinedAt == nil || !strings.Contains(f.Quarantine, "below the group's trust threshold") {
			t.Errorf("quarantined fact = %+v, want class web, a stamp and why", f)
		}
	}
	var with trustFacts
	a.do("GET", "/v1/groups/trust-q/facts?include_quarantined=true", nil, &with)
	if len(with.Facts) != 3 {
		t.Errorf("facts with include_quarantined = %v, want 3", with.texts())
	}
	if code, raw := a.do("GET", "/v1/groups/trust-q/facts?quarantined=maybe", nil, nil); code != 400 {
		t.Errorf("quarantined=maybe = %d %s, want 400", code, raw)
	}

	// Approved through /v1 (no keys: the default class, the user).
	lima := q.Facts[slices.IndexFunc(q.Facts, func(f wire.Fact) bool { return strings.Contains(f.Fact, "Lima") })]
	var res wire.FeedbackResult
	if code, raw := a.do("POST", "/v1/groups/trust-q/feedback", map[string]any{"scope": "fact", "uuid": lima.UUID, "feedback": "approve"}, &res); code != 200 || res.Feedback != "approve" {
		t.Fatalf("approve = %d %s", code, raw)
	}
	a.do("GET", "/v1/groups/trust-q/facts", nil, &all)
	if !slices.Contains(all.texts(), lima.Fact) {
		t.Errorf("facts after the approval = %v, want %q", all.texts(), lima.Fact)
	}
	var got wire.Fact
	a.do("GET", "/v1/groups/trust-q/facts/"+lima.UUID, nil, &got)
	if got.QuarantinedAt != nil || got.SourceClass != "user" {
		t.Errorf("approved fact = %+v, want out of quarantine with the approver's class", got)
	}

	// MCP: listed, then approved by the agent.
	s, err := mcpConnect(t, a.base+"/mcp", "", "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var listed trustFacts
	if msg := mcpCall(t, s, "list_facts", map[string]any{"quarantined": true}, &listed); msg != "" || len(listed.Facts) != 1 || !strings.Contains(listed.Facts[0].Fact, "Globex") || listed.Facts[0].Quarantine == "" {
		t.Fatalf("MCP list_facts quarantined = %q %+v, want the Globex claim with why", msg, listed.Facts)
	}
	if msg := mcpCall(t, s, "feedback", map[string]any{"scope": "fact", "uuid": listed.Facts[0].UUID, "feedback": "approve"}, nil); msg != "" {
		t.Fatalf("MCP feedback approve = %q", msg)
	}
	if q := a.quarantined("trust-q"); len(q.Facts) != 0 {
		t.Errorf("quarantined facts after both approvals = %v, want none", q.texts())
	}
}
