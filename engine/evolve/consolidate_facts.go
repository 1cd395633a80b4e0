package evolve

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Fact consolidation finds the duplicate facts resolution missed among
// facts that no entity merge touched: facts between the same two entities,
// of the same relation, over the same event time, that the tenant's fact
// resolver plugin (or, without one, an equal normalized text) says are
// one. They collapse as an entity merge collapses its duplicates: a new
// fact with the earliest one's fields and every provenance, the originals
// kept, marked and hidden (merge.go). Engine.Unmerge undoes it, given the
// uuid of the fact made.

// FactMerge is duplicate facts collapsed into one.
type FactMerge struct {
	// Merged are the facts collapsed, as they were; Made is the uuid of
	// the fact that stands for them.
	Merged []core.Fact
	Made   string
	// Decided is "resolver" for the fact resolver plugin's answer, "text"
	// for an equal normalized text when the group has no fact resolver.
	Decided string
}

// consolidateFacts finds and collapses duplicate facts among the facts no
// merge of this run touched (involved), and returns the merges and the
// change that writes them.
func (c *consolidation) consolidateFacts(ctx context.Context, res core.FactResolver, facts []core.Fact, involved map[string]bool) ([]FactMerge, core.Change, error) {
	ch := core.Change{Group: c.group}
	type key struct {
		rel, src, dst string
		valid, inv    int64
		expired       bool
	}
	groups := map[key][]*core.Fact{}
	var order []key
	for i := range facts {
		f := &facts[i]
		if involved[f.UUID] || involved[f.SourceUUID] || involved[f.TargetUUID] {
			continue
		}
		k := key{f.Relation, f.SourceUUID, f.TargetUUID, core.Micros(f.ValidAt), core.Micros(f.InvalidAt), !f.ExpiredAt.IsZero()}
		if len(groups[k]) == 0 {
			order = append(order, k)
		}
		groups[k] = append(groups[k], f)
	}
	var merges []FactMerge
	for _, k := range order {
		fs := groups[k]
		if len(fs) < 2 || !freshFacts(c.since, fs) {
			continue
		}
		slices.SortFunc(fs, func(a, b *core.Fact) int { return cmpFact(a, b) })
		dups, how, err := c.duplicates(ctx, res, fs)
		if err != nil {
			return nil, ch, err
		}
		if len(dups) < 2 {
			continue
		}
		var ids []string
		for _, f := range dups {
			ids = append(ids, f.UUID)
		}
		if err := c.loadFactVectors(ctx, dups); err != nil {
			return nil, ch, err
		}
		p := c.copyFact(dups[0], dups[0].SourceUUID, dups[0].TargetUUID)
		p.Attributes = core.WithMergeMark(p.Attributes, core.MergeMark{MadeAt: c.now, From: ids})
		m := FactMerge{Made: p.UUID, Decided: how}
		for i, f := range dups {
			p.Episodes = unionOrdered(p.Episodes, f.Episodes)
			if i > 0 {
				c.mergedWhy(p, f, "a duplicate merged into this fact")
			}
			m.Merged = append(m.Merged, *f)
			c.retire(&ch, f, p.UUID)
		}
		ch.Facts = append(ch.Facts, *p)
		merges = append(merges, m)
	}
	return merges, ch, nil
}

// cmpFact orders facts by creation, then uuid.
func cmpFact(a, b *core.Fact) int {
	if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
		return c
	}
	return strings.Compare(a.UUID, b.UUID)
}

// duplicates returns the facts of fs (same ends, relation and times,
// oldest first) that are one fact: those the fact resolver names as
// duplicates of the oldest, asked as resolution asks about a new fact,
// or without a resolver those with the oldest's normalized text.
func (c *consolidation) duplicates(ctx context.Context, res core.FactResolver, fs []*core.Fact) ([]*core.Fact, string, error) {
	first := fs[0]
	if res == nil {
		out := []*core.Fact{first}
		for _, f := range fs[1:] {
			if core.NormalizeName(f.Text) == core.NormalizeName(first.Text) {
				out = append(out, f)
			}
		}
		return out, "text", nil
	}
	names := map[string]string{}
	for _, id := range []string{first.SourceUUID, first.TargetUUID} {
		if en := c.byID[id]; en != nil {
			names[id] = en.Name
		}
	}
	var qs []core.FactQuestion
	for i, f := range fs[1:] {
		qs = append(qs, core.FactQuestion{ID: i, Fact: *f, Existing: []core.Fact{*first}})
	}
	answers, err := res.ResolveFacts(ctx, core.FactResolveRequest{
		Episode:   core.Episode{GroupID: c.group, Name: "consolidation", Source: core.SourceText, Content: "consolidation of the group's facts", ValidAt: c.now, CreatedAt: c.now},
		Questions: qs, Names: names,
	})
	if err != nil {
		return nil, "", fmt.Errorf("resolve duplicate facts: %w", err)
	}
	out := []*core.Fact{first}
	for _, a := range answers {
		if a.ID >= 0 && a.ID < len(qs) && slices.Contains(a.Duplicates, first.UUID) && !slices.Contains(out, fs[a.ID+1]) {
			out = append(out, fs[a.ID+1])
		}
	}
	return out, "resolver", nil
}

// loadFactVectors reads the embeddings of fs that were listed without.
func (c *consolidation) loadFactVectors(ctx context.Context, fs []*core.Fact) error {
	byID := map[string]*core.Fact{}
	var ids []string
	for _, f := range fs {
		if f.Embedding == nil {
			byID[f.UUID] = f
			ids = append(ids, f.UUID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	xs, err := c.v.store.Facts(ctx, []string{c.group}, ids, core.GetOptions{Embeddings: true})
	if err != nil {
		return fmt.Errorf("read the vectors of the facts to merge: %w", err)
	}
	for _, x := range xs {
		if f := byID[x.UUID]; f != nil {
			f.Embedding = x.Embedding
		}
	}
	return nil
}

// freshFacts reports whether any of fs was created at or after Since.
func freshFacts(since time.Time, fs []*core.Fact) bool {
	return since.IsZero() || slices.ContainsFunc(fs, func(f *core.Fact) bool { return !f.CreatedAt.Before(since) })
}
