package retrieval

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
)

func TestBuiltinRecipesAreValid(t *testing.T) {
	for name, r := range BuiltinRecipes() {
		t.Run(name, func(t *testing.T) {
			if err := r.Validate(); err != nil {
				t.Errorf("BuiltinRecipes()[%q].Validate() = %v, want nil", name, err)
			}
			if r.Description == "" {
				t.Errorf("BuiltinRecipes()[%q] has no description", name)
			}
		})
	}
}

func TestRecipeName(t *testing.T) {
	o := Options{GroupRecipes: map[string]string{
		"acme":       "facts",
		"acme*":      "mmr",
		"acme-eu-*":  "episodes",
		"b?b":        "entities",
		"zz-*":       "node_distance",
		"zz-*-1":     "bfs",
		"zz-a-*":     "cross_encoder",
		"other-team": "plugin",
	}}.withDefaults()
	tests := []struct {
		group, want string
	}{
		{"acme", "facts"},
		{"acme-us", "mmr"},
		{"acme-eu-1", "episodes"},
		{"bob", "entities"},
		{"bobby", "default"},
		{"zz-q", "node_distance"},
		{"zz-a-1", "bfs"}, // two patterns of six bytes: the smaller text, "zz-*-1", wins
		{"nobody", "default"},
	}
	for _, tt := range tests {
		t.Run(tt.group, func(t *testing.T) {
			if got := o.recipeName(tt.group); got != tt.want {
				t.Errorf("recipeName(%q) = %q, want %q", tt.group, got, tt.want)
			}
		})
	}
}

func TestPlan(t *testing.T) {
	o := Options{
		Recipes:      map[string]Recipe{"mine": {Scopes: map[core.Scope]ScopeConfig{core.ScopeFacts: {Methods: []string{MethodBM25}, Limit: 3}}}},
		GroupRecipes: map[string]string{"g-*": "mine"},
	}.withDefaults()
	tests := []struct {
		name    string
		req     Request
		recipe  string
		scopes  map[core.Scope]ScopeConfig
		wantErr error
	}{
		{
			name:   "group pattern",
			req:    Request{Groups: []string{"g-1"}, Query: "q"},
			recipe: "mine",
			scopes: map[core.Scope]ScopeConfig{core.ScopeFacts: {Methods: []string{MethodBM25}, Reranker: RerankRRF, Limit: 3, Candidates: 6, RRFK: 60, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3}},
		},
		{
			name:   "overrides",
			req:    Request{Groups: []string{"x"}, Query: "q", Recipe: "facts", Limit: 4, Reranker: RerankMMR},
			recipe: "facts",
			scopes: map[core.Scope]ScopeConfig{core.ScopeFacts: {Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankMMR, Limit: 4, Candidates: 8, RRFK: 60, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3}},
		},
		{
			name:   "reranker override skips scopes it does not apply to",
			req:    Request{Groups: []string{"x"}, Query: "q", Recipe: "default", Scopes: []core.Scope{core.ScopeFacts, core.ScopeEpisodes}, Reranker: RerankEpisodeMentions},
			recipe: "default",
			scopes: map[core.Scope]ScopeConfig{
				core.ScopeFacts:    {Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankEpisodeMentions, Limit: 10, Candidates: 20, RRFK: 60, Weights: map[string]float64{MethodCosine: DefaultCosineWeight, FeatureWhen: DefaultWhenWeight}, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3},
				core.ScopeEpisodes: {Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankLinear, Limit: 5, Candidates: 10, RRFK: 60, Weights: map[string]float64{MethodCosine: DefaultCosineWeight, FeatureWhen: DefaultWhenWeight, FeatureExpansion: DefaultExpansionWeight, FeaturePersonal: DefaultPersonalWeight}, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3},
			},
		},
		{
			name:   "a scope the recipe lacks gets hybrid RRF",
			req:    Request{Groups: []string{"x"}, Query: "q", Recipe: "facts", Scopes: []core.Scope{core.ScopeCommunities}},
			recipe: "facts",
			scopes: map[core.Scope]ScopeConfig{core.ScopeCommunities: {Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankRRF, Limit: 10, Candidates: 20, RRFK: 60, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3}},
		},
		{
			name:   "custom",
			req:    Request{Groups: []string{"x"}, Seeds: []string{"s"}, Custom: &Recipe{Scopes: map[core.Scope]ScopeConfig{core.ScopeEntities: {Methods: []string{MethodBFS}, Limit: 2, Candidates: 1}}}},
			recipe: "custom",
			scopes: map[core.Scope]ScopeConfig{core.ScopeEntities: {Methods: []string{MethodBFS}, Reranker: RerankRRF, Limit: 2, Candidates: 2, RRFK: 60, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3}},
		},
		{name: "unknown recipe", req: Request{Groups: []string{"x"}, Query: "q", Recipe: "nope"}, wantErr: core.ErrInvalid},
		{name: "unknown reranker", req: Request{Groups: []string{"x"}, Query: "q", Reranker: "magic"}, wantErr: core.ErrInvalid},
		{name: "unknown scope", req: Request{Groups: []string{"x"}, Query: "q", Scopes: []core.Scope{"people"}}, wantErr: core.ErrInvalid},
		{name: "node distance without centre", req: Request{Groups: []string{"x"}, Query: "q", Recipe: "node_distance"}, wantErr: core.ErrInvalid},
		{name: "empty query", req: Request{Groups: []string{"x"}}, wantErr: core.ErrInvalid},
		{name: "empty query with seeds but not BFS alone", req: Request{Groups: []string{"x"}, Seeds: []string{"s"}}, wantErr: core.ErrInvalid},
		{name: "limit too large", req: Request{Groups: []string{"x"}, Query: "q", Limit: 5000}, wantErr: core.ErrInvalid},
		{
			name:    "custom recipe with an unknown method",
			req:     Request{Groups: []string{"x"}, Query: "q", Custom: &Recipe{Scopes: map[core.Scope]ScopeConfig{core.ScopeFacts: {Methods: []string{"grep"}}}}},
			wantErr: core.ErrInvalid,
		},
		{
			name:    "custom recipe with a reranker the scope lacks",
			req:     Request{Groups: []string{"x"}, Query: "q", Custom: &Recipe{Scopes: map[core.Scope]ScopeConfig{core.ScopeEpisodes: {Reranker: RerankEpisodeMentions}}}},
			wantErr: core.ErrInvalid,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name, r, err := o.plan(&tt.req)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("plan(%+v) error = %v, want %v", tt.req, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("plan(%+v) error = %v", tt.req, err)
			}
			if name != tt.recipe {
				t.Errorf("plan(%+v) recipe = %q, want %q", tt.req, name, tt.recipe)
			}
			if diff := cmp.Diff(tt.scopes, r.Scopes); diff != "" {
				t.Errorf("plan(%+v) scopes (-want +got):\n%s", tt.req, diff)
			}
		})
	}
}

// TestPlanDoesNotMutateRecipes checks that requests never change the
// engine's recipes, the configured ones or a caller's custom recipe.
func TestPlanDoesNotMutateRecipes(t *testing.T) {
	mine := Recipe{Scopes: map[core.Scope]ScopeConfig{core.ScopeFacts: {Methods: []string{MethodBM25}, Weights: map[string]float64{MethodBM25: 2}}}}
	o := Options{Recipes: map[string]Recipe{"mine": mine}}.withDefaults()
	before := o.Recipes["mine"].clone()
	builtin := o.Recipes["default"].clone()
	for _, req := range []Request{
		{Groups: []string{"x"}, Query: "q", Recipe: "mine", Limit: 7, Reranker: RerankMMR},
		{Groups: []string{"x"}, Query: "q", Recipe: "default", Limit: 2, Reranker: RerankCrossEncoder, Scopes: []core.Scope{core.ScopeFacts}},
		{Groups: []string{"x"}, Query: "q", Custom: &mine, Limit: 9},
	} {
		_, r, err := o.plan(&req)
		if err != nil {
			t.Fatalf("plan: %v", err)
		}
		for sc, c := range r.Scopes {
			c.Methods = append(c.Methods[:0], "bfs")
			if c.Weights != nil {
				c.Weights[MethodBM25] = 100
			}
			r.Scopes[sc] = c
		}
	}
	if diff := cmp.Diff(before, o.Recipes["mine"]); diff != "" {
		t.Errorf("configured recipe changed (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(builtin, o.Recipes["default"]); diff != "" {
		t.Errorf("built-in recipe changed (-before +after):\n%s", diff)
	}
	if got := mine.Scopes[core.ScopeFacts]; !cmp.Equal(got.Methods, []string{MethodBM25}) || got.Weights[MethodBM25] != 2 || got.Limit != 0 {
		t.Errorf("custom recipe changed: %+v", got)
	}
}

func TestSearchOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		ok   bool
	}{
		{"zero", Options{}, true},
		{"own default", Options{DefaultRecipe: "mine", Recipes: map[string]Recipe{"mine": {Scopes: map[core.Scope]ScopeConfig{core.ScopeFacts: {}}}}}, true},
		{"undefined default", Options{DefaultRecipe: "nope"}, false},
		{"empty recipe", Options{Recipes: map[string]Recipe{"x": {}}}, false},
		{"bad lambda", Options{Recipes: map[string]Recipe{"x": {Scopes: map[core.Scope]ScopeConfig{core.ScopeFacts: {MMRLambda: 1.5}}}}}, false},
		{"bad scope", Options{Recipes: map[string]Recipe{"x": {Scopes: map[core.Scope]ScopeConfig{"people": {}}}}}, false},
		{"group names an undefined recipe", Options{GroupRecipes: map[string]string{"a*": "nope"}}, false},
		{"malformed pattern", Options{GroupRecipes: map[string]string{"a[": "facts"}}, false},
		{"negative batch", Options{CrossEncoderBatch: -1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.o.Validate()
			if tt.ok && err != nil || !tt.ok && !errors.Is(err, core.ErrInvalid) {
				t.Errorf("Validate() = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestScopeFilter(t *testing.T) {
	day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	valid := core.TimeCondition{Field: core.FieldValidAt, Op: core.OpGe, Value: day}
	created := core.TimeCondition{Field: core.FieldCreatedAt, Op: core.OpLt, Value: day}
	expired := core.TimeCondition{Field: core.FieldExpiredAt, Op: core.OpIsNull}
	f := core.Filter{Time: [][]core.TimeCondition{{valid, created}, {expired}}}
	tests := []struct {
		sc   core.Scope
		want [][]core.TimeCondition
	}{
		{core.ScopeFacts, [][]core.TimeCondition{{valid, created}, {expired}}},
		{core.ScopeEpisodes, nil}, // the second group tests only expired_at: true for episodes
		{core.ScopeEntities, nil},
	}
	for _, tt := range tests {
		t.Run(string(tt.sc), func(t *testing.T) {
			if got := scopeFilter(f, tt.sc).Time; !cmp.Equal(got, tt.want) {
				t.Errorf("scopeFilter(%v).Time = %v, want %v", tt.sc, got, tt.want)
			}
		})
	}
	g := core.Filter{Time: [][]core.TimeCondition{{valid, created}, {created}}}
	want := [][]core.TimeCondition{{created}, {created}}
	if got := scopeFilter(g, core.ScopeEntities).Time; !cmp.Equal(got, want) {
		t.Errorf("scopeFilter(entities).Time = %v, want %v", got, want)
	}
	if len(f.Time) != 2 || len(f.Time[0]) != 2 {
		t.Errorf("scopeFilter changed its argument: %v", f.Time)
	}
}

func TestRecipeWithout(t *testing.T) {
	r := BuiltinRecipes()["default"]
	w := r.Without(FeatureWhen, FeaturePersonal)
	for sc, c := range w.Scopes {
		if _, ok := c.Weights[FeatureWhen]; ok {
			t.Errorf("Without: %s still weighs %s", sc, FeatureWhen)
		}
		if _, ok := c.Weights[FeaturePersonal]; ok {
			t.Errorf("Without: %s still weighs %s", sc, FeaturePersonal)
		}
		if c.Weights[MethodCosine] != DefaultCosineWeight {
			t.Errorf("Without: %s cosine weight %v, want %v kept", sc, c.Weights[MethodCosine], DefaultCosineWeight)
		}
	}
	if r.Scopes[core.ScopeEpisodes].Weights[FeatureWhen] != DefaultWhenWeight || r.Scopes[core.ScopeEpisodes].Weights[FeaturePersonal] != DefaultPersonalWeight {
		t.Errorf("Without changed the recipe it was called on: %v", r.Scopes[core.ScopeEpisodes].Weights)
	}
	if w.Scopes[core.ScopeEpisodes].Weights[FeatureExpansion] != DefaultExpansionWeight {
		t.Errorf("Without removed a ranking not named: %v", w.Scopes[core.ScopeEpisodes].Weights)
	}
}
