package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi"
)

// zepClient calls the Zep routes as Zep's SDKs do: paths under /api/v2,
// "Authorization: Api-Key KEY".
type zepClient struct {
	t    *testing.T
	base string
	key  string
}

// newZep serves the shared Host with two keys, each bound to its tenant's
// groups.
func newZep(t *testing.T) (a, b *zepClient) {
	t.Helper()
	api := newAPI(t, func(c *host.HTTPConfig) {
		c.Keys = []host.APIKeyConfig{{Key: "zep-key-a", Groups: []string{"zep-a-*"}}, {Key: "zep-key-b", Groups: []string{"zep-b-*"}}}
	})
	return &zepClient{t: t, base: api.base + "/api/v2", key: "zep-key-a"}, &zepClient{t: t, base: api.base + "/api/v2", key: "zep-key-b"}
}

// do sends a request and returns the status and the decoded JSON answer,
// failing when the answer is not JSON.
func (z *zepClient) do(method, path string, body any) (int, any) {
	z.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			z.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, z.base+path, rd)
	if err != nil {
		z.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Api-Key "+z.key)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		z.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		z.t.Fatalf("%s %s = %d with a body that is not JSON (%v): %q", method, path, resp.StatusCode, err, raw)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		z.t.Errorf("%s %s: Content-Type %q, want application/json", method, path, ct)
	}
	return resp.StatusCode, out
}

// must sends a request that must succeed and returns its answer.
func (z *zepClient) must(method, path string, body any) any {
	z.t.Helper()
	code, out := z.do(method, path, body)
	if code/100 != 2 {
		z.t.Fatalf("%s %s = %d %v", method, path, code, out)
	}
	return out
}

// Required fields of the objects the Python SDK validates (pydantic):
// a missing one, or one of another type, fails the SDK's call.
var (
	edgeFields    = map[string]string{"uuid": "string", "fact": "string", "name": "string", "created_at": "string", "source_node_uuid": "string", "target_node_uuid": "string"}
	nodeFields    = map[string]string{"uuid": "string", "name": "string", "summary": "string", "created_at": "string"}
	episodeFields = map[string]string{"uuid": "string", "content": "string", "created_at": "string", "processed": "bool"}
	messageFields = map[string]string{"content": "string", "role": "string"}
	userFields    = map[string]string{"user_id": "string", "created_at": "string", "session_count": "int"}
)

// checkFields checks that v is an object with each field of the type
// named, and that its optional integers and timestamps are what the
// SDKs declare.
func checkFields(t *testing.T, what string, v any, fields map[string]string) {
	t.Helper()
	obj, ok := v.(map[string]any)
	if !ok {
		t.Errorf("%s = %T %v, want an object", what, v, v)
		return
	}
	for name, typ := range fields {
		x, ok := obj[name]
		if !ok {
			t.Errorf("%s has no %q: %v", what, name, obj)
			continue
		}
		switch typ {
		case "string":
			_, ok = x.(string)
		case "bool":
			_, ok = x.(bool)
		case "int":
			f, isNum := x.(float64)
			ok = isNum && f == float64(int64(f))
		}
		if !ok {
			t.Errorf("%s.%s = %#v, want a %s", what, name, x, typ)
		}
	}
	for _, name := range []string{"id", "session_count", "selection_rank"} {
		if x, ok := obj[name]; ok {
			if f, isNum := x.(float64); !isNum || f != float64(int64(f)) {
				t.Errorf("%s.%s = %#v, want an integer", what, name, x)
			}
		}
	}
	for _, name := range []string{"created_at", "updated_at", "valid_at", "invalid_at", "expired_at"} {
		if x, ok := obj[name]; ok && x != nil {
			s, _ := x.(string)
			if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
				t.Errorf("%s.%s = %#v, want an RFC 3339 time", what, name, x)
			}
		}
	}
}

func list(t *testing.T, what string, v any) []any {
	t.Helper()
	xs, ok := v.([]any)
	if !ok {
		t.Fatalf("%s = %T %v, want a bare JSON array", what, v, v)
	}
	return xs
}

func field(t *testing.T, what string, v any, name string) any {
	t.Helper()
	obj, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%s = %T %v, want an object", what, v, v)
	}
	x, ok := obj[name]
	if !ok {
		t.Fatalf("%s has no %q: %v", what, name, obj)
	}
	return x
}

// waitProcessed polls GET /graph/episodes/{uuid} until processed, as Zep's
// documentation has clients do.
func (z *zepClient) waitProcessed(uuid string) map[string]any {
	z.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		ep := z.must("GET", "/graph/episodes/"+uuid, nil).(map[string]any)
		if ep["processed"] == true {
			return ep
		}
		if ep["status"] == "failed" || time.Now().After(deadline) {
			z.t.Fatalf("episode %s not processed: %v", uuid, ep)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestZepMemoryFlow runs what an app does with Zep's SDK: a user, a thread,
// messages (a fact, then one contradicting it), ingestion polled through
// Episode.processed, searches of edges, nodes and episodes, the thread's
// context, graph.add of text and JSON, and gets and deletes of an edge, a
// node and an episode; each answer has the shape the SDKs parse.
func TestZepMemoryFlow(t *testing.T) {
	z, _ := newZep(t)
	user := z.must("POST", "/users", map[string]any{"user_id": "zep-a-priya", "first_name": "Priya", "last_name": "Shah", "email": "p@example.com", "metadata": map[string]any{"plan": "pro"}})
	checkFields(t, "user.add", user, userFields)
	if code, out := z.do("POST", "/users", map[string]any{"user_id": "zep-a-priya"}); code != 409 {
		t.Errorf("second user.add = %d %v, want 409", code, out)
	}
	thread := z.must("POST", "/threads", map[string]any{"thread_id": "zep-a-t1", "user_id": "zep-a-priya"})
	if diff := cmp.Diff("zep-a-t1", field(t, "thread.create", thread, "thread_id")); diff != "" {
		t.Errorf("thread.create thread_id (-want +got):\n%s", diff)
	}
	// A thread with no message has an empty context.
	if ctx := field(t, "thread context", z.must("GET", "/threads/zep-a-t1/context", nil), "context"); ctx != "" {
		t.Errorf("context of an empty thread = %q, want empty", ctx)
	}

	add := func(content, at string) string {
		t.Helper()
		out := z.must("POST", "/threads/zep-a-t1/messages", map[string]any{"messages": []map[string]any{
			{"name": "Priya", "role": "user", "content": content, "created_at": at, "metadata": map[string]any{"a": 1}},
			{"name": "Bot", "role": "assistant", "content": "Noted.", "created_at": at},
		}, "ignore_roles": []string{"assistant"}})
		ids := list(t, "message_uuids", field(t, "thread.addMessages", out, "message_uuids"))
		if len(ids) != 2 {
			t.Fatalf("thread.addMessages message_uuids = %v, want 2", ids)
		}
		if _, ok := field(t, "thread.addMessages", out, "task_id").(string); !ok {
			t.Errorf("thread.addMessages task_id = %v, want a string", out)
		}
		return ids[0].(string)
	}
	first := add("I live in Lisbon and I work at Acme Corp.", "2024-01-10T10:00:00Z")
	ep := z.waitProcessed(first)
	checkFields(t, "graph.episode.get", ep, episodeFields)
	want := map[string]any{"role": "Priya", "role_type": "user", "thread_id": "zep-a-t1", "content": "I live in Lisbon and I work at Acme Corp.", "created_at": "2024-01-10T10:00:00Z"}
	for k, v := range want {
		if ep[k] != v {
			t.Errorf("graph.episode.get %s = %v, want %v", k, ep[k], v)
		}
	}
	// The message's name and role make Priya the speaker of its facts.
	var stated []string
	for _, e := range list(t, "search edges", field(t, "search", z.must("POST", "/graph/search", map[string]any{"user_id": "zep-a-priya", "query": "Acme Corp Lisbon", "scope": "edges", "limit": 10}), "edges")) {
		stated = append(stated, e.(map[string]any)["fact"].(string))
	}
	for _, w := range []string{"Priya lives in Lisbon", "Priya works at Acme Corp"} {
		if !slices.Contains(stated, w) {
			t.Errorf("search edges after the first message = %q, want %q among them", stated, w)
		}
	}
	second := add("I moved to Porto last week.", "2024-06-20T18:30:00Z")
	z.waitProcessed(second)

	msgs := field(t, "thread.get", z.must("GET", "/threads/zep-a-t1/messages?lastn=10", nil), "messages")
	got := []string{}
	for _, m := range list(t, "messages", msgs) {
		checkFields(t, "message", m, messageFields)
		got = append(got, m.(map[string]any)["role"].(string)+": "+m.(map[string]any)["content"].(string))
	}
	wantMsgs := []string{"user: I live in Lisbon and I work at Acme Corp.", "assistant: Noted.", "user: I moved to Porto last week.", "assistant: Noted."}
	if diff := cmp.Diff(wantMsgs, got); diff != "" {
		t.Errorf("thread.get messages (-want +got):\n%s", diff)
	}

	// Edges: Porto is current, Lisbon superseded.
	res := z.must("POST", "/graph/search", map[string]any{"user_id": "zep-a-priya", "query": "where does Priya live", "scope": "edges", "reranker": "rrf", "limit": 5})
	edges := list(t, "search edges", field(t, "search", res, "edges"))
	var facts []string
	for _, e := range edges {
		checkFields(t, "search edge", e, edgeFields)
		facts = append(facts, e.(map[string]any)["fact"].(string))
	}
	if !slices.ContainsFunc(facts, func(f string) bool { return strings.Contains(f, "Porto") }) ||
		slices.ContainsFunc(facts, func(f string) bool { return strings.Contains(f, "Lisbon") }) {
		t.Errorf("search edges = %q, want Porto and not Lisbon (superseded)", facts)
	}
	// The superseded fact is there when the search asks for ended facts.
	res = z.must("POST", "/graph/search", map[string]any{"user_id": "zep-a-priya", "query": "Lisbon", "scope": "edges",
		"search_filters": map[string]any{"invalid_at": [][]map[string]any{{{"comparison_operator": "IS NOT NULL"}}}}})
	ended := list(t, "search ended edges", field(t, "search", res, "edges"))
	if len(ended) == 0 || !strings.Contains(ended[0].(map[string]any)["fact"].(string), "Lisbon") || ended[0].(map[string]any)["invalid_at"] == nil {
		t.Errorf("search of ended edges = %v, want the Lisbon fact with its invalid_at", ended)
	}
	nodes := list(t, "search nodes", field(t, "search", z.must("POST", "/graph/search", map[string]any{"user_id": "zep-a-priya", "query": "Porto", "scope": "nodes"}), "nodes"))
	if len(nodes) == 0 {
		t.Fatal("search nodes found nothing")
	}
	for _, n := range nodes {
		checkFields(t, "search node", n, nodeFields)
	}
	episodes := list(t, "search episodes", field(t, "search", z.must("POST", "/graph/search", map[string]any{"user_id": "zep-a-priya", "query": "Porto", "scope": "episodes", "reranker": "mmr", "mmr_lambda": 0.7}), "episodes"))
	if len(episodes) == 0 {
		t.Fatal("search episodes found nothing")
	}
	for _, e := range episodes {
		checkFields(t, "search episode", e, episodeFields)
	}
	// Every reranker Zep's SDK sends works on every scope.
	center := nodes[0].(map[string]any)["uuid"].(string)
	for _, scope := range []string{"edges", "nodes", "episodes"} {
		for _, rr := range []string{"rrf", "mmr", "node_distance", "episode_mentions", "cross_encoder"} {
			body := map[string]any{"user_id": "zep-a-priya", "query": "Where does Priya live?", "scope": scope, "reranker": rr, "center_node_uuid": center}
			key := map[string]string{"edges": "edges", "nodes": "nodes", "episodes": "episodes"}[scope]
			if code, out := z.do("POST", "/graph/search", body); code != 200 {
				t.Errorf("search %s with %s = %d %v, want 200", scope, rr, code, out)
			} else if len(list(t, scope, field(t, "search", out, key))) == 0 {
				t.Errorf("search %s with %s found nothing: %v", scope, rr, out)
			}
		}
	}
	if code, out := z.do("POST", "/graph/search", map[string]any{"user_id": "zep-a-priya", "query": "x", "scope": "observations"}); code != 400 {
		t.Errorf("search scope observations = %d %v, want 400", code, out)
	}

	text := field(t, "thread context", z.must("GET", "/threads/zep-a-t1/context", nil), "context").(string)
	if !strings.Contains(text, "<FACTS>") || !strings.Contains(text, "Porto") || !strings.Contains(text, "<ENTITIES>") {
		t.Errorf("thread context = %q, want Zep's block with the Porto fact", text)
	}

	// graph.add: text and JSON (the document as a string).
	txt := z.must("POST", "/graph", map[string]any{"user_id": "zep-a-priya", "type": "text", "data": "Priya's sister Anika lives in Madrid.", "source_description": "note", "created_at": "2024-07-01T00:00:00Z", "metadata": map[string]any{"k": "v"}})
	checkFields(t, "graph.add text", txt, episodeFields)
	doc := z.must("POST", "/graph", map[string]any{"user_id": "zep-a-priya", "type": "json", "data": `{"customer":"Priya Shah","plan":"pro","city":"Porto"}`})
	checkFields(t, "graph.add json", doc, episodeFields)
	if code, out := z.do("POST", "/graph", map[string]any{"user_id": "zep-a-priya", "type": "json", "data": "not json"}); code != 400 {
		t.Errorf("graph.add json with bad data = %d %v, want 400", code, out)
	}
	batch := list(t, "graph.addBatch", z.must("POST", "/graph-batch", map[string]any{"user_id": "zep-a-priya", "episodes": []map[string]any{{"type": "text", "data": "Priya plays chess."}, {"type": "message", "data": "Priya: I love jazz."}}}))
	for _, e := range batch {
		checkFields(t, "graph.addBatch episode", e, episodeFields)
	}
	task := z.must("GET", "/tasks/"+txt.(map[string]any)["task_id"].(string), nil)
	if s := field(t, "task.get", task, "status"); s == "failed" {
		t.Errorf("task.get = %v", task)
	}
	z.waitProcessed(txt.(map[string]any)["uuid"].(string))
	z.waitProcessed(doc.(map[string]any)["uuid"].(string))

	// Episode lists are objects; edge and node lists bare arrays.
	eps := list(t, "episodes of user", field(t, "getByUserId", z.must("GET", "/graph/episodes/user/zep-a-priya?lastn=10", nil), "episodes"))
	if len(eps) < 4 {
		t.Errorf("graph.episode.getByUserId = %d episodes, want at least 4", len(eps))
	}
	allEdges := list(t, "edges of user", z.must("POST", "/graph/edge/user/zep-a-priya", map[string]any{"limit": 50}))
	for _, e := range allEdges {
		checkFields(t, "edge", e, edgeFields)
	}
	allNodes := list(t, "nodes of user", z.must("POST", "/graph/node/user/zep-a-priya", map[string]any{"limit": 50}))
	for _, n := range allNodes {
		checkFields(t, "node", n, nodeFields)
	}
	mentions := z.must("GET", "/graph/episodes/"+first+"/mentions", nil)
	list(t, "mentions nodes", field(t, "mentions", mentions, "nodes"))
	list(t, "mentions edges", field(t, "mentions", mentions, "edges"))

	// Get and delete an edge, a node and an episode; deletes answer
	// {"message"}, and the object is gone.
	edge := allEdges[0].(map[string]any)
	checkFields(t, "graph.edge.get", z.must("GET", "/graph/edge/"+edge["uuid"].(string), nil), edgeFields)
	node := z.must("GET", "/graph/node/"+edge["source_node_uuid"].(string), nil)
	checkFields(t, "graph.node.get", node, nodeFields)
	list(t, "node entity-edges", z.must("GET", "/graph/node/"+edge["source_node_uuid"].(string)+"/entity-edges", nil))
	list(t, "node episodes", field(t, "node episodes", z.must("GET", "/graph/node/"+edge["source_node_uuid"].(string)+"/episodes", nil), "episodes"))
	for _, path := range []string{"/graph/edge/" + edge["uuid"].(string), "/graph/node/" + edge["target_node_uuid"].(string), "/graph/episodes/" + second} {
		if _, ok := field(t, "DELETE "+path, z.must("DELETE", path, nil), "message").(string); !ok {
			t.Errorf("DELETE %s: message is not a string", path)
		}
		if code, out := z.do("GET", path, nil); code != 404 {
			t.Errorf("GET %s after its delete = %d %v, want 404", path, code, out)
		}
	}

	checkFields(t, "user.get", z.must("GET", "/users/zep-a-priya", nil), userFields)
	if n := field(t, "user.get", z.must("GET", "/users/zep-a-priya", nil), "session_count"); n != 1.0 {
		t.Errorf("user.get session_count = %v, want 1", n)
	}
	list(t, "user threads", z.must("GET", "/users/zep-a-priya/threads", nil))
	field(t, "user.delete", z.must("DELETE", "/users/zep-a-priya", nil), "message")
	for _, path := range []string{"/users/zep-a-priya", "/threads/zep-a-t1/messages", "/graph/episodes/" + first} {
		if code, out := z.do("GET", path, nil); code != 404 {
			t.Errorf("GET %s after user.delete = %d %v, want 404", path, code, out)
		}
	}
	if code, out := z.do("POST", "/graph/search", map[string]any{"user_id": "zep-a-priya", "query": "Porto"}); code != 404 {
		t.Errorf("search of a deleted user = %d %v, want 404", code, out)
	}
}

// TestZepTenancy checks that a key bound to other groups learns nothing of
// a tenant's users, threads, graphs, episodes, edges, nodes and tasks
// through any Zep route: 404 or empty, never data.
func TestZepTenancy(t *testing.T) {
	a, b := newZep(t)
	a.must("POST", "/users", map[string]any{"user_id": "zep-a-ten"})
	a.must("POST", "/threads", map[string]any{"thread_id": "zep-a-ten-t", "user_id": "zep-a-ten"})
	a.must("POST", "/graph/create", map[string]any{"graph_id": "zep-a-g", "name": "A's graph"})
	added := a.must("POST", "/threads/zep-a-ten-t/messages", map[string]any{"messages": []map[string]any{{"name": "Ana", "role": "user", "content": "I work at Globex in Berlin."}}})
	id := list(t, "message_uuids", field(t, "add", added, "message_uuids"))[0].(string)
	a.waitProcessed(id)
	edges := list(t, "edges", a.must("POST", "/graph/edge/user/zep-a-ten", map[string]any{}))
	if len(edges) == 0 {
		t.Fatal("tenant A has no edge to probe with")
	}
	edge := edges[0].(map[string]any)
	task := field(t, "add", added, "task_id").(string)

	for _, tc := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/users/zep-a-ten", nil},
		{"PATCH", "/users/zep-a-ten", map[string]any{"first_name": "x"}},
		{"DELETE", "/users/zep-a-ten", nil},
		{"GET", "/users/zep-a-ten/threads", nil},
		{"GET", "/users/zep-a-ten/node", nil},
		{"POST", "/threads", map[string]any{"thread_id": "zep-b-t", "user_id": "zep-a-ten"}},
		{"GET", "/threads/zep-a-ten-t/messages", nil},
		{"GET", "/threads/zep-a-ten-t/context", nil},
		{"GET", "/threads/zep-a-ten-t/episodes", nil},
		{"POST", "/threads/zep-a-ten-t/messages", map[string]any{"messages": []map[string]any{{"role": "user", "content": "hi"}}}},
		{"DELETE", "/threads/zep-a-ten-t", nil},
		{"POST", "/graph", map[string]any{"user_id": "zep-a-ten", "type": "text", "data": "x"}},
		{"POST", "/graph", map[string]any{"graph_id": "zep-a-g", "type": "text", "data": "x"}},
		{"POST", "/graph/search", map[string]any{"user_id": "zep-a-ten", "query": "Globex"}},
		{"POST", "/graph/search", map[string]any{"graph_id": "zep-a-g", "query": "Globex"}},
		{"GET", "/graph/zep-a-g", nil},
		{"DELETE", "/graph/zep-a-g", nil},
		{"GET", "/graph/episodes/" + id, nil},
		{"GET", "/graph/episodes/" + id + "/mentions", nil},
		{"DELETE", "/graph/episodes/" + id, nil},
		{"GET", "/graph/episodes/user/zep-a-ten", nil},
		{"GET", "/graph/episodes/graph/zep-a-g", nil},
		{"GET", "/graph/edge/" + edge["uuid"].(string), nil},
		{"DELETE", "/graph/edge/" + edge["uuid"].(string), nil},
		{"POST", "/graph/edge/user/zep-a-ten", map[string]any{}},
		{"GET", "/graph/node/" + edge["source_node_uuid"].(string), nil},
		{"GET", "/graph/node/" + edge["source_node_uuid"].(string) + "/entity-edges", nil},
		{"DELETE", "/graph/node/" + edge["source_node_uuid"].(string), nil},
		{"POST", "/graph/node/user/zep-a-ten", map[string]any{}},
		{"GET", "/tasks/" + task, nil},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			if code, out := b.do(tc.method, tc.path, tc.body); code != 404 {
				t.Errorf("tenant B: %s %s = %d %v, want 404", tc.method, tc.path, code, out)
			}
		})
	}
	for _, tc := range []struct{ path, key string }{{"/users-ordered", "users"}, {"/threads", "threads"}, {"/graph/list-all", "graphs"}} {
		if got := list(t, tc.path, field(t, tc.path, b.must("GET", tc.path, nil), tc.key)); len(got) != 0 {
			t.Errorf("tenant B: GET %s = %v, want none", tc.path, got)
		}
		if got := list(t, tc.path, field(t, tc.path, a.must("GET", tc.path, nil), tc.key)); len(got) == 0 {
			t.Errorf("tenant A: GET %s = none, want its own", tc.path)
		}
	}
	// Creating a user outside the key's groups is refused, not created.
	if code, out := b.do("POST", "/users", map[string]any{"user_id": "zep-a-other"}); code != 403 {
		t.Errorf("tenant B: user.add in A's groups = %d %v, want 403", code, out)
	}
	// Everything A has is intact.
	a.must("GET", "/users/zep-a-ten", nil)
	a.must("GET", "/graph/edge/"+edge["uuid"].(string), nil)
	a.must("GET", "/graph/episodes/"+id, nil)
}

// TestZepWire checks the answers the SDKs are strict about: JSON error
// objects with a message, the Api-Key scheme, unknown fields ignored.
func TestZepWire(t *testing.T) {
	z, _ := newZep(t)
	tests := []struct {
		name         string
		key          string
		method, path string
		body         any
		code         int
	}{
		{"no key", "", "GET", "/users/zep-a-x", nil, 401},
		{"wrong key", "nope", "GET", "/users/zep-a-x", nil, 401},
		{"unknown user", "zep-key-a", "GET", "/users/zep-a-nobody", nil, 404},
		{"user id no group may take", "zep-key-a", "GET", "/users/has%20space", nil, 404},
		{"no user_id", "zep-key-a", "POST", "/users", map[string]any{"email": "a@b.c"}, 400},
		{"unknown fields ignored", "zep-key-a", "POST", "/users", map[string]any{"user_id": "zep-a-wire", "favourite_colour": "blue"}, 201},
		{"thread of unknown user", "zep-key-a", "POST", "/threads", map[string]any{"thread_id": "zep-a-t", "user_id": "zep-a-nobody"}, 404},
		{"unknown thread", "zep-key-a", "GET", "/threads/zep-a-none/messages", nil, 404},
		{"search without target", "zep-key-a", "POST", "/graph/search", map[string]any{"query": "x"}, 400},
		{"route not served", "zep-key-a", "GET", "/projects/info", nil, 404},
		{"method not served", "zep-key-a", "PATCH", "/graph/edge/some-uuid", map[string]any{"fact": "x"}, 404},
		{"graph and user share ids", "zep-key-a", "POST", "/graph/create", map[string]any{"graph_id": "zep-a-wire"}, 409},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := *z
			c.key = tc.key
			code, out := c.do(tc.method, tc.path, tc.body)
			if code != tc.code {
				t.Fatalf("%s %s = %d %v, want %d", tc.method, tc.path, code, out, tc.code)
			}
			if code >= 400 {
				if _, ok := out.(map[string]any); !ok {
					t.Fatalf("error answer = %T %v, want an object", out, out)
				}
			}
			if code >= 400 {
				if msg, _ := field(t, "error", out, "message").(string); msg == "" {
					t.Errorf("error answer %v has no message", out)
				}
			}
		})
	}
}

// TestZepPersistence checks that users, graphs and threads, a thread with
// no message included, survive a restart of the server's database.
func TestZepPersistence(t *testing.T) {
	dir := t.TempDir()
	open := func() (*host.Host, *zepClient) {
		cfg, err := host.Load("", func(string) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		cfg.DB = filepath.Join(dir, "db")
		cfg.Store.BufferPoolMB = 64
		cfg.Plugins.CacheDir = filepath.Join(os.TempDir(), "mnemo-test-wasm-cache")
		cfg.Plugins.Reload = -1
		h, err := host.Open(context.Background(), cfg, host.OpenOptions{})
		if err != nil {
			t.Fatalf("host.Open: %v", err)
		}
		srv := httptest.NewServer(httpapi.New(h, httpapi.Options{}).Handler())
		t.Cleanup(srv.Close)
		return h, &zepClient{t: t, base: srv.URL + "/api/v2"}
	}
	h, z := open()
	z.must("POST", "/users", map[string]any{"user_id": "persist-u", "first_name": "Kai", "metadata": map[string]any{"tier": 2}})
	z.must("POST", "/threads", map[string]any{"thread_id": "persist-t", "user_id": "persist-u"})
	z.must("POST", "/graph/create", map[string]any{"graph_id": "persist-g", "name": "Team", "description": "shared"})
	z.must("PATCH", "/graph/persist-g", map[string]any{"description": "the team's"})
	before := []any{z.must("GET", "/users/persist-u", nil), z.must("GET", "/users/persist-u/threads", nil), z.must("GET", "/graph/persist-g", nil)}
	if err := h.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	h, z = open()
	defer h.Close(context.Background())
	after := []any{z.must("GET", "/users/persist-u", nil), z.must("GET", "/users/persist-u/threads", nil), z.must("GET", "/graph/persist-g", nil)}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("after a restart (-before +after):\n%s", diff)
	}
	msgs := list(t, "messages", field(t, "thread.get", z.must("GET", "/threads/persist-t/messages", nil), "messages"))
	if len(msgs) != 0 {
		t.Errorf("messages of a thread without any = %v", msgs)
	}
	if d := field(t, "graph.get", after[2], "description"); d != "the team's" {
		t.Errorf("graph description after restart = %v", d)
	}
}
