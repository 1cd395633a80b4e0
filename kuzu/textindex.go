package kuzu

import (
	"context"
	"fmt"
	"slices"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu/internal/bm25"
)

// Full-text search.
//
// Kuzu 0.11.3's full-text extension cannot be trusted with incremental
// writes. Measured here (see the package documentation and docs/design.md):
// a transaction that writes both FTS-indexed and HNSW-indexed tables can
// commit without error and lose every row of one table; rows inserted by a
// multi-row statement crash the process when later SET or DELETEd; and its
// BM25 statistics span all groups. So BM25 runs on an index kept beside the
// database (package bm25), with one sub-index per group: the texts live in
// Kuzu, the index is built from them when the store opens and is updated
// after every commit, under the write lock, from the same rows the
// transaction wrote. A crash loses nothing: the next open rebuilds it.

// episodeText, entityText and factText are the indexed text of each kind
// of object.
func episodeText(content string) string { return content }

func entityText(name, summary string) string { return name + "\n" + summary }

// factText indexes the relation too, so "works" finds WORKS_AT.
func factText(fact, relation string) string { return fact + "\n" + relation }

// pending collects what a write transaction changes outside Kuzu: the
// text index and the catalog. It is applied only after the commit.
type pending struct {
	// texts are the text changes of episodes and communities; those of
	// facts and entities follow their rows read back (catalog.apply).
	texts []textChange
	drops []string
	// created holds the uuids (for episodes the keys, episodeKey) of the
	// objects this transaction created, by kind (kinds may share uuids): they have no relationships and no
	// vectors yet.
	created map[core.Scope]map[string]bool
	// Catalog changes (catalog.go): vector rows as written; the facts and
	// entities touched, and their rows as read back before the commit.
	slots []slotChange
	// vecs are the vectors written and deleted, for the indexes kept in
	// memory (vecindex.go).
	vecs    []vecChange
	touched map[core.Scope]map[string]bool
	rows    map[core.Scope][]row
	// links are the (episode, entity or fact) pairs that had a MENTIONS
	// or STATES relationship before the transaction (existingLinks);
	// episodes the episodes it read or created, with their groups.
	links    map[[2]string]bool
	episodes map[string]string
	// lists are the facts' lists of episodes as the transaction set
	// them (provenance.go).
	lists map[string][]string
	// timeline holds the episodes created and deleted (timeline.go).
	timeline []tlChange
	// fresh holds the ends of the relationships created (freshrels.go).
	fresh freshRels
}

// create records that the transaction created the objects of rows, of
// kind sc.
func (p *pending) create(sc core.Scope, rows []any) {
	if p.created == nil {
		p.created = map[core.Scope]map[string]bool{}
	}
	if p.created[sc] == nil {
		p.created[sc] = map[string]bool{}
	}
	for _, r := range rows {
		m := r.(map[string]any)
		id, ok := m["key"].(string)
		if !ok {
			id = m["uuid"].(string)
		}
		p.created[sc][id] = true
	}
}

// isCreated reports whether the transaction created object id of kind sc
// (for episodes, id is the key: see episodeKey).
func (p *pending) isCreated(sc core.Scope, id string) bool { return p.created[sc][id] }

type textChange struct {
	sc              core.Scope
	group, id, text string
	del             bool
}

func (p *pending) put(sc core.Scope, group, id, text string) {
	p.texts = append(p.texts, textChange{sc: sc, group: group, id: id, text: text})
}

func (p *pending) del(sc core.Scope, group, id string) {
	p.texts = append(p.texts, textChange{sc: sc, group: group, id: id, del: true})
}

func (p *pending) dropGroup(group string) { p.drops = append(p.drops, group) }

// apply publishes a committed transaction's changes.
func (s *Store) apply(p *pending) {
	s.fresh.merge(&p.fresh)
	var dropped map[core.Scope][]int64
	if len(p.drops) > 0 && s.hasVecIndexes() {
		dropped = s.cat.offsetsOf(p.drops)
	}
	touched := s.cat.apply(p)
	s.applyVecs(p.vecs, dropped)
	s.timeline.apply(p)
	for _, g := range p.drops {
		for _, ix := range s.text {
			ix.DropGroup(g)
		}
	}
	for _, t := range slices.Concat(p.texts, touched) {
		if t.del {
			s.text[t.sc].Delete(t.group, t.id)
		} else {
			s.text[t.sc].Put(t.group, t.id, t.text)
		}
	}
}

// loadText builds the text indexes from the stored objects (after
// catalog.load, whose facts and entities it indexes).
func (s *Store) loadText(ctx context.Context, c *conn) error {
	s.text = map[core.Scope]*bm25.Index{}
	queries := map[core.Scope]string{
		core.ScopeEpisodes:    "MATCH (x:Episode) RETURN x.group_id, x.uuid, x.content, ''",
		core.ScopeCommunities: "MATCH (x:Community) RETURN x.group_id, x.uuid, x.name, x.summary",
	}
	for _, sc := range core.Scopes {
		ix := bm25.New()
		// Facts and entities come from the catalog, which has read them
		// all (catalog.load); at open, before any search, no lock is
		// needed.
		switch sc {
		case core.ScopeFacts:
			for id, f := range s.cat.facts {
				ix.Put(f.group, id, factText(f.text, f.relation))
			}
		case core.ScopeEntities:
			for id, e := range s.cat.entities {
				ix.Put(e.group, id, entityText(e.name, e.summary))
			}
		default:
			if !s.hasTables(sc) {
				break // no community was ever written
			}
			err := eachBatch(ctx, c, queries[sc], func(r row) {
				text := entityText(str(r[2]), str(r[3]))
				if sc == core.ScopeEpisodes {
					text = episodeText(str(r[2]))
				}
				ix.Put(str(r[0]), keep(str(r[1])), text)
			})
			if err != nil {
				return fmt.Errorf("load %s texts: %w", sc, err)
			}
		}
		s.text[sc] = ix
	}
	return nil
}
