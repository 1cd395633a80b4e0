package plugintest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// The llm-extractor module under test is built from source into the
// test's temporary directory, with the flags of `make plugins`, so the
// test always runs the code as it is. Go's build cache makes that a
// second or two. TestLLMExtractor/builtin_is_fresh then checks that the
// committed plugins/builtin/llm-extractor.wasm, the module mnemo embeds,
// is byte for byte that build (builds with one toolchain are
// reproducible; the flags are the Makefile's WASMFLAGS): the module
// tested is the module shipped.

// buildLLMExtractor builds the plugin for wasip1 into dir.
func buildLLMExtractor(t *testing.T, dir string) []byte {
	t.Helper()
	// go test caches a passing result keyed on the files the test opens,
	// and the go build below opens them in another process: reading the
	// plugin's sources here makes a change to them rerun the test.
	for _, src := range []string{"plugins/llm-extractor", "plugins/llm-extractor/prompts", "plugins/sdk", "wasm/abi"} {
		entries, err := os.ReadDir(filepath.Join("..", "..", src))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !e.IsDir() {
				if _, err := os.ReadFile(filepath.Join("..", "..", src, e.Name())); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	out := filepath.Join(dir, "llm-extractor.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildmode=c-shared", "-ldflags=-s -buildid=", "-o", out, "./plugins/llm-extractor")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build llm-extractor: %v\n%s", err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sandbox is the plugin loaded in a runtime whose LLM is a real client on
// a scripted server.
type sandbox struct {
	srv *llmtest.Server
	rt  *wasm.Runtime
}

func newSandbox(t *testing.T, module []byte, cacheDir string, mode string) (*sandbox, *wasm.Plugin) {
	t.Helper()
	srv := llmtest.New(t)
	opts := srv.ClientOptions()
	opts.StructuredOutput = mode
	client, err := llm.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := wasm.Open(context.Background(), wasm.Options{LLM: client, CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close(context.Background()) })
	s := &sandbox{srv: srv, rt: rt}
	return s, s.load(t, "llm-extractor", module)
}

func (s *sandbox) load(t *testing.T, name string, module []byte) *wasm.Plugin {
	t.Helper()
	return s.loadConfigured(t, name, module, "")
}

func (s *sandbox) loadConfigured(t *testing.T, name string, module []byte, config string) *wasm.Plugin {
	t.Helper()
	p, err := s.rt.Load(context.Background(), name, module, wasm.Manifest{AllowLLM: true, Config: []byte(config)})
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return p
}

var refTime = time.Date(2025, 3, 14, 9, 26, 53, 0, time.FixedZone("", 3600))

func episode(content string) core.Episode {
	return core.Episode{UUID: "ep-2", GroupID: "acme", Source: core.SourceMessage, SourceDescription: "support chat", Content: content, ValidAt: refTime}
}

var ontology = &core.Ontology{
	EntityTypes: []core.EntityType{
		{Name: "Person", Description: "A human being.", Attributes: []core.AttributeField{{Name: "role", Description: "their job"}}},
		{Name: "City", Description: "A city or town."},
		{Name: "Company", Description: "A business."},
	},
	FactTypes: []core.FactType{
		{Name: "LIVES_IN", Description: "Where a person lives.", SourceTypes: []string{"Person"}, TargetTypes: []string{"City"}},
		{Name: "WORKS_AT", SourceTypes: []string{"Person"}, TargetTypes: []string{"Company"}},
	},
	ExcludedEntityTypes: []string{"Date"},
	Instructions:        "Prefer full names.",
}

func TestLLMExtractor(t *testing.T) {
	dir := t.TempDir()
	module := buildLLMExtractor(t, dir)
	cacheDir := filepath.Join(dir, "cache")
	ctx := context.Background()

	t.Run("builtin is fresh", func(t *testing.T) {
		committed, err := os.ReadFile(filepath.Join("..", "..", "plugins", "builtin", "llm-extractor.wasm"))
		if err != nil {
			t.Fatalf("read the committed plugin: %v", err)
		}
		if !bytes.Equal(committed, module) {
			t.Errorf("plugins/builtin/llm-extractor.wasm (%d bytes) is not the build of plugins/llm-extractor (%d bytes): run make plugins", len(committed), len(module))
		}
	})

	t.Run("describe", func(t *testing.T) {
		_, p := newSandbox(t, module, cacheDir, llm.JSONSchema)
		d := p.Describe()
		want := abi.Describe{
			Name: "llm-extractor", Version: "1.0.0", ABIVersion: abi.Version, Description: d.Description,
			Capabilities: []string{abi.CapExtract, abi.CapResolveEntities, abi.CapResolveFacts, abi.CapSummarize},
			Imports:      []string{abi.HostLLMComplete, abi.HostLog},
		}
		if diff := cmp.Diff(want, d); diff != "" || d.Description == "" {
			t.Errorf("Describe() mismatch (-want +got):\n%s", diff)
		}
	})

	t.Run("extract", func(t *testing.T) {
		s, p := newSandbox(t, module, cacheDir, llm.JSONSchema)
		s.srv.Script("extract", llmtest.JSON(map[string]any{
			"entities": []any{
				map[string]any{"name": "Lisbon", "type": "City", "summary": "", "attributes": map[string]any{"role": nil}},
				map[string]any{"name": "Alice", "type": "Person", "summary": "Alice moved to Lisbon.", "attributes": map[string]any{"role": "nurse"}},
				map[string]any{"name": "Porto", "type": "city", "summary": "", "attributes": map[string]any{"role": nil}},
				map[string]any{"name": "Alice's brother", "type": "Person", "summary": "", "attributes": map[string]any{"role": nil}},
			},
			"facts": []any{
				map[string]any{"source": "Alice", "relation": "lives in", "target": "Lisbon", "fact": "Alice lives in Lisbon.", "valid_at": "2025-02", "invalid_at": nil},
				map[string]any{"source": "Alice's brother", "relation": "LIVES_IN", "target": "Porto", "fact": "Alice's brother lives in Porto.", "valid_at": "2025-03-14T09:26:53+01:00", "invalid_at": nil},
				map[string]any{"source": "Alice", "relation": "MOVED_FROM", "target": "Faro", "fact": "Alice moved from Faro.", "valid_at": nil, "invalid_at": nil},
				map[string]any{"source": "Alice", "relation": "VISITED", "target": "Porto", "fact": "Alice visited Porto.", "valid_at": "soon", "invalid_at": nil},
			},
		}))
		x, err := wasm.NewExtractor(p)
		if err != nil {
			t.Fatal(err)
		}
		prev := []core.Episode{{GroupID: "acme", Source: core.SourceMessage, Content: "bob: where do you live now, Alice?", ValidAt: refTime.Add(-2 * time.Minute)}}
		got, err := x.Extract(ctx, core.ExtractRequest{Episode: episode("Alice: I moved to Lisbon last month; my brother still lives in Porto."), Previous: prev, Ontology: ontology})
		if err != nil {
			t.Fatalf("Extract() = %v", err)
		}
		// Each fact's rule names the model the client sent the prompt to
		// (test-main, which the server reports back), not the role "main".
		want := core.Extraction{
			Entities: []core.ExtractedEntity{
				{Name: "Alice", Type: "Person", Summary: "Alice moved to Lisbon.", Attributes: map[string]any{"role": "nurse"}},
				{Name: "Lisbon", Type: "City"},
				{Name: "Porto", Type: "City"},
				{Name: "Alice's brother", Type: "Person"},
			},
			Facts: []core.ExtractedFact{
				{Source: "Alice", Target: "Lisbon", Relation: "LIVES_IN", Text: "Alice lives in Lisbon.", ValidAt: time.Date(2025, 2, 1, 0, 0, 0, 0, refTime.Location()), Rule: "model test-main"},
				{Source: "Alice's brother", Target: "Porto", Relation: "LIVES_IN", Text: "Alice's brother lives in Porto.", ValidAt: refTime, Rule: "model test-main"},
				{Source: "Alice", Target: "Porto", Relation: "VISITED", Text: "Alice visited Porto.", Rule: "model test-main"},
			},
			Warnings: []string{
				`fact "Alice moved from Faro." was dropped: "Faro" is not among the extracted entities`,
				`fact "Alice visited Porto.": valid_at "soon" is not a date; dropped the date, kept the fact`,
			},
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty(), cmpopts.EquateApproxTime(0)); diff != "" {
			t.Errorf("Extract() mismatch (-want +got):\n%s", diff)
		}
		reqs := s.srv.RequestsFor("extract")
		if len(reqs) != 1 {
			t.Fatalf("the server got %d extract requests, want 1", len(reqs))
		}
		r := reqs[0]
		if r.Model != "test-main" || r.ResponseFormat != "json_schema" || r.SchemaName != "extract" || len(r.Schema) == 0 || r.Temperature == nil || *r.Temperature != 0 {
			t.Errorf("extract request = model %q format %q schema %q (%d bytes) temperature %v, want test-main, json_schema, extract, a schema, 0",
				r.Model, r.ResponseFormat, r.SchemaName, len(r.Schema), r.Temperature)
		}
		prompt := r.Messages[0].Content + r.Messages[1].Content
		for _, w := range []string{"- Person: A human being.", "attributes: role (their job)", "- LIVES_IN (from Person to City): Where a person lives.",
			"Do not list entities of these types: Date.", "Prefer full names.", "2025-03-14T09:26:53+01:00 (Friday)",
			"bob: where do you live now, Alice?", "Alice: I moved to Lisbon last month"} {
			if !strings.Contains(prompt, w) {
				t.Errorf("extract prompt lacks %q", w)
			}
		}
	})

	t.Run("resolve entities", func(t *testing.T) {
		s, p := newSandbox(t, module, cacheDir, llm.JSONSchema)
		s.srv.Script("resolve_entities", llmtest.JSON(map[string]any{"answers": []any{
			map[string]any{"id": 0, "duplicate_of": "c1", "name": "Alice Smith"},
			map[string]any{"id": 1, "duplicate_of": "c9", "name": "IBM"},
		}}))
		r, err := wasm.NewEntityResolver(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.ResolveEntities(ctx, core.EntityResolveRequest{Episode: episode("Alice: I joined IBM."), Questions: []core.EntityQuestion{
			{ID: 0, Entity: core.ExtractedEntity{Name: "Alice", Type: "Person"}, Candidates: []core.Entity{
				{UUID: "e-17", Name: "Alice Smith", Labels: []string{"Person"}, Summary: "Alice Smith lives in Lisbon."},
				{UUID: "e-18", Name: "Alice Jones", Labels: []string{"Person"}, Summary: "Alice Jones plays piano in Oslo."},
			}},
			{ID: 1, Entity: core.ExtractedEntity{Name: "IBM", Type: "Company"}, Candidates: []core.Entity{{UUID: "e-40", Name: "International Business Machines"}}},
		}})
		if err != nil {
			t.Fatalf("ResolveEntities() = %v", err)
		}
		want := []core.EntityAnswer{{ID: 0, DuplicateOf: "e-17", Name: "Alice Smith"}, {ID: 1}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ResolveEntities() mismatch (-want +got):\n%s", diff)
		}
		reqs := s.srv.RequestsFor("resolve_entities")
		if len(reqs) != 1 || reqs[0].Model != "test-small" || len(reqs[0].Schema) == 0 {
			t.Fatalf("resolve_entities requests = %d, want 1 on test-small with a schema", len(reqs))
		}
		if user := reqs[0].LastUser(); !strings.Contains(user, `"key":"c2","name":"Alice Jones"`) || strings.Contains(user, "e-17") {
			t.Errorf("resolve_entities prompt does not name candidates by key:\n%s", user)
		}
	})

	t.Run("resolve facts", func(t *testing.T) {
		s, p := newSandbox(t, module, cacheDir, llm.JSONSchema)
		s.srv.Script("resolve_facts", llmtest.JSON(map[string]any{"answers": []any{
			map[string]any{"id": 0, "duplicates": []any{}, "contradicts": []any{"f1"}},
			map[string]any{"id": 1, "duplicates": []any{"f2", "f1"}, "contradicts": []any{"f7"}},
		}}))
		r, err := wasm.NewFactResolver(p)
		if err != nil {
			t.Fatal(err)
		}
		porto := core.Fact{UUID: "f-9", Relation: "LIVES_IN", Text: "Alice lives in Porto", SourceUUID: "e-17", TargetUUID: "e-50", ValidAt: time.Date(2021, 6, 1, 0, 0, 0, 0, time.UTC)}
		acme := core.Fact{UUID: "f-10", Relation: "WORKS_AT", Text: "Alice works at Acme", SourceUUID: "e-17", TargetUUID: "e-60"}
		got, err := r.ResolveFacts(ctx, core.FactResolveRequest{
			Episode: episode("Alice: I moved to Lisbon and left Acme."),
			Names:   map[string]string{"e-17": "Alice", "e-50": "Porto", "e-60": "Acme", "e-70": "Lisbon"},
			Questions: []core.FactQuestion{
				{ID: 0, Fact: core.Fact{Relation: "LIVES_IN", Text: "Alice lives in Lisbon", SourceUUID: "e-17", TargetUUID: "e-70"}, Related: []core.Fact{porto}},
				{ID: 1, Fact: core.Fact{Relation: "WORKS_AT", Text: "Alice no longer works at Acme", SourceUUID: "e-17", TargetUUID: "e-60", InvalidAt: refTime}, Existing: []core.Fact{acme}, Related: []core.Fact{porto}},
			},
		})
		if err != nil {
			t.Fatalf("ResolveFacts() = %v", err)
		}
		want := []core.FactAnswer{{ID: 0, Contradicts: []string{"f-9"}}, {ID: 1, Duplicates: []string{"f-10"}}}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("ResolveFacts() mismatch (-want +got):\n%s", diff)
		}
		reqs := s.srv.RequestsFor("resolve_facts")
		if len(reqs) != 1 || reqs[0].Model != "test-small" || len(reqs[0].Schema) == 0 {
			t.Fatalf("resolve_facts requests = %d, want 1 on test-small with a schema", len(reqs))
		}
		if user := reqs[0].LastUser(); !strings.Contains(user, `"existing":[{"key":"f2","relation":"WORKS_AT","fact":"Alice works at Acme"}]`) {
			t.Errorf("resolve_facts prompt lacks the existing fact:\n%s", user)
		}
	})

	t.Run("summarize", func(t *testing.T) {
		s, p := newSandbox(t, module, cacheDir, llm.JSONSchema)
		s.srv.Script("summarize", llmtest.JSON(map[string]any{"name": "Alice, Lisbon and Acme", "summary": "Alice lives in Lisbon and works at Acme."}))
		sum, err := wasm.NewSummarizer(p, "acme")
		if err != nil {
			t.Fatal(err)
		}
		got, err := sum.Summarize(ctx, core.SummarizeRequest{Kind: "community", Texts: []string{"Alice lives in Lisbon", "Alice works at Acme"}, MaxChars: 200})
		if err != nil {
			t.Fatalf("Summarize() = %v", err)
		}
		if want := (core.Summary{Name: "Alice, Lisbon and Acme", Summary: "Alice lives in Lisbon and works at Acme."}); got != want {
			t.Errorf("Summarize() = %+v, want %+v", got, want)
		}
		reqs := s.srv.RequestsFor("summarize")
		if len(reqs) != 1 || reqs[0].Model != "test-small" || !strings.Contains(reqs[0].Messages[0].Content, "at most 200 characters") {
			t.Errorf("summarize requests = %+v, want one on test-small asking for 200 characters", reqs)
		}
	})

	t.Run("two tenants, two ontologies", func(t *testing.T) {
		s, _ := newSandbox(t, module, cacheDir, llm.JSONSchema)
		// The model reads the ontology of the prompt: it types the human
		// and the business with the types whose descriptions say so, and
		// links them with the first fact type.
		s.srv.Handle(ontologyReader(t))
		tenants := map[string]*core.Ontology{
			"retail": {
				EntityTypes: []core.EntityType{{Name: "Customer", Description: "A human who buys from us."}, {Name: "Store", Description: "A business that sells to customers."}},
				FactTypes:   []core.FactType{{Name: "SHOPS_AT", SourceTypes: []string{"Customer"}, TargetTypes: []string{"Store"}}},
			},
			"hr": {
				EntityTypes: []core.EntityType{{Name: "Employee", Description: "A human on the payroll."}, {Name: "Employer", Description: "A business that pays people."}},
				FactTypes:   []core.FactType{{Name: "EmployedBy", SourceTypes: []string{"Employee"}, TargetTypes: []string{"Employer"}}},
			},
		}
		got := map[string][]string{}
		for name, o := range tenants {
			x, err := wasm.NewExtractor(s.load(t, "llm-extractor-"+name, module))
			if err != nil {
				t.Fatal(err)
			}
			ep := episode("Alice: I go to Acme every week.")
			ep.GroupID = name
			out, err := x.Extract(ctx, core.ExtractRequest{Episode: ep, Ontology: o})
			if err != nil {
				t.Fatalf("Extract(%s) = %v", name, err)
			}
			for _, e := range out.Entities {
				got[name] = append(got[name], e.Name+":"+e.Type)
			}
			for _, f := range out.Facts {
				got[name] = append(got[name], f.Source+" "+f.Relation+" "+f.Target)
			}
		}
		want := map[string][]string{
			"retail": {"Alice:Customer", "Acme:Store", "Alice SHOPS_AT Acme"},
			"hr":     {"Alice:Employee", "Acme:Employer", "Alice EMPLOYED_BY Acme"},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("extractions per tenant mismatch (-want +got):\n%s", diff)
		}
	})

	t.Run("local model in json_object mode", func(t *testing.T) {
		s, p := newSandbox(t, module, cacheDir, llm.JSONObject)
		// A local model wraps its JSON in a code fence and writes a type
		// in the wrong case; the client cleans the first, the plugin the
		// second.
		s.srv.Script("extract", llmtest.Text("```json\n"+`{"entities":[{"name":"Alice","type":"person","summary":"","attributes":{"role":null}}],"facts":[]}`+"\n```"))
		x, err := wasm.NewExtractor(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := x.Extract(ctx, core.ExtractRequest{Episode: episode("Alice: hello"), Ontology: ontology})
		if err != nil {
			t.Fatalf("Extract() = %v", err)
		}
		if diff := cmp.Diff([]core.ExtractedEntity{{Name: "Alice", Type: "Person"}}, got.Entities); diff != "" {
			t.Errorf("Extract() entities mismatch (-want +got):\n%s", diff)
		}
		r := s.srv.RequestsFor("extract")[0]
		if r.ResponseFormat != "json_object" || !strings.Contains(r.LastUser(), `"invalid_at"`) {
			t.Errorf("extract request in json_object mode = format %q, want json_object with the schema in the prompt", r.ResponseFormat)
		}
	})

	t.Run("a large JSON episode", func(t *testing.T) {
		// 178 KB of records: near the engine's limit for a JSON episode
		// (16 pieces of 12 KiB), which it sends whole. Configured for it,
		// the plugin extracts all of it in eight calls, inside the
		// sandbox's memory cap and host-call budget.
		s, _ := newSandbox(t, module, cacheDir, llm.JSONSchema)
		p := s.loadConfigured(t, "llm-extractor-json", module, `{"max_extract_calls": 8}`)
		s.srv.Script("extract", llmtest.JSON(map[string]any{
			"entities": []any{map[string]any{"name": "Acme", "type": "Company", "summary": "", "attributes": map[string]any{"role": nil}}},
			"facts":    []any{},
		}))
		var records []string
		for i := range 2000 {
			records = append(records, fmt.Sprintf(`{"customer": "Customer %04d", "city": "Lisbon", "supplier": "Acme", "since": "2024-0%d"}`, i, 1+i%9))
		}
		ep := episode("[" + strings.Join(records, ",\n") + "]")
		ep.Source = core.SourceJSON
		x, err := wasm.NewExtractor(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := x.Extract(ctx, core.ExtractRequest{Episode: ep, Ontology: ontology})
		if err != nil {
			t.Fatalf("Extract(%d bytes) = %v", len(ep.Content), err)
		}
		if n := len(s.srv.RequestsFor("extract")); n != 8 {
			t.Errorf("Extract(%d bytes) made %d calls, want 8", len(ep.Content), n)
		}
		want := "JSON episode of 178000 bytes: its array of 2000 elements was extracted in 8 calls (max_episode_chars)"
		if len(got.Entities) != 1 || len(got.Warnings) != 1 || got.Warnings[0] != want {
			t.Errorf("Extract(%d bytes) = %d entities, warnings %q; want Acme once and the warning %q", len(ep.Content), len(got.Entities), got.Warnings, want)
		}
	})

	t.Run("model failure is the plugin's error", func(t *testing.T) {
		s, p := newSandbox(t, module, cacheDir, llm.JSONSchema)
		// The first request fails as a bad request (no retry), the next
		// succeeds.
		s.srv.Script("extract", llmtest.Error(400, 0), llmtest.JSON(map[string]any{"entities": []any{}, "facts": []any{}}))
		x, err := wasm.NewExtractor(p)
		if err != nil {
			t.Fatal(err)
		}
		_, err = x.Extract(ctx, core.ExtractRequest{Episode: episode("Alice: hello")})
		var pe *wasm.PluginError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), "complete extract prompt") {
			t.Errorf("Extract() = %v, want a *wasm.PluginError from the failed completion", err)
		}
		// The instance survives: the next call works.
		if _, err := x.Extract(ctx, core.ExtractRequest{Episode: episode("Alice: hello")}); err != nil {
			t.Errorf("Extract() after a failure = %v", err)
		}
	})
}

// typeLine matches a type line of a rendered ontology: "- Name: description"
// or "- NAME (signature)...".
var typeLine = regexp.MustCompile(`(?m)^- ([A-Za-z_]+)(?: \([^)]*\))?(?:: (.*))?$`)

// ontologyReader answers extract requests the way a model following the
// prompt would for "Alice: I go to Acme every week.": Alice gets the entity
// type described as a human, Acme the one described as a business, and
// the first fact type links them.
func ontologyReader(t *testing.T) func(llmtest.Request) (llmtest.Answer, bool) {
	return func(r llmtest.Request) (llmtest.Answer, bool) {
		if r.Prompt != "extract" {
			return llmtest.Answer{}, false
		}
		system := r.Messages[0].Content
		entityTypes := section(system, "## ENTITY TYPES")
		factTypes := section(system, "## FACT TYPES")
		var human, business, relation string
		for _, m := range typeLine.FindAllStringSubmatch(entityTypes, -1) {
			switch {
			case strings.Contains(m[2], "human"):
				human = m[1]
			case strings.Contains(m[2], "business"):
				business = m[1]
			}
		}
		if m := typeLine.FindStringSubmatch(factTypes); m != nil {
			relation = m[1]
		}
		if human == "" || business == "" || relation == "" {
			t.Errorf("the extract prompt does not show the ontology:\n%s", system)
		}
		return llmtest.JSON(map[string]any{
			"entities": []any{
				map[string]any{"name": "Alice", "type": human, "summary": ""},
				map[string]any{"name": "Acme", "type": business, "summary": ""},
			},
			"facts": []any{map[string]any{"source": "Alice", "relation": relation, "target": "Acme", "fact": "Alice goes to Acme every week.", "valid_at": nil, "invalid_at": nil}},
		}), true
	}
}

// section returns the text of a "## " section of a prompt.
func section(prompt, heading string) string {
	_, rest, ok := strings.Cut(prompt, heading+"\n")
	if !ok {
		return ""
	}
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	return rest
}
