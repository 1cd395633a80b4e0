package communitytest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/engine/community"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// hubLines is a community of 20: a hub tied twice to each of 19 members,
// which also form a ring.
func hubLines() []string {
	var lines []string
	for i := 1; i <= 19; i++ {
		m := fmt.Sprintf("Member%02d", i)
		lines = append(lines, "Hub LEADS "+m, "Hub PAYS "+m, fmt.Sprintf("%s KNOWS Member%02d", m, i%19+1))
	}
	return lines
}

// llmEnv is an engine whose LLM is the real client talking to a test
// server.
func llmEnv(t *testing.T, opts engine.Options) (*env, *llmtest.Server) {
	t.Helper()
	srv := llmtest.New(t)
	client, err := llm.New(srv.ClientOptions())
	if err != nil {
		t.Fatalf("llm.New: %v", err)
	}
	opts.LLM = client
	return setup(t, opts), srv
}

// answer is a community answer.
func answer(name, summary string) llmtest.Answer {
	return llmtest.JSON(map[string]string{"name": name, "summary": summary})
}

// cluster answers map calls by the first entity of the prompt, reduce and
// update calls with fixed answers.
func scriptCommunities(srv *llmtest.Server) {
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		u := r.LastUser()
		switch {
		case r.Prompt == community.PromptReduce:
			return answer("Hub network", "The hub leads and pays every member."), true
		case r.Prompt == community.PromptUpdate:
			return answer("Paris circle with Xavier", "Alice works at Acme in Paris; Xavier met her."), true
		case r.Prompt != community.PromptMap:
			return llmtest.Answer{}, false
		case strings.Contains(u, "Entity: Alice:"):
			return answer("Paris circle", "Alice works at Acme in Paris."), true
		case strings.Contains(u, "Entity: Bob:"):
			return answer("Tokyo circle", "Bob runs Globex in Tokyo."), true
		}
		return answer(fmt.Sprintf("Hub part %d", r.Seq), "Part of the hub."), true
	})
}

func TestLLMSummaries(t *testing.T) {
	ctx := context.Background()
	v, srv := llmEnv(t, engine.Options{Communities: community.Options{SummaryBatch: 8, SummaryMembers: 16}})
	scriptCommunities(srv)
	v.seed(t, "g1", slices.Concat(twoClusters, hubLines()))

	rep, err := v.eng.BuildCommunities(ctx, "g1")
	if err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	// The hub community: 20 members, the 16 most central in 2 batches of 8,
	// then a reduce; the two small ones: one call each.
	calls := map[string]int{}
	for _, r := range srv.Requests() {
		if r.Kind == llmtest.KindChat {
			calls[r.Prompt]++
		}
	}
	if diff := cmp.Diff(map[string]int{community.PromptMap: 4, community.PromptReduce: 1}, calls); diff != "" {
		t.Errorf("LLM calls mismatch (-want +got):\n%s", diff)
	}
	if rep.Communities != 3 || rep.Calls != 5 || rep.Fallbacks != 0 {
		t.Errorf("BuildCommunities() = %d communities, %d calls, %d fallbacks; want 3, 5, 0", rep.Communities, rep.Calls, rep.Fallbacks)
	}
	if rep.ByPrompt[community.PromptMap].Calls != 4 || rep.ByPrompt[community.PromptReduce].Calls != 1 || rep.Usage.PromptTokens == 0 {
		t.Errorf("BuildCommunities() usage = %+v by prompt %+v, want 4 map and 1 reduce calls with tokens", rep.Usage, rep.ByPrompt)
	}
	for _, r := range srv.Requests() {
		if r.Kind != llmtest.KindChat {
			continue
		}
		var sch map[string]any
		if r.ResponseFormat != "json_schema" || json.Unmarshal(r.Schema, &sch) != nil || sch["required"] == nil || r.Model != "test-small" {
			t.Errorf("request %d (%s): format %q, schema %s, model %q; want json_schema with name and summary, test-small", r.Seq, r.Prompt, r.ResponseFormat, r.Schema, r.Model)
		}
		if sys := r.Messages[0].Content; r.Messages[0].Role != "system" || !strings.Contains(sys, "at most 1000 characters") {
			t.Errorf("request %d system message = %q, want the task and the bound", r.Seq, sys)
		}
	}
	var mapA string
	for _, r := range srv.RequestsFor(community.PromptMap) {
		if strings.Contains(r.LastUser(), "Entity: Alice:") {
			mapA = r.LastUser()
		}
	}
	wantA := "Members and facts:\n" +
		"- Entity: Alice: Alice is in the seed graph.\n- Entity: Acme: Acme is in the seed graph.\n" +
		"- Entity: Paris: Paris is in the seed graph.\n- Entity: Louvre: Louvre is in the seed graph.\n" +
		"- Fact: Alice founded Acme.\n- Fact: Alice lives in Paris.\n- Fact: Alice works at Acme.\n" +
		"- Fact: Acme based in Paris.\n- Fact: Alice visited Louvre.\n- Fact: Louvre located in Paris."
	if mapA != wantA {
		t.Errorf("map prompt of cluster A = %q, want %q", mapA, wantA)
	}
	hubMaps := 0
	for _, r := range srv.RequestsFor(community.PromptMap) {
		if strings.Contains(r.LastUser(), "Entity: Hub:") || strings.Contains(r.LastUser(), "Note: these are 8 of the community's 20 members.") {
			hubMaps++
		}
	}
	if hubMaps != 2 {
		t.Errorf("map prompts of the hub community = %d, want 2", hubMaps)
	}
	reduce := srv.RequestsFor(community.PromptReduce)[0].LastUser()
	if !strings.HasPrefix(reduce, "Partial summaries:\n- Summary: Hub part ") || strings.Count(reduce, "- Summary: ") != 2 {
		t.Errorf("reduce prompt = %q, want the 2 partial summaries", reduce)
	}

	got := map[string][2]string{}
	for _, c := range v.communities(t, "g1") {
		got[fmt.Sprint(len(c.Members))+" "+v.memberNames(t, "g1", []core.Community{c})[0][0]] = [2]string{c.Name, c.Summary}
		if diff := cmp.Diff(v.embed(t, c.Name+"\n"+c.Summary), c.NameEmbedding, approx); diff != "" {
			t.Errorf("community %q embedding is not that of its name and summary (-want +got):\n%s", c.Name, diff)
		}
	}
	want := map[string][2]string{
		"4 Acme": {"Paris circle", "Alice works at Acme in Paris."},
		"4 Bob":  {"Tokyo circle", "Bob runs Globex in Tokyo."},
		"20 Hub": {"Hub network", "The hub leads and pays every member."},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored names and summaries mismatch (-want +got):\n%s", diff)
	}
	hits, err := v.store.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeCommunities, Groups: []string{"g1"}, Vector: v.embed(t, "Tokyo circle"), Limit: 1})
	if err != nil || len(hits) != 1 {
		t.Fatalf("VectorSearch(Tokyo circle) = %v, %v", hits, err)
	}
	if cs, _ := v.store.Communities(ctx, []string{"g1"}, []string{hits[0].UUID}, core.GetOptions{}); len(cs) != 1 || cs[0].Name != "Tokyo circle" {
		t.Errorf("VectorSearch(Tokyo circle) found %v, want the Tokyo circle", cs)
	}
}

func TestLLMIncrementalUpdate(t *testing.T) {
	ctx := context.Background()
	v, srv := llmEnv(t, engine.Options{Communities: community.Options{DriftThreshold: -1}})
	scriptCommunities(srv)
	v.seed(t, "g1", twoClusters)
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	rep := v.ingest(t, "g1", "Xavier MET Alice", "Xavier EMAILED Alice")
	updates := srv.RequestsFor(community.PromptUpdate)
	if len(updates) != 1 || rep.ByPrompt[community.PromptUpdate].Calls != 1 {
		t.Fatalf("community_update calls = %d (episode report %+v), want 1 charged to the episode", len(updates), rep.ByPrompt)
	}
	want := "Current summary and changes:\n- Summary: Paris circle: Alice works at Acme in Paris.\n" +
		"- New member Entity: Xavier: Xavier met Alice. Xavier emailed Alice.\n" +
		"- New member Fact: Xavier emailed Alice.\n- New member Fact: Xavier met Alice."
	if got := updates[0].LastUser(); got != want {
		t.Errorf("update prompt = %q, want %q", got, want)
	}
	c := v.communityOf(t, "g1", "Alice")
	if c.Name != "Paris circle with Xavier" || c.Summary != "Alice works at Acme in Paris; Xavier met her." {
		t.Errorf("updated community = %q / %q, want the model's answer", c.Name, c.Summary)
	}
	if diff := cmp.Diff(v.embed(t, c.Name+"\n"+c.Summary), c.NameEmbedding, approx); diff != "" {
		t.Errorf("updated embedding mismatch (-want +got):\n%s", diff)
	}
	if n := len(srv.RequestsFor(community.PromptMap)); n != 2 {
		t.Errorf("map calls = %d, want the build's 2 only", n)
	}
}

// pluginSummarizer is a tenant's Summarizer plugin.
type pluginSummarizer struct{ calls atomic.Int64 }

func (p *pluginSummarizer) Summarize(_ context.Context, req core.SummarizeRequest) (core.Summary, error) {
	p.calls.Add(1)
	if req.Kind != community.SummarizeKind {
		return core.Summary{}, fmt.Errorf("kind %q", req.Kind)
	}
	return core.Summary{Name: "From the plugin", Summary: fmt.Sprintf("%d texts.", len(req.Texts))}, nil
}

func TestPluginSummarizerFirst(t *testing.T) {
	ctx := context.Background()
	plugin := &pluginSummarizer{}
	v, srv := llmEnv(t, engine.Options{Plugins: pluginSets{core.Plugins{Extractor: lineExtractor{}, Summarizer: plugin}}})
	v.seed(t, "g1", twoClusters)
	rep, err := v.eng.BuildCommunities(ctx, "g1")
	if err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	if n := len(srv.Requests()); n != 0 || plugin.calls.Load() != 2 || rep.Calls != 2 {
		t.Errorf("BuildCommunities() = %d LLM requests, %d plugin calls, report %d; want 0, 2, 2", n, plugin.calls.Load(), rep.Calls)
	}
	for _, c := range v.communities(t, "g1") {
		if c.Name != "From the plugin" {
			t.Errorf("community name = %q, want the plugin's", c.Name)
		}
	}
}

func TestLLMFailureFallsBackOffline(t *testing.T) {
	ctx := context.Background()
	v, srv := llmEnv(t, engine.Options{})
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		return llmtest.Error(http.StatusBadRequest, 0), r.Kind == llmtest.KindChat
	})
	v.seed(t, "g1", twoClusters)
	rep, err := v.eng.BuildCommunities(ctx, "g1")
	if err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	if rep.Communities != 2 || rep.Fallbacks != 2 {
		t.Errorf("BuildCommunities() = %d communities, %d fallbacks; want 2, 2", rep.Communities, rep.Fallbacks)
	}
	if c := v.communityOf(t, "g1", "Alice"); c.Name != "Alice, Acme, Paris" {
		t.Errorf("community name = %q, want the offline name", c.Name)
	}
}

func TestCloseCancelsBackgroundRebuild(t *testing.T) {
	ctx := context.Background()
	v, srv := llmEnv(t, engine.Options{Communities: community.Options{DriftThreshold: 0.2}})
	var block atomic.Bool
	srv.Handle(func(r llmtest.Request) (llmtest.Answer, bool) {
		if r.Prompt == community.PromptMap && block.Load() {
			return llmtest.Answer{Delay: time.Hour}, true
		}
		return llmtest.Answer{}, false
	})
	scriptCommunities(srv)
	v.seed(t, "g1", twoClusters)
	if _, err := v.eng.BuildCommunities(ctx, "g1"); err != nil {
		t.Fatalf("BuildCommunities: %v", err)
	}
	before := v.communities(t, "g1")
	block.Store(true)
	// 4 new entities of 12: past 0.2. The episode is done while the rebuild
	// waits on the model.
	v.ingest(t, "g1", island...)
	waitFor(t, "rebuild waiting on the model", 10*time.Second, func() bool { return srv.InFlight() > 0 })
	st, err := v.eng.CommunityStatus(ctx, "g1")
	if err != nil || !st.Rebuilding {
		t.Errorf("CommunityStatus() = %+v, %v; want a rebuild running", st, err)
	}
	v.ingest(t, "g1", "Xavier MET Nina")

	start := time.Now()
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := v.eng.Close(cctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Close took %s with a rebuild running, want it cancelled at once", d)
	}
	if diff := cmp.Diff(before, v.communities(t, "g1")); diff != "" {
		t.Errorf("communities changed by a cancelled rebuild (-before +after):\n%s", diff)
	}
}
