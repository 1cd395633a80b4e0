package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/hosttest"
	"github.com/mnemohq/mnemo/host/httpapi"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
	"github.com/mnemohq/mnemo/host/mcpserver"
)

// fixedClock is a clock the test moves by hand.
type fixedClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fixedClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *fixedClock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

const budgetKey = "budget-key-0123456789"

// openBudgetHost opens a host of its own on a Kuzu database in a temp dir
// with budgets: groups "flood-*" may add 3 episodes a minute, and the key
// budgetKey 2 a minute over all its groups ("keyed-*").
func openBudgetHost(t *testing.T, c *fixedClock, mutate func(*host.Config)) (*host.Host, *api) {
	t.Helper()
	cfg := hosttest.Config(t)
	cfg.Budget.Groups = map[string]host.BudgetLimits{"flood-*": {EpisodesPerMinute: 3}}
	if mutate != nil {
		mutate(&cfg)
	}
	h := hosttest.Open(t, cfg, host.OpenOptions{Now: c.now})
	m := mcpserver.New(h, mcpserver.Options{DefaultGroup: "flood-mcp", Version: "test"})
	srv := httptest.NewServer(httpapi.New(h, httpapi.Options{Version: "test", MCP: m.Handler()}).Handler())
	t.Cleanup(srv.Close)
	return h, &api{t: t, base: srv.URL}
}

// doRetry is do returning the Retry-After header too.
func (a *api) doRetry(method, path string, body any, out any) (int, string) {
	a.t.Helper()
	code, _, h := a.doAnswer(method, path, body, out)
	return code, h.Get("Retry-After")
}

func episodeCount(t *testing.T, h *host.Host, group string) int {
	t.Helper()
	st, err := h.Engine.Stats(context.Background(), group)
	if err != nil {
		t.Fatal(err)
	}
	return st.Episodes
}

// TestBudgetsOnEverySurface checks that every route where episodes enter
// answers 429 with Retry-After (the seconds until the rate of 3 a minute
// admits one more episode: 20) and
// an error body in its API's style once a group's budget is spent, that
// a refused request stores nothing, that an admitted one is stored, that
// another group is not held by the budget, and that /metrics counts it.
func TestBudgetsOnEverySurface(t *testing.T) {
	c := &fixedClock{t: time.Date(2026, 11, 29, 10, 0, 20, 0, time.UTC)}
	h, a := openBudgetHost(t, c, nil)
	ep := func(i int) map[string]any {
		return map[string]any{"content": fmt.Sprintf("Hana: I met Ivo %d.", i), "reference_time": "2024-01-01"}
	}
	wantRefused := func(t *testing.T, what string, code int, retry string) {
		t.Helper()
		if code != http.StatusTooManyRequests || retry != "20" {
			t.Errorf("%s = %d (Retry-After %q), want 429 with Retry-After 20", what, code, retry)
		}
	}

	t.Run("v1 single and batch", func(t *testing.T) {
		for i := range 2 {
			if code, _ := a.doRetry("POST", "/v1/groups/flood-v1/episodes", ep(i), nil); code != 202 {
				t.Fatalf("POST episode %d = %d, want 202", i, code)
			}
		}
		// One left of three: a batch of two is refused whole.
		var body errorOf
		code, retry := a.doRetry("POST", "/v1/groups/flood-v1/episodes", map[string]any{"episodes": []any{ep(2), ep(3)}}, &body)
		wantRefused(t, "POST a batch of 2 with 1 left", code, retry)
		if body.Code != "budget" || !strings.Contains(body.Error, "episodes_per_minute") || !strings.Contains(body.Error, `group "flood-v1"`) {
			t.Errorf("error body = %+v, want code budget naming the budget and the group", body)
		}
		if n := episodeCount(t, h, "flood-v1"); n != 2 {
			t.Errorf("episodes stored = %d, want 2: the refused batch stored something", n)
		}
		if code, _ := a.doRetry("POST", "/v1/groups/flood-v1/episodes", ep(4), nil); code != 202 {
			t.Fatalf("POST the third episode = %d, want 202", code)
		}
		code, retry = a.doRetry("POST", "/v1/groups/flood-v1/episodes", ep(5), nil)
		wantRefused(t, "POST a fourth episode", code, retry)
		if n := episodeCount(t, h, "flood-v1"); n != 3 {
			t.Errorf("episodes stored = %d, want 3", n)
		}
		// A batch larger than a whole minute's budget never fits: 413.
		code, _ = a.doRetry("POST", "/v1/groups/flood-v1/episodes", map[string]any{"episodes": []any{ep(6), ep(7), ep(8), ep(9)}}, &body)
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(body.Error, "send them in parts") {
			t.Errorf("POST a batch of 4 over a budget of 3 = %d %+v, want 413", code, body)
		}
		// Another tenant is not held by flood-v1's budget.
		for i := range 5 {
			if code, _ := a.doRetry("POST", "/v1/groups/calm-v1/episodes", ep(i), nil); code != 202 {
				t.Fatalf("POST to another group = %d, want 202", code)
			}
		}
	})

	t.Run("zep", func(t *testing.T) {
		if code, _ := a.doRetry("POST", "/api/v2/graph/create", map[string]any{"graph_id": "flood-zep"}, nil); code != 201 && code != 200 {
			t.Fatalf("create graph = %d", code)
		}
		add := map[string]any{"graph_id": "flood-zep", "type": "text", "data": "Hana met Ivo."}
		for i := range 3 {
			if code, _ := a.doRetry("POST", "/api/v2/graph", add, nil); code != 202 && code != 200 {
				t.Fatalf("POST /api/v2/graph %d = %d", i, code)
			}
		}
		var body struct {
			Message string `json:"message"`
			Code    string `json:"code"`
		}
		code, retry := a.doRetry("POST", "/api/v2/graph", add, &body)
		wantRefused(t, "POST /api/v2/graph over the budget", code, retry)
		if body.Code != "budget" || !strings.Contains(body.Message, "retry after") {
			t.Errorf("Zep error body = %+v, want Zep's message with code budget", body)
		}
		code, retry = a.doRetry("POST", "/api/v2/graph-batch", map[string]any{"graph_id": "flood-zep", "episodes": []any{add}}, nil)
		wantRefused(t, "POST /api/v2/graph-batch over the budget", code, retry)
		if n := episodeCount(t, h, "flood-zep"); n != 3 {
			t.Errorf("episodes stored = %d, want 3", n)
		}
		// Nothing of the refused adds was written: the task records of
		// the group name the three admitted episodes only.
		recs, err := h.Engine.Records(context.Background(), core.RecordQuery{Kind: "zep.episode", Groups: []string{"flood-zep"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 3 {
			t.Errorf("zep episode records = %d, want 3: a refused add wrote its record", len(recs))
		}
	})

	t.Run("graphiti", func(t *testing.T) {
		msgs := []map[string]any{{"content": "Bob lives in Austin.", "role_type": "user", "role": "Alice", "timestamp": "2024-06-01T12:00:00Z"}}
		for range 3 {
			if code, _ := a.doRetry("POST", "/messages", map[string]any{"group_id": "flood-gr", "messages": msgs}, nil); code != 202 {
				t.Fatalf("POST /messages = %d, want 202", code)
			}
		}
		var body struct {
			Detail string `json:"detail"`
		}
		code, retry := a.doRetry("POST", "/messages", map[string]any{"group_id": "flood-gr", "messages": msgs}, &body)
		wantRefused(t, "POST /messages over the budget", code, retry)
		if !strings.Contains(body.Detail, "budget") {
			t.Errorf("Graphiti error body = %+v, want detail naming the budget", body)
		}
	})

	t.Run("mcp over http", func(t *testing.T) {
		s, err := mcpConnect(t, a.base+"/mcp", "", "")
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for i := range 3 {
			if msg := mcpCall(t, s, "add_memory", map[string]any{"name": "m", "episode_body": fmt.Sprintf("Hana met Ivo %d.", i)}, nil); msg != "" {
				t.Fatalf("add_memory %d: %s", i, msg)
			}
		}
		msg := mcpCall(t, s, "add_memory", map[string]any{"name": "m", "episode_body": "Hana met Ivo again."}, nil)
		if !strings.Contains(msg, "budget exceeded") || !strings.Contains(msg, "retry after 20s") {
			t.Errorf("add_memory over the budget = %q, want the budget's refusal with its retry time", msg)
		}
		if n := episodeCount(t, h, "flood-mcp"); n != 3 {
			t.Errorf("episodes stored = %d, want 3", n)
		}
	})

	t.Run("metrics", func(t *testing.T) {
		_, raw := a.do("GET", "/metrics", nil, nil)
		text := string(raw)
		for _, want := range []string{
			`mnemo_budget_episodes_total{group="flood-v1",outcome="admitted"} 3`,
			`mnemo_budget_episodes_total{group="flood-v1",outcome="refused"} 7`,
			`mnemo_budget_refusals_total{group="flood-v1",kind="episodes_per_minute"} 3`,
			`mnemo_budget_episodes_total{group="calm-v1",outcome="admitted"} 5`,
			`mnemo_budget_episodes_total{group="calm-v1",outcome="refused"} 0`,
			`mnemo_budget_refusals_total{group="flood-zep",kind="episodes_per_minute"} 2`,
			`mnemo_budget_bytes_total{group="calm-v1",outcome="admitted"} `,
			`mnemo_budget_tokens_total{group="flood-v1"} 0`,
		} {
			if !strings.Contains(text, want) {
				t.Errorf("metrics lack %q", want)
			}
		}
	})

	t.Run("the next minute admits again", func(t *testing.T) {
		c.advance(40 * time.Second)
		if code, _ := a.doRetry("POST", "/v1/groups/flood-v1/episodes", ep(10), nil); code != 202 {
			t.Errorf("POST in the next minute = %d, want 202", code)
		}
	})
}

// TestKeyBudget checks an API key's budget: it spans the groups the key
// writes to, and another key writing to the same groups is not held by it.
func TestKeyBudget(t *testing.T) {
	c := &fixedClock{t: time.Date(2026, 11, 29, 10, 0, 50, 0, time.UTC)}
	const other = "budget-other-0123456789"
	_, a := openBudgetHost(t, c, func(cfg *host.Config) {
		cfg.HTTP.Keys = []host.APIKeyConfig{
			{Key: budgetKey, Groups: []string{"keyed-*"}, Budget: host.BudgetLimits{EpisodesPerMinute: 2}},
			{Key: other, Groups: []string{"keyed-*"}},
		}
	})
	k := a.withKey(budgetKey)
	ep := map[string]any{"content": "Hana: I met Ivo.", "reference_time": "2024-01-01"}
	for _, g := range []string{"keyed-a", "keyed-b"} {
		if code, _ := k.doRetry("POST", "/v1/groups/"+g+"/episodes", ep, nil); code != 202 {
			t.Fatalf("POST to %s = %d, want 202", g, code)
		}
	}
	var body errorOf
	code, retry := k.doRetry("POST", "/v1/groups/keyed-c/episodes", ep, &body)
	if code != 429 || retry != "30" || !strings.Contains(body.Error, "http.keys[0]") || strings.Contains(body.Error, budgetKey) {
		t.Errorf("POST a third episode with the key = %d (Retry-After %q) %+v, want 429 in 30 s (one episode at 2 a minute) naming http.keys[0], never the key", code, retry, body)
	}
	if code, _ := a.withKey(other).doRetry("POST", "/v1/groups/keyed-c/episodes", ep, nil); code != 202 {
		t.Errorf("POST with another key = %d, want 202", code)
	}
}

// TestTokenBudget checks the daily token budget: the tokens the real
// OpenAI client reports for a group's extractions, answered by the
// scripted model, are counted per group; once they reach the budget the
// group's new episodes are refused until the next UTC day, another group
// still ingests, and the day's count survives a restart.
func TestTokenBudget(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		if r.Kind != llmtest.KindChat {
			return llmtest.Answer{}, false
		}
		ans := llmtest.JSON(map[string]any{"entities": []any{}, "facts": []any{}})
		ans.PromptTokens, ans.CompletionTokens = 400, 100
		return ans, true
	})
	c := &fixedClock{t: time.Date(2026, 11, 29, 23, 0, 0, 0, time.UTC)}
	db := filepath.Join(t.TempDir(), "db")
	withLLM := func(cfg *host.Config) {
		cfg.DB = db
		cfg.LLM.BaseURL = srv.URL()
		cfg.LLM.APIKey = "test-key"
		cfg.LLM.Model = "scripted-model"
		cfg.Plugins.Default.Extractor = "llm-extractor"
		cfg.Budget.Default = host.BudgetLimits{TokensPerDay: 1000}
	}
	h, a := openBudgetHost(t, c, withLLM)
	ep := map[string]any{"content": "Hana: I met Ivo in Lisbon.", "reference_time": "2024-01-01"}
	for range 2 {
		var acc accepted
		if code, _ := a.do("POST", "/v1/groups/tokens-a/episodes", ep, &acc); code != 202 {
			t.Fatalf("POST = %d, want 202", code)
		}
		if st := a.waitDone(acc.Episodes[0].StatusURL); st["status"] != "done" {
			t.Fatalf("episode %v, want done", st)
		}
	}
	if n := len(srv.RequestsFor("extract")); n < 2 {
		t.Fatalf("%d extraction calls, want the model asked for each episode", n)
	}
	code, retry := a.doRetry("POST", "/v1/groups/tokens-a/episodes", ep, nil)
	if code != 429 || retry != "3600" {
		t.Errorf("POST with the day's tokens spent = %d (Retry-After %q), want 429 until the end of the day (3600)", code, retry)
	}
	var accB accepted
	if code, _ := a.do("POST", "/v1/groups/tokens-b/episodes", ep, &accB); code != 202 {
		t.Fatalf("POST to another group = %d, want 202: tokens-a's tokens are its own", code)
	}
	a.waitDone(accB.Episodes[0].StatusURL)
	_, raw := a.do("GET", "/metrics", nil, nil)
	if !strings.Contains(string(raw), `mnemo_budget_refusals_total{group="tokens-a",kind="tokens_per_day"} 1`) ||
		strings.Contains(string(raw), `mnemo_budget_tokens_total{group="tokens-a"} 0`) {
		t.Errorf("metrics lack tokens-a's tokens and its tokens_per_day refusal")
	}
	// Deleting the group does not hand it a fresh day.
	if code, body := a.do("DELETE", "/v1/groups/tokens-a", nil, nil); code/100 != 2 {
		t.Fatalf("DELETE group = %d %s, want 2xx", code, body)
	}
	if code, _ := a.doRetry("POST", "/v1/groups/tokens-a/episodes", ep, nil); code != 429 {
		t.Errorf("POST after deleting the group = %d, want 429: deleting a group reset its day", code)
	}
	if err := h.Close(context.Background()); err != nil {
		t.Fatal(err)
	}

	// The same day after a restart: still spent, the group deleted as it
	// was. The next day: admitted.
	_, a = openBudgetHost(t, c, withLLM)
	if code, _ := a.doRetry("POST", "/v1/groups/tokens-a/episodes", ep, nil); code != 429 {
		t.Errorf("POST after a restart the same day = %d, want 429: the day's tokens were forgotten", code)
	}
	c.advance(time.Hour)
	if code, _ := a.doRetry("POST", "/v1/groups/tokens-a/episodes", ep, nil); code != 202 {
		t.Errorf("POST the next day = %d, want 202", code)
	}
}
