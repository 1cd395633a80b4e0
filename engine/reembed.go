package engine

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/community"
)

// Re-embedding.
//
// The vectors of a store are comparable only with vectors of the embedder
// that made them (EmbedderID, CheckEmbedder). Changing the embedder means
// recomputing every vector, from the text each was made from: an
// episode's content, an entity's name, a fact's text, a community's name
// and summary. Reembed computes the new vectors beside the old ones
// (VectorStager), which stay in place and searched until every object has
// its new vector; then one transaction switches all of them and records
// the new embedder. An interrupted run leaves the store as it was, with
// the vectors staged so far kept: the next run resumes from them.

// ReembedProgress says how far Reembed is.
type ReembedProgress struct {
	// Done counts the vectors staged, Resumed those of them an earlier run
	// had staged; Total all the vectors to stage.
	Done, Resumed, Total int
}

// reembedBatch is how many texts Reembed sends the embedder at once.
const reembedBatch = 64

// Reembed recomputes every vector of the store with the engine's embedder
// and then switches the store to it (see the comment above). progress,
// when not nil, is called after each batch. The engine should run no
// ingestion meanwhile (host.OpenOptions.NoWorkers): an object written
// during the run would have a vector of neither embedder staged, and the
// switch would refuse. A store that is not a VectorStager is ErrInvalid.
func (e *Engine) Reembed(ctx context.Context, progress func(ReembedProgress)) (ReembedProgress, error) {
	var p ReembedProgress
	if err := e.checkOpen(); err != nil {
		return p, err
	}
	vs, ok := e.store.(core.VectorStager)
	if !ok {
		return p, invalidf("re-embed: this store keeps no second set of vectors")
	}
	staged, err := vs.BeginRestage(ctx, e.embedderID)
	if err != nil {
		return p, fmt.Errorf("re-embed: %w", err)
	}
	groups, err := e.store.Groups(ctx)
	if err != nil {
		return p, fmt.Errorf("re-embed: list groups: %w", err)
	}
	// What to embed: every object that has a vector now.
	type item struct {
		sc          core.Scope
		uuid, group string
		text        string
	}
	var todo []item
	for _, g := range groups {
		d, err := e.ExportGroup(ctx, g)
		if err != nil {
			return p, fmt.Errorf("re-embed: %w", err)
		}
		for _, x := range d.Episodes {
			if x.Embedding != nil {
				todo = append(todo, item{core.ScopeEpisodes, x.UUID, g, x.Content})
			}
		}
		for _, x := range d.Entities {
			if x.NameEmbedding != nil {
				todo = append(todo, item{core.ScopeEntities, x.UUID, g, x.Name})
			}
		}
		for _, x := range d.Facts {
			if x.Embedding != nil {
				todo = append(todo, item{core.ScopeFacts, x.UUID, g, x.Text})
			}
		}
		for _, x := range d.Communities {
			if x.NameEmbedding != nil {
				todo = append(todo, item{core.ScopeCommunities, x.UUID, g, community.Text(core.Summary{Name: x.Name, Summary: x.Summary})})
			}
		}
	}
	p.Total = len(todo)
	left := todo[:0]
	for _, it := range todo {
		if staged[it.sc][it.uuid] {
			p.Resumed++
			continue
		}
		left = append(left, it)
	}
	p.Done = p.Resumed
	if progress != nil {
		progress(p)
	}
	for lo := 0; lo < len(left); lo += reembedBatch {
		batch := left[lo:min(lo+reembedBatch, len(left))]
		texts := make([]string, len(batch))
		for i, it := range batch {
			texts[i] = it.text
		}
		vecs, err := e.embedder.Embed(ctx, texts)
		if err != nil {
			return p, fmt.Errorf("re-embed: embed: %w", err)
		}
		if len(vecs) != len(texts) {
			return p, fmt.Errorf("re-embed: %w: the embedder returned %d vectors for %d texts", core.ErrUnavailable, len(vecs), len(texts))
		}
		by := map[core.Scope][]core.StagedVector{}
		for i, it := range batch {
			if err := core.ValidateVector("new "+string(it.sc)+" embedding", vecs[i], e.store.Dimension()); err != nil {
				return p, fmt.Errorf("re-embed: %w", err)
			}
			by[it.sc] = append(by[it.sc], core.StagedVector{UUID: it.uuid, Group: it.group, Vector: vecs[i]})
		}
		for _, sc := range core.Scopes {
			if len(by[sc]) == 0 {
				continue
			}
			if err := vs.StageVectors(ctx, sc, by[sc]); err != nil {
				return p, fmt.Errorf("re-embed: stage %s vectors: %w", sc, err)
			}
		}
		p.Done += len(batch)
		if progress != nil {
			progress(p)
		}
	}
	if err := vs.SwitchVectors(ctx, e.embedderID); err != nil {
		return p, fmt.Errorf("re-embed: switch to the new vectors: %w", err)
	}
	return p, nil
}
