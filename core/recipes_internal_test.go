package core

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
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
	o := SearchOptions{GroupRecipes: map[string]string{
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
	o := SearchOptions{
		Recipes:      map[string]Recipe{"mine": {Scopes: map[Scope]ScopeConfig{ScopeFacts: {Methods: []string{MethodBM25}, Limit: 3}}}},
		GroupRecipes: map[string]string{"g-*": "mine"},
	}.withDefaults()
	tests := []struct {
		name    string
		req     SearchRequest
		recipe  string
		scopes  map[Scope]ScopeConfig
		wantErr error
	}{
		{
			name:   "group pattern",
			req:    SearchRequest{Groups: []string{"g-1"}, Query: "q"},
			recipe: "mine",
			scopes: map[Scope]ScopeConfig{ScopeFacts: {Methods: []string{MethodBM25}, Reranker: RerankRRF, Limit: 3, Candidates: 6, RRFK: 60, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3}},
		},
		{
			name:   "overrides",
			req:    SearchRequest{Groups: []string{"x"}, Query: "q", Recipe: "facts", Limit: 4, Reranker: RerankMMR},
			recipe: "facts",
			scopes: map[Scope]ScopeConfig{ScopeFacts: {Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankMMR, Limit: 4, Candidates: 8, RRFK: 60, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3}},
		},
		{
			name:   "reranker override skips scopes it does not apply to",
			req:    SearchRequest{Groups: []string{"x"}, Query: "q", Recipe: "default", Scopes: []Scope{ScopeFacts, ScopeEpisodes}, Reranker: RerankEpisodeMentions},
			recipe: "default",
			scopes: map[Scope]ScopeConfig{
				ScopeFacts:    {Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankEpisodeMentions, Limit: 10, Candidates: 20, RRFK: 60, Weights: map[string]float64{MethodCosine: DefaultCosineWeight, FeatureWhen: DefaultWhenWeight}, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3},
				ScopeEpisodes: {Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankLinear, Limit: 5, Candidates: 10, RRFK: 60, Weights: map[string]float64{MethodCosine: DefaultCosineWeight, FeatureWhen: DefaultWhenWeight, FeatureExpansion: DefaultExpansionWeight, FeaturePersonal: DefaultPersonalWeight}, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3},
			},
		},
		{
			name:   "a scope the recipe lacks gets hybrid RRF",
			req:    SearchRequest{Groups: []string{"x"}, Query: "q", Recipe: "facts", Scopes: []Scope{ScopeCommunities}},
			recipe: "facts",
			scopes: map[Scope]ScopeConfig{ScopeCommunities: {Methods: []string{MethodCosine, MethodBM25}, Reranker: RerankRRF, Limit: 10, Candidates: 20, RRFK: 60, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3}},
		},
		{
			name:   "custom",
			req:    SearchRequest{Groups: []string{"x"}, Seeds: []string{"s"}, Custom: &Recipe{Scopes: map[Scope]ScopeConfig{ScopeEntities: {Methods: []string{MethodBFS}, Limit: 2, Candidates: 1}}}},
			recipe: "custom",
			scopes: map[Scope]ScopeConfig{ScopeEntities: {Methods: []string{MethodBFS}, Reranker: RerankRRF, Limit: 2, Candidates: 2, RRFK: 60, MMRLambda: 0.5, BFSDepth: 2, MaxHops: 3}},
		},
		{name: "unknown recipe", req: SearchRequest{Groups: []string{"x"}, Query: "q", Recipe: "nope"}, wantErr: ErrInvalid},
		{name: "unknown reranker", req: SearchRequest{Groups: []string{"x"}, Query: "q", Reranker: "magic"}, wantErr: ErrInvalid},
		{name: "unknown scope", req: SearchRequest{Groups: []string{"x"}, Query: "q", Scopes: []Scope{"people"}}, wantErr: ErrInvalid},
		{name: "node distance without centre", req: SearchRequest{Groups: []string{"x"}, Query: "q", Recipe: "node_distance"}, wantErr: ErrInvalid},
		{name: "empty query", req: SearchRequest{Groups: []string{"x"}}, wantErr: ErrInvalid},
		{name: "empty query with seeds but not BFS alone", req: SearchRequest{Groups: []string{"x"}, Seeds: []string{"s"}}, wantErr: ErrInvalid},
		{name: "limit too large", req: SearchRequest{Groups: []string{"x"}, Query: "q", Limit: 5000}, wantErr: ErrInvalid},
		{
			name:    "custom recipe with an unknown method",
			req:     SearchRequest{Groups: []string{"x"}, Query: "q", Custom: &Recipe{Scopes: map[Scope]ScopeConfig{ScopeFacts: {Methods: []string{"grep"}}}}},
			wantErr: ErrInvalid,
		},
		{
			name:    "custom recipe with a reranker the scope lacks",
			req:     SearchRequest{Groups: []string{"x"}, Query: "q", Custom: &Recipe{Scopes: map[Scope]ScopeConfig{ScopeEpisodes: {Reranker: RerankEpisodeMentions}}}},
			wantErr: ErrInvalid,
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
	mine := Recipe{Scopes: map[Scope]ScopeConfig{ScopeFacts: {Methods: []string{MethodBM25}, Weights: map[string]float64{MethodBM25: 2}}}}
	o := SearchOptions{Recipes: map[string]Recipe{"mine": mine}}.withDefaults()
	before := o.Recipes["mine"].clone()
	builtin := o.Recipes["default"].clone()
	for _, req := range []SearchRequest{
		{Groups: []string{"x"}, Query: "q", Recipe: "mine", Limit: 7, Reranker: RerankMMR},
		{Groups: []string{"x"}, Query: "q", Recipe: "default", Limit: 2, Reranker: RerankCrossEncoder, Scopes: []Scope{ScopeFacts}},
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
	if got := mine.Scopes[ScopeFacts]; !cmp.Equal(got.Methods, []string{MethodBM25}) || got.Weights[MethodBM25] != 2 || got.Limit != 0 {
		t.Errorf("custom recipe changed: %+v", got)
	}
}

func TestSearchOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		o    SearchOptions
		ok   bool
	}{
		{"zero", SearchOptions{}, true},
		{"own default", SearchOptions{DefaultRecipe: "mine", Recipes: map[string]Recipe{"mine": {Scopes: map[Scope]ScopeConfig{ScopeFacts: {}}}}}, true},
		{"undefined default", SearchOptions{DefaultRecipe: "nope"}, false},
		{"empty recipe", SearchOptions{Recipes: map[string]Recipe{"x": {}}}, false},
		{"bad lambda", SearchOptions{Recipes: map[string]Recipe{"x": {Scopes: map[Scope]ScopeConfig{ScopeFacts: {MMRLambda: 1.5}}}}}, false},
		{"bad scope", SearchOptions{Recipes: map[string]Recipe{"x": {Scopes: map[Scope]ScopeConfig{"people": {}}}}}, false},
		{"group names an undefined recipe", SearchOptions{GroupRecipes: map[string]string{"a*": "nope"}}, false},
		{"malformed pattern", SearchOptions{GroupRecipes: map[string]string{"a[": "facts"}}, false},
		{"negative batch", SearchOptions{CrossEncoderBatch: -1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.o.Validate()
			if tt.ok && err != nil || !tt.ok && !errors.Is(err, ErrInvalid) {
				t.Errorf("Validate() = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestScopeFilter(t *testing.T) {
	day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	valid := TimeCondition{Field: FieldValidAt, Op: OpGe, Value: day}
	created := TimeCondition{Field: FieldCreatedAt, Op: OpLt, Value: day}
	expired := TimeCondition{Field: FieldExpiredAt, Op: OpIsNull}
	f := Filter{Time: [][]TimeCondition{{valid, created}, {expired}}}
	tests := []struct {
		sc   Scope
		want [][]TimeCondition
	}{
		{ScopeFacts, [][]TimeCondition{{valid, created}, {expired}}},
		{ScopeEpisodes, nil}, // the second group tests only expired_at: true for episodes
		{ScopeEntities, nil},
	}
	for _, tt := range tests {
		t.Run(string(tt.sc), func(t *testing.T) {
			if got := scopeFilter(f, tt.sc).Time; !cmp.Equal(got, tt.want) {
				t.Errorf("scopeFilter(%v).Time = %v, want %v", tt.sc, got, tt.want)
			}
		})
	}
	g := Filter{Time: [][]TimeCondition{{valid, created}, {created}}}
	want := [][]TimeCondition{{created}, {created}}
	if got := scopeFilter(g, ScopeEntities).Time; !cmp.Equal(got, want) {
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
	if r.Scopes[ScopeEpisodes].Weights[FeatureWhen] != DefaultWhenWeight || r.Scopes[ScopeEpisodes].Weights[FeaturePersonal] != DefaultPersonalWeight {
		t.Errorf("Without changed the recipe it was called on: %v", r.Scopes[ScopeEpisodes].Weights)
	}
	if w.Scopes[ScopeEpisodes].Weights[FeatureExpansion] != DefaultExpansionWeight {
		t.Errorf("Without removed a ranking not named: %v", w.Scopes[ScopeEpisodes].Weights)
	}
}
