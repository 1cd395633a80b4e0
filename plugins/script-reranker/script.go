package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// version is the plugin's version, reported by describe.
const version = "1.0.0"

// maxNodes bounds a script's size: scripts are formulas, not programs.
const maxNodes = 2000

// env holds the variables a script sees for one candidate.
type env struct {
	Query    string             `expr:"query"`
	Scope    string             `expr:"scope"`
	Now      time.Time          `expr:"now"`
	Limit    int                `expr:"limit"`
	Count    int                `expr:"count"`
	Position int                `expr:"position"`
	UUID     string             `expr:"uuid"`
	Text     string             `expr:"text"`
	Scores   map[string]float64 `expr:"scores"`
	Ranks    map[string]int     `expr:"ranks"`
	RRF      float64            `expr:"rrf"`
	Mentions int                `expr:"mentions"`
	Distance int                `expr:"distance"`
	// Importance is the last evolution run's score, -1 if never scored.
	Importance float64   `expr:"importance"`
	ValidAt    time.Time `expr:"valid_at"`
	InvalidAt  time.Time `expr:"invalid_at"`
	CreatedAt  time.Time `expr:"created_at"`
	ExpiredAt  time.Time `expr:"expired_at"`
	AgeDays    float64   `expr:"age_days"`
}

// reranker is one instance's state: the compiled script.
type reranker struct {
	program *vm.Program
	vm      vm.VM
}

func newPlugin() sdk.Plugin {
	r := &reranker{}
	return sdk.Plugin{
		Name:        "script-reranker",
		Version:     version,
		Description: "orders search candidates by a user's expr script over their features",
		Configure:   r.configure,
		Rerank:      r.rerank,
	}
}

// config is the plugin's configuration document.
type config struct {
	Script string `json:"script"`
}

// parseConfig reads the configuration: a JSON object with a script, or the
// script's text.
func parseConfig(raw []byte) (string, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 {
		return "", errors.New("no script: configure the plugin with {\"script\": \"...\"}")
	}
	if trimmed[0] != '{' {
		return string(trimmed), nil
	}
	var c config
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return "", fmt.Errorf("read configuration: %w", err)
	}
	if c.Script == "" {
		return "", errors.New("configuration has an empty script")
	}
	return c.Script, nil
}

// methods are the keys of scores and ranks: the search methods.
var methods = []string{"cosine", "bm25", "bfs"}

// checkMethods refuses a script that reads scores or ranks under a name
// that is no search method (scores.rrf, say): a map has every key, so
// expr's type check lets it through and it would read 0 for every
// candidate, silently.
func checkMethods(script string) error {
	tree, err := parser.Parse(script)
	if err != nil {
		return nil // expr.Compile reports it, with its position
	}
	var bad []string
	ast.Find(tree.Node, func(n ast.Node) bool {
		m, ok := n.(*ast.MemberNode)
		if !ok {
			return false
		}
		id, ok := m.Node.(*ast.IdentifierNode)
		if !ok || id.Value != "scores" && id.Value != "ranks" {
			return false
		}
		if key, ok := m.Property.(*ast.StringNode); ok && !slices.Contains(methods, key.Value) {
			bad = append(bad, id.Value+"."+key.Value)
		}
		return false
	})
	if len(bad) > 0 {
		return fmt.Errorf("compile script: %s: scores and ranks are keyed by search method (%s); rrf, mentions and distance are variables of their own",
			strings.Join(bad, ", "), strings.Join(methods, ", "))
	}
	return nil
}

// compile type-checks and compiles a script.
func compile(script string) (*vm.Program, error) {
	if err := checkMethods(script); err != nil {
		return nil, err
	}
	program, err := expr.Compile(script,
		expr.Env(env{}),
		expr.AsFloat64(),
		expr.DisableBuiltin("now"),
		expr.MaxNodes(maxNodes),
		expr.Function("exp", float1(math.Exp), new(func(float64) float64)),
		expr.Function("log", float1(math.Log), new(func(float64) float64)),
	)
	if err != nil {
		return nil, fmt.Errorf("compile script: %w", err)
	}
	return program, nil
}

// float1 adapts a float function to expr's calling convention.
func float1(f func(float64) float64) func(...any) (any, error) {
	return func(args ...any) (any, error) {
		switch x := args[0].(type) {
		case float64:
			return f(x), nil
		case int:
			return f(float64(x)), nil
		}
		return nil, fmt.Errorf("want a number, got %T", args[0])
	}
}

func (r *reranker) configure(raw []byte) error {
	script, err := parseConfig(raw)
	if err != nil {
		return err
	}
	program, err := compile(script)
	if err != nil {
		return err
	}
	r.program = program
	return nil
}

func (r *reranker) rerank(req abi.RerankRequest) (abi.RerankResponse, error) {
	if r.program == nil {
		return abi.RerankResponse{}, errors.New("no script configured")
	}
	now, err := parseTime("now", req.Now)
	if err != nil {
		return abi.RerankResponse{}, err
	}
	results := make([]abi.Scored, 0, len(req.Candidates))
	for i, c := range req.Candidates {
		e := env{
			Query:      req.Query,
			Scope:      req.Scope,
			Now:        now,
			Limit:      req.Limit,
			Count:      len(req.Candidates),
			Position:   i + 1,
			UUID:       c.UUID,
			Text:       c.Text,
			Scores:     c.Scores,
			Ranks:      c.Ranks,
			Mentions:   c.Mentions,
			Distance:   c.Distance,
			Importance: c.Importance,
		}
		if e.Scores == nil {
			e.Scores = map[string]float64{}
		}
		if e.Ranks == nil {
			e.Ranks = map[string]int{}
		}
		for _, rank := range c.Ranks {
			if rank > 0 {
				e.RRF += 1 / float64(60+rank)
			}
		}
		for _, t := range []struct {
			name string
			s    string
			dst  *time.Time
		}{
			{"valid_at", c.ValidAt, &e.ValidAt},
			{"invalid_at", c.InvalidAt, &e.InvalidAt},
			{"created_at", c.CreatedAt, &e.CreatedAt},
			{"expired_at", c.ExpiredAt, &e.ExpiredAt},
		} {
			if *t.dst, err = parseTime(t.name, t.s); err != nil {
				return abi.RerankResponse{}, fmt.Errorf("candidate %s: %w", c.UUID, err)
			}
		}
		e.AgeDays = ageDays(now, e.ValidAt, e.CreatedAt)

		out, err := r.vm.Run(r.program, &e)
		if err != nil {
			return abi.RerankResponse{}, fmt.Errorf("script on candidate %s: %w", c.UUID, err)
		}
		score, ok := out.(float64)
		if !ok {
			return abi.RerankResponse{}, fmt.Errorf("script on candidate %s returned %T, want a number", c.UUID, out)
		}
		switch {
		case math.IsNaN(score):
			return abi.RerankResponse{}, fmt.Errorf("script scored candidate %s NaN", c.UUID)
		case math.IsInf(score, 1):
			score = math.MaxFloat64
		case math.IsInf(score, -1):
			score = -math.MaxFloat64
		}
		results = append(results, abi.Scored{UUID: c.UUID, Score: score})
	}
	sort.SliceStable(results, func(i, j int) bool { return results[i].Score > results[j].Score })
	if req.Limit > 0 && len(results) > req.Limit {
		results = results[:req.Limit]
	}
	return abi.RerankResponse{Results: results}, nil
}

// parseTime reads an RFC 3339 time; empty is the zero time.
func parseTime(field, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s %q is not an RFC 3339 time", field, s)
	}
	return t, nil
}

// ageDays is the time from validAt (or createdAt) to now in days, or -1
// when either end is unknown.
func ageDays(now, validAt, createdAt time.Time) float64 {
	from := validAt
	if from.IsZero() {
		from = createdAt
	}
	if now.IsZero() || from.IsZero() {
		return -1
	}
	return now.Sub(from).Hours() / 24
}
