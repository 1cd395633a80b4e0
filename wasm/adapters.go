package wasm

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// The adapters make a Plugin satisfy the core interfaces of the pipeline.
// Each converts core values to ABI messages (times as RFC 3339, a zero time
// omitted), calls its capability and converts the answer back. They check
// the answer against the request so a buggy or hostile plugin cannot point
// the pipeline at objects it was not shown: an answer naming an unknown
// question or candidate is dropped, with a warning in the runtime's log.
// Slices in the results are the caller's.

var (
	_ core.Extractor      = (*Extractor)(nil)
	_ core.EntityResolver = (*EntityResolver)(nil)
	_ core.FactResolver   = (*FactResolver)(nil)
	_ core.Reranker       = (*Reranker)(nil)
	_ core.Summarizer     = (*Summarizer)(nil)
)

// Extractor is a core.Extractor on a plugin's extract capability. The group
// of a request is its episode's GroupID. It is safe for concurrent use and
// holds no resources of its own: closing the Plugin ends it.
type Extractor struct{ p *Plugin }

// NewExtractor returns an Extractor on p, or an error wrapping
// core.ErrInvalid if p has no extract capability.
func NewExtractor(p *Plugin) (*Extractor, error) {
	if err := need(p, abi.CapExtract); err != nil {
		return nil, err
	}
	return &Extractor{p: p}, nil
}

// Name is the plugin's name, which a fact's record names as its
// extractor (core.WhyStep).
func (x *Extractor) Name() string { return x.p.Name() }

// Extract implements core.Extractor. A fact whose valid_at or invalid_at
// is not a date is dropped, and a warning in the Extraction says so.
func (x *Extractor) Extract(ctx context.Context, req core.ExtractRequest) (core.Extraction, error) {
	in := abi.ExtractRequest{
		GroupID:  req.Episode.GroupID,
		Episode:  episodeToABI(req.Episode),
		Ontology: ontologyToABI(req.Ontology),
	}
	for _, e := range req.Previous {
		in.Previous = append(in.Previous, episodeToABI(e))
	}
	var out abi.ExtractResponse
	if err := roundTrip(ctx, x.p, abi.CapExtract, in, &out); err != nil {
		return core.Extraction{}, err
	}
	return extractionFromABI(out), nil
}

// EntityResolver is a core.EntityResolver on a plugin's resolve_entities
// capability. It is safe for concurrent use; closing the Plugin ends it.
type EntityResolver struct{ p *Plugin }

// NewEntityResolver returns an EntityResolver on p, or an error wrapping
// core.ErrInvalid if p has no resolve_entities capability.
func NewEntityResolver(p *Plugin) (*EntityResolver, error) {
	if err := need(p, abi.CapResolveEntities); err != nil {
		return nil, err
	}
	return &EntityResolver{p: p}, nil
}

// ResolveEntities implements core.EntityResolver. An answer to an unknown
// question, or a second answer to a question, is dropped; a DuplicateOf
// that is not one of the question's candidates is cleared (the entity is
// treated as new).
func (r *EntityResolver) ResolveEntities(ctx context.Context, req core.EntityResolveRequest) ([]core.EntityAnswer, error) {
	in := abi.ResolveEntitiesRequest{GroupID: req.Episode.GroupID, Episode: episodeToABI(req.Episode)}
	candidates := map[int]map[string]bool{}
	for _, q := range req.Questions {
		aq := abi.EntityQuestion{ID: q.ID, Entity: extractedEntityToABI(q.Entity), Candidates: []abi.Entity{}}
		set := map[string]bool{}
		for _, c := range q.Candidates {
			aq.Candidates = append(aq.Candidates, entityToABI(c))
			set[c.UUID] = true
		}
		candidates[q.ID] = set
		in.Questions = append(in.Questions, aq)
	}
	var out abi.ResolveEntitiesResponse
	if err := roundTrip(ctx, r.p, abi.CapResolveEntities, in, &out); err != nil {
		return nil, err
	}
	answers := make([]core.EntityAnswer, 0, len(out.Answers))
	seen := map[int]bool{}
	for _, a := range out.Answers {
		set, ok := candidates[a.ID]
		if !ok || seen[a.ID] {
			r.p.warn(ctx, abi.CapResolveEntities, "answer to an unknown or already answered question dropped", slog.Int("id", a.ID))
			continue
		}
		seen[a.ID] = true
		if a.DuplicateOf != "" && !set[a.DuplicateOf] {
			r.p.warn(ctx, abi.CapResolveEntities, "duplicate_of is not a candidate of the question; treating the entity as new",
				slog.Int("id", a.ID), slog.String("duplicate_of", a.DuplicateOf))
			a.DuplicateOf = ""
		}
		answers = append(answers, core.EntityAnswer{ID: a.ID, DuplicateOf: a.DuplicateOf, Name: a.Name})
	}
	return answers, nil
}

// FactResolver is a core.FactResolver on a plugin's resolve_facts
// capability. It is safe for concurrent use; closing the Plugin ends it.
type FactResolver struct{ p *Plugin }

// NewFactResolver returns a FactResolver on p, or an error wrapping
// core.ErrInvalid if p has no resolve_facts capability.
func NewFactResolver(p *Plugin) (*FactResolver, error) {
	if err := need(p, abi.CapResolveFacts); err != nil {
		return nil, err
	}
	return &FactResolver{p: p}, nil
}

// ResolveFacts implements core.FactResolver. Duplicates must be among the
// question's existing facts and contradictions among its existing or
// related facts; other uuids are dropped, and so are answers to unknown
// questions and second answers.
func (r *FactResolver) ResolveFacts(ctx context.Context, req core.FactResolveRequest) ([]core.FactAnswer, error) {
	in := abi.ResolveFactsRequest{GroupID: req.Episode.GroupID, Episode: episodeToABI(req.Episode)}
	type sets struct{ existing, any map[string]bool }
	known := map[int]sets{}
	for _, q := range req.Questions {
		aq := abi.FactQuestion{ID: q.ID, Fact: factToABI(q.Fact, req.Names), Existing: []abi.Fact{}, Related: []abi.Fact{}}
		s := sets{existing: map[string]bool{}, any: map[string]bool{}}
		for _, f := range q.Existing {
			aq.Existing = append(aq.Existing, factToABI(f, req.Names))
			s.existing[f.UUID], s.any[f.UUID] = true, true
		}
		for _, f := range q.Related {
			aq.Related = append(aq.Related, factToABI(f, req.Names))
			s.any[f.UUID] = true
		}
		known[q.ID] = s
		in.Questions = append(in.Questions, aq)
	}
	var out abi.ResolveFactsResponse
	if err := roundTrip(ctx, r.p, abi.CapResolveFacts, in, &out); err != nil {
		return nil, err
	}
	answers := make([]core.FactAnswer, 0, len(out.Answers))
	seen := map[int]bool{}
	for _, a := range out.Answers {
		s, ok := known[a.ID]
		if !ok || seen[a.ID] {
			r.p.warn(ctx, abi.CapResolveFacts, "answer to an unknown or already answered question dropped", slog.Int("id", a.ID))
			continue
		}
		seen[a.ID] = true
		answers = append(answers, core.FactAnswer{
			ID:          a.ID,
			Duplicates:  r.keep(ctx, a.ID, "duplicates", a.Duplicates, s.existing),
			Contradicts: r.keep(ctx, a.ID, "contradicts", a.Contradicts, s.any),
		})
	}
	return answers, nil
}

// keep returns the uuids of ids found in allowed, without repeats.
func (r *FactResolver) keep(ctx context.Context, id int, field string, ids []string, allowed map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, u := range ids {
		if !allowed[u] {
			r.p.warn(ctx, abi.CapResolveFacts, "uuid that is not a candidate of the question dropped",
				slog.Int("id", id), slog.String("field", field), slog.String("uuid", u))
			continue
		}
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// Reranker is a core.Reranker on a plugin's rerank capability, for one
// group. It is safe for concurrent use; closing the Plugin ends it.
type Reranker struct {
	p     *Plugin
	group string
}

// NewReranker returns a Reranker on p for group, or an error wrapping
// core.ErrInvalid if p has no rerank capability.
func NewReranker(p *Plugin, group string) (*Reranker, error) {
	if err := need(p, abi.CapRerank); err != nil {
		return nil, err
	}
	return &Reranker{p: p, group: group}, nil
}

// Rerank implements core.Reranker. Results keep the plugin's order; a uuid
// that is not a candidate, or that was already ranked, is dropped.
func (r *Reranker) Rerank(ctx context.Context, req core.RerankRequest) ([]core.Scored, error) {
	in := abi.RerankRequest{
		GroupID:    r.group,
		Query:      req.Query,
		Scope:      string(req.Scope),
		Limit:      req.Limit,
		Now:        formatTime(req.Now),
		Candidates: make([]abi.RerankCandidate, len(req.Candidates)),
	}
	known := make(map[string]bool, len(req.Candidates))
	for i, c := range req.Candidates {
		in.Candidates[i] = rerankCandidateToABI(c)
		known[c.UUID] = true
	}
	var out abi.RerankResponse
	if err := roundTrip(ctx, r.p, abi.CapRerank, in, &out); err != nil {
		return nil, err
	}
	scored := make([]core.Scored, 0, len(out.Results))
	for _, s := range out.Results {
		if !known[s.UUID] {
			r.p.warn(ctx, abi.CapRerank, "result that is not a candidate, or is ranked twice, dropped", slog.String("uuid", s.UUID))
			continue
		}
		known[s.UUID] = false
		scored = append(scored, core.Scored{UUID: s.UUID, Score: s.Score})
	}
	return scored, nil
}

// Summarizer is a core.Summarizer on a plugin's summarize capability, for
// one group. It is safe for concurrent use; closing the Plugin ends it.
type Summarizer struct {
	p     *Plugin
	group string
}

// NewSummarizer returns a Summarizer on p for group, or an error wrapping
// core.ErrInvalid if p has no summarize capability.
func NewSummarizer(p *Plugin, group string) (*Summarizer, error) {
	if err := need(p, abi.CapSummarize); err != nil {
		return nil, err
	}
	return &Summarizer{p: p, group: group}, nil
}

// Summarize implements core.Summarizer.
func (s *Summarizer) Summarize(ctx context.Context, req core.SummarizeRequest) (core.Summary, error) {
	in := abi.SummarizeRequest{GroupID: s.group, Kind: req.Kind, Texts: req.Texts, MaxChars: req.MaxChars}
	if in.Texts == nil {
		in.Texts = []string{}
	}
	var out abi.SummarizeResponse
	if err := roundTrip(ctx, s.p, abi.CapSummarize, in, &out); err != nil {
		return core.Summary{}, err
	}
	return core.Summary{Name: out.Name, Summary: out.Summary}, nil
}

// need checks that p has capability c.
func need(p *Plugin, c string) error {
	if p == nil {
		return fmt.Errorf("%w: nil wasm plugin", core.ErrInvalid)
	}
	if !p.Has(c) {
		return &PluginError{Plugin: p.name, Func: abi.ExportPrefix + c, Err: fmt.Errorf("%w: plugin has no %s capability", core.ErrInvalid, c)}
	}
	return nil
}

// roundTrip encodes in, calls capability c and decodes the answer into out.
func roundTrip(ctx context.Context, p *Plugin, c string, in, out any) error {
	req, err := jsonAPI.Marshal(in)
	if err != nil {
		return &PluginError{Plugin: p.name, Func: abi.ExportPrefix + c, Err: fmt.Errorf("encode request: %w", err)}
	}
	answer, err := p.Call(ctx, c, req)
	if err != nil {
		return err
	}
	if err := jsonAPI.Unmarshal(answer, out); err != nil {
		// Cut to one line, as in setDescribe (plugin.go).
		err = &PluginError{Plugin: p.name, Func: abi.ExportPrefix + c, Err: fmt.Errorf("%w: decode %s answer: %s", ErrMalformed, c, oneLine(err.Error(), 200))}
		p.count(ctx, err, false)
		return err
	}
	return nil
}

// warn logs a dropped part of an answer.
func (p *Plugin) warn(ctx context.Context, c, msg string, attrs ...slog.Attr) {
	p.logger.LogAttrs(ctx, slog.LevelWarn, msg, append(attrs, slog.String("func", abi.ExportPrefix+c))...)
}
