package storetest

import (
	"errors"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// testSameEpisodeUUID holds two groups' episodes of one uuid to the rule
// that a tenant learns nothing of another: an episode's uuid may be chosen
// by the client that sends it, so each group stores its own, and every
// read, write, search and delete in one group sees only its own.
func testSameEpisodeUUID(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	const id = "shared-ep"
	a := core.Episode{UUID: id, GroupID: groupA, Source: core.SourceMessage, Content: "Alice: I adopted a cat named Miso",
		ValidAt: y2022, CreatedAt: c1, Embedding: axis(d, 0, 0)}
	b := core.Episode{UUID: id, GroupID: groupB, Source: core.SourceText, Content: "The rocket launch slipped to Friday",
		ValidAt: y2023, CreatedAt: c2, Embedding: axis(d, 2, 0)}
	for _, ep := range []core.Episode{a, b} {
		created, err := s.AddEpisodes(ctx, []core.Episode{ep})
		must(t, "AddEpisodes("+ep.GroupID+")", err)
		check(t, "created in "+ep.GroupID, created, []bool{true})
	}
	for _, ep := range []core.Episode{a, b} {
		created, err := s.AddEpisodes(ctx, []core.Episode{ep})
		must(t, "AddEpisodes(resend "+ep.GroupID+")", err)
		check(t, "created on resending in "+ep.GroupID, created, []bool{false})
	}
	changed := a
	changed.Content = "Alice: changed"
	_, err := s.AddEpisodes(ctx, []core.Episode{changed})
	wantErr(t, "AddEpisodes(other content in group A)", err, core.ErrConflict)

	content := func(g string) string {
		t.Helper()
		eps, err := s.Episodes(ctx, []string{g}, []string{id}, core.GetOptions{Embeddings: true})
		must(t, "Episodes", err)
		if len(eps) != 1 {
			t.Fatalf("Episodes(%s, %s) = %d episodes, want 1", g, id, len(eps))
		}
		if eps[0].GroupID != g {
			t.Errorf("Episodes(%s, %s) reads group %s's", g, id, eps[0].GroupID)
		}
		return eps[0].Content
	}
	check(t, "content in group A", content(groupA), a.Content)
	check(t, "content in group B", content(groupB), b.Content)
	eps, err := s.Episodes(ctx, []string{groupB}, []string{id}, core.GetOptions{Embeddings: true})
	must(t, "Episodes", err)
	check(t, "group B's embedding", sameVec(eps[0].Embedding, b.Embedding), true)
	page, err := s.ListEpisodes(ctx, groupA, core.ListOptions{})
	must(t, "ListEpisodes", err)
	check(t, "ListEpisodes(A)", len(page.Items) == 1 && page.Items[0].Content == a.Content, true)

	// Processing group A's episode leaves group B's pending and unlinked.
	ent := core.Entity{UUID: "a-miso", GroupID: groupA, Name: "Miso", CreatedAt: c1}
	done := a
	done.Status = core.EpisodeDone
	must(t, "Apply(A)", s.Apply(ctx, core.Change{Episodes: []core.Episode{done}, Entities: []core.Entity{ent},
		Mentions: []core.Mention{{Episode: id, Entity: ent.UUID}}}))
	pend, err := s.PendingEpisodes(ctx, groupB, 10)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes(B)", epIDs(pend), []string{id})
	pend, err = s.PendingEpisodes(ctx, groupA, 10)
	must(t, "PendingEpisodes", err)
	check(t, "PendingEpisodes(A)", epIDs(pend), []string(nil))
	links, err := s.EpisodeLinks(ctx, []string{groupA}, id)
	must(t, "EpisodeLinks(A)", err)
	check(t, "EpisodeLinks(A)", links.Entities, []string{ent.UUID})
	links, err = s.EpisodeLinks(ctx, []string{groupB}, id)
	must(t, "EpisodeLinks(B)", err)
	check(t, "EpisodeLinks(B)", len(links.Entities)+len(links.Facts), 0)
	// A mention in group B of group A's entity is refused.
	if err := s.Apply(ctx, core.Change{Group: groupB, Mentions: []core.Mention{{Episode: id, Entity: ent.UUID}}}); err == nil {
		t.Errorf("group B's episode was linked to group A's entity")
	}
	for _, g := range []string{groupA, groupB} {
		hits, err := s.Traverse(ctx, core.TraverseQuery{Scope: core.ScopeEntities, Groups: []string{g}, Seeds: []string{id}, Limit: 10})
		must(t, "Traverse", err)
		want := []string(nil)
		if g == groupA {
			want = []string{ent.UUID}
		}
		check(t, "Traverse from "+id+" in "+g, hitIDs(hits), want)
	}

	// Searches.
	search := func(g, text string, vec []float32) (textHits, vecHits []string) {
		t.Helper()
		th, err := s.TextSearch(ctx, core.SearchQuery{Scope: core.ScopeEpisodes, Groups: []string{g}, Text: text, Limit: 10})
		must(t, "TextSearch", err)
		vh, err := s.VectorSearch(ctx, core.SearchQuery{Scope: core.ScopeEpisodes, Groups: []string{g}, Vector: vec, Limit: 10, MinScore: 0.9})
		must(t, "VectorSearch", err)
		return hitIDs(th), hitIDs(vh)
	}
	th, vh := search(groupA, "Miso cat", a.Embedding)
	check(t, "group A's searches for its episode", [][]string{th, vh}, [][]string{{id}, {id}})
	th, vh = search(groupB, "Miso cat", a.Embedding)
	check(t, "group B's searches for group A's episode", [][]string{th, vh}, [][]string{nil, nil})

	// Deleting group A's episode leaves group B's whole.
	must(t, "Apply(delete in A)", s.Apply(ctx, core.Change{Group: groupA, DeleteEpisodes: []string{id}}))
	if _, err := episode(ctx, s, []string{groupA}, id); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("group A's episode after its deletion: %v, want ErrNotFound", err)
	}
	check(t, "group B's content after group A's deletion", content(groupB), b.Content)
	th, vh = search(groupB, "rocket launch", b.Embedding)
	check(t, "group B's searches after group A's deletion", [][]string{th, vh}, [][]string{{id}, {id}})
	th, vh = search(groupA, "rocket launch Miso", a.Embedding)
	check(t, "group A's searches after its deletion", [][]string{th, vh}, [][]string{nil, nil})
	st, err := s.Stats(ctx, groupB)
	must(t, "Stats", err)
	check(t, "Stats(B)", st, core.Stats{Episodes: 1, PendingEpisodes: 1})

	// Group A may store the uuid again, and deleting group B leaves it.
	_, err = s.AddEpisodes(ctx, []core.Episode{changed})
	must(t, "AddEpisodes(again in A)", err)
	_, err = s.DeleteGroup(ctx, groupB)
	must(t, "DeleteGroup(B)", err)
	check(t, "content in group A after group B's deletion", content(groupA), changed.Content)
}
