package storetest

import (
	"errors"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// ---- round trips ----

func testRoundTripEpisodes(t *testing.T, s core.Store) {
	ctx := t.Context()
	cet := time.FixedZone("CET", 3600)
	d := s.Dimension()
	in := []core.Episode{
		{UUID: "rt-ep1", GroupID: groupA, Name: "first", Source: core.SourceText, SourceDescription: "a note",
			Content: "Alice moved to Paris.\nIt rained.", ValidAt: time.Date(2023, 5, 1, 10, 0, 0, 123456789, cet),
			CreatedAt: time.Date(2024, 1, 2, 3, 4, 5, 999999999, cet), Embedding: axis(d, 3, 0.3)},
		{UUID: "rt-ep2", GroupID: groupA, Name: "second", Source: core.SourceJSON,
			Content: `{"k": "v"}`, ValidAt: y2022, CreatedAt: c1},
	}
	created, err := s.AddEpisodes(ctx, in)
	must(t, "AddEpisodes", err)
	check(t, "created", created, []bool{true, true})
	got, err := s.Episodes(ctx, []string{groupA}, []string{"rt-ep2", "missing", "rt-ep1"}, core.GetOptions{Embeddings: true})
	must(t, "Episodes", err)
	if len(got) != 2 {
		t.Fatalf("Episodes = %v, want rt-ep2, rt-ep1", epIDs(got))
	}
	check(t, "order asked", epIDs(got), []string{"rt-ep2", "rt-ep1"})
	for i, want := range []core.Episode{in[1], in[0]} {
		want.Status = core.EpisodePending
		if !sameVec(got[i].Embedding, want.Embedding) {
			t.Errorf("episode %s embedding = %v, want %v", want.UUID, got[i].Embedding, want.Embedding)
		}
		if got[i].ValidAt.Location() != time.UTC || got[i].CreatedAt.Location() != time.UTC {
			t.Errorf("episode %s times are not in UTC: %v, %v", want.UUID, got[i].ValidAt, got[i].CreatedAt)
		}
		check(t, "episode "+want.UUID, normEpisode(got[i]), normEpisode(want))
		check(t, "episode "+want.UUID+" ValidAt", got[i].ValidAt, micro(want.ValidAt))
	}
	one, err := episode(ctx, s, []string{groupA}, "rt-ep1")
	must(t, "Episode", err)
	if one.Embedding != nil {
		t.Errorf("Episode returned an embedding it was not asked for")
	}
	check(t, "Episode", normEpisode(one), normEpisode(core.Episode{UUID: "rt-ep1", GroupID: groupA, Name: "first", Source: core.SourceText,
		SourceDescription: "a note", Content: in[0].Content, ValidAt: in[0].ValidAt, CreatedAt: in[0].CreatedAt, Status: core.EpisodePending}))
	plain, err := s.Episodes(ctx, []string{groupA}, []string{"rt-ep1"}, core.GetOptions{})
	must(t, "Episodes", err)
	if len(plain) != 1 || plain[0].Embedding != nil {
		t.Errorf("Episodes without Embeddings = %+v, want one episode without embedding", plain)
	}
}

func testRoundTripEntities(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	cet := time.FixedZone("CET", 3600)
	in := []core.Entity{
		{UUID: "rt-n1", GroupID: groupA, Name: "Alice Smith", Labels: []string{"Person", "Engineer"}, Summary: "Works on engines.",
			Attributes:    map[string]any{"title": "engineer", "level": float64(3), "remote": true, "tags": []any{"a", "b"}, "boss": map[string]any{"name": "Bob"}},
			NameEmbedding: axis(d, 2, 0.5), CreatedAt: time.Date(2024, 1, 2, 3, 4, 5, 678901234, cet)},
		{UUID: "rt-n2", GroupID: groupA, Name: "Paris", CreatedAt: c1},
	}
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: in}))
	got, err := s.Entities(ctx, []string{groupA}, []string{"rt-n2", "nope", "rt-n1"}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	check(t, "Entities order", entIDs(got), []string{"rt-n2", "rt-n1"})
	if len(got) != 2 {
		t.FailNow()
	}
	check(t, "entity rt-n1", normEntity(got[1]), normEntity(in[0]))
	check(t, "entity rt-n2", normEntity(got[0]), normEntity(in[1]))
	check(t, "entity rt-n1 CreatedAt", got[1].CreatedAt, micro(in[0].CreatedAt))
	if !sameVec(got[1].NameEmbedding, in[0].NameEmbedding) {
		t.Errorf("rt-n1 embedding = %v, want %v", got[1].NameEmbedding, in[0].NameEmbedding)
	}
	if got[0].NameEmbedding != nil {
		t.Errorf("rt-n2 was written without embedding, read %v", got[0].NameEmbedding)
	}
	plain, err := s.Entities(ctx, []string{groupA}, []string{"rt-n1"}, core.GetOptions{})
	must(t, "Entities", err)
	if len(plain) != 1 || plain[0].NameEmbedding != nil {
		t.Errorf("Entities without Embeddings = %+v, want one entity without embedding", plain)
	}
	page, err := s.ListEntities(ctx, groupA, core.ListOptions{Embeddings: true})
	must(t, "ListEntities", err)
	if len(page.Items) != 2 || !sameVec(page.Items[0].NameEmbedding, in[0].NameEmbedding) {
		t.Errorf("ListEntities with Embeddings = %+v", page.Items)
	}
}

func testRoundTripFacts(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	got, err := s.Facts(ctx, []string{groupA}, []string{w.f4, w.f3, "nope", w.f2, w.f1}, core.GetOptions{Embeddings: true})
	must(t, "Facts", err)
	check(t, "Facts order (expired and ended ones included)", factIDs(got), []string{w.f4, w.f3, w.f2, w.f1})
	byID := map[string]core.Fact{}
	for _, f := range got {
		byID[f.UUID] = f
	}
	for _, want := range w.facts {
		f := byID[want.UUID]
		if !sameVec(f.Embedding, want.Embedding) {
			t.Errorf("fact %s embedding = %v, want %v", want.UUID, f.Embedding, want.Embedding)
		}
		want = normFact(want)
		if want.UUID == w.f2 {
			want.Episodes = []string{w.e1, w.e2} // oldest first
		}
		check(t, "fact "+want.UUID, normFact(f), want)
	}
	// Attributes and event times with sub-microsecond parts.
	cet := time.FixedZone("CET", 3600)
	x := core.Fact{UUID: "rt-f9", GroupID: groupA, Relation: "MET", Text: "Alice met Bob", SourceUUID: w.alice, TargetUUID: w.bob,
		Attributes: map[string]any{"where": "Lyon", "n": float64(2)}, ValidAt: time.Date(2021, 2, 3, 4, 5, 6, 7008009, cet),
		InvalidAt: time.Date(2021, 2, 4, 0, 0, 0, 1500, cet), StatedInvalidAt: time.Date(2021, 2, 4, 0, 0, 0, 1500, cet),
		CreatedAt: time.Date(2024, 3, 1, 0, 0, 0, 999, cet), Episodes: []string{w.e3}}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{x}}))
	f := getFact(t, s, groupA, x.UUID)
	check(t, "fact rt-f9", normFact(f), normFact(x))
	check(t, "fact rt-f9 ValidAt", f.ValidAt, micro(x.ValidAt))
	if f.Embedding != nil {
		t.Errorf("fact read without Embeddings has embedding %v", f.Embedding)
	}
}

func testRoundTripCommunities(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	got, err := s.Communities(ctx, []string{groupA}, []string{w.c1, "nope"}, core.GetOptions{Embeddings: true})
	must(t, "Communities", err)
	if len(got) != 1 {
		t.Fatalf("Communities = %v, want %s", commIDs(got), w.c1)
	}
	check(t, "community", normCommunity(got[0]), normCommunity(w.comm))
	if !sameVec(got[0].NameEmbedding, w.comm.NameEmbedding) {
		t.Errorf("community embedding = %v, want %v", got[0].NameEmbedding, w.comm.NameEmbedding)
	}
	page, err := s.ListCommunities(ctx, groupA, core.ListOptions{})
	must(t, "ListCommunities", err)
	if len(page.Items) != 1 {
		t.Fatalf("ListCommunities = %v", commIDs(page.Items))
	}
	check(t, "listed community", normCommunity(page.Items[0]), normCommunity(w.comm))
	of, err := s.CommunitiesOf(ctx, groupA, []string{w.alice, w.paris, w.bob, "nope"})
	must(t, "CommunitiesOf", err)
	check(t, "CommunitiesOf", of, map[string]string{w.alice: w.c1, w.paris: w.c1})
}

func testRoundTripMentions(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	l, err := s.EpisodeLinks(ctx, []string{groupA}, w.e1)
	must(t, "EpisodeLinks", err)
	check(t, "e1 entities", sorted(l.Entities), []string{w.alice, w.acme, w.paris})
	check(t, "e1 facts", sorted(l.Facts), []string{w.f1, w.f2})
	l, err = s.EpisodeLinks(ctx, []string{groupA}, w.e2)
	must(t, "EpisodeLinks", err)
	check(t, "e2 entities", sorted(l.Entities), []string{w.alice, w.paris, w.bob})
	check(t, "e2 facts", sorted(l.Facts), []string{w.f2, w.f3})
	// A mention added later, in a change that names only its group.
	must(t, "Apply", s.Apply(ctx, core.Change{Group: groupA, Mentions: []core.Mention{{Episode: w.e3, Entity: w.paris}}}))
	l, err = s.EpisodeLinks(ctx, []string{groupA}, w.e3)
	must(t, "EpisodeLinks", err)
	check(t, "e3 entities", sorted(l.Entities), []string{w.alice, w.paris, w.beta})
}

// ---- AddEpisodes ----

func testAddEpisodesIdempotent(t *testing.T, s core.Store) {
	ctx := t.Context()
	a := core.Episode{UUID: "ep-a", GroupID: groupA, Name: "a", Source: core.SourceMessage, Content: "Alice: hi", ValidAt: y2022, CreatedAt: c1}
	b := core.Episode{UUID: "ep-b", GroupID: groupA, Name: "b", Source: core.SourceText, Content: "A note.", ValidAt: y2023, CreatedAt: c1}
	created, err := s.AddEpisodes(ctx, []core.Episode{a})
	must(t, "AddEpisodes", err)
	check(t, "created", created, []bool{true})
	// Re-sent with other name, description, status and creation time, and
	// the reference time in another zone: the same episode.
	again := a
	again.Name, again.SourceDescription, again.CreatedAt, again.Status = "renamed", "other", c3, core.EpisodeDone
	again.ValidAt = a.ValidAt.In(time.FixedZone("X", -5*3600))
	created, err = s.AddEpisodes(ctx, []core.Episode{again, b})
	must(t, "AddEpisodes again", err)
	check(t, "created again", created, []bool{false, true})
	got, err := episode(ctx, s, []string{groupA}, "ep-a")
	must(t, "Episode", err)
	want := a
	want.Status = core.EpisodePending
	check(t, "re-sent episode is unchanged", normEpisode(got), normEpisode(want))
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	if st.Episodes != 2 || st.PendingEpisodes != 2 {
		t.Errorf("Stats = %+v, want 2 pending episodes", st)
	}
	// New episodes are stored pending whatever status they carry.
	c := core.Episode{UUID: "ep-c", GroupID: groupA, Source: core.SourceText, Content: "done?", ValidAt: y2023, CreatedAt: c1, Status: core.EpisodeDone}
	_, err = s.AddEpisodes(ctx, []core.Episode{c})
	must(t, "AddEpisodes", err)
	got, err = episode(ctx, s, []string{groupA}, "ep-c")
	must(t, "Episode", err)
	check(t, "status of a new episode", got.Status, core.EpisodePending)
}

func testAddEpisodesConflict(t *testing.T, s core.Store) {
	ctx := t.Context()
	a := core.Episode{UUID: "ep-a", GroupID: groupA, Source: core.SourceMessage, Content: "Alice: hi", ValidAt: y2022, CreatedAt: c1}
	_, err := s.AddEpisodes(ctx, []core.Episode{a})
	must(t, "AddEpisodes", err)
	fresh := core.Episode{UUID: "ep-fresh", GroupID: groupA, Source: core.SourceText, Content: "new", ValidAt: y2022, CreatedAt: c1}
	for name, change := range map[string]func(*core.Episode){
		"content":        func(e *core.Episode) { e.Content = "Alice: bye" },
		"source":         func(e *core.Episode) { e.Source = core.SourceText },
		"reference time": func(e *core.Episode) { e.ValidAt = e.ValidAt.Add(time.Second) },
	} {
		other := a
		change(&other)
		_, err := s.AddEpisodes(ctx, []core.Episode{fresh, other})
		wantErr(t, "re-sending with another "+name, err, core.ErrConflict)
		if _, err := episode(ctx, s, []string{groupA, groupB}, fresh.UUID); !errors.Is(err, core.ErrNotFound) {
			t.Errorf("after a conflict on %s, the rest of the batch was stored (Episode: %v)", name, err)
		}
	}
	got, err := episode(ctx, s, []string{groupA}, a.UUID)
	must(t, "Episode", err)
	check(t, "content after conflicts", got.Content, a.Content)
}

func testAddEpisodesInvalid(t *testing.T, s core.Store) {
	ctx := t.Context()
	ok := core.Episode{UUID: "ep-ok", GroupID: groupA, Source: core.SourceText, Content: "fine", ValidAt: y2022, CreatedAt: c1}
	for name, change := range map[string]func(*core.Episode){
		"no uuid":           func(e *core.Episode) { e.UUID = "" },
		"no creation time":  func(e *core.Episode) { e.CreatedAt = time.Time{} },
		"no reference time": func(e *core.Episode) { e.ValidAt = time.Time{} },
		"empty content":     func(e *core.Episode) { e.Content = "  " },
		"bad source":        func(e *core.Episode) { e.Source = "video" },
		"bad group":         func(e *core.Episode) { e.GroupID = "a b" },
		"bad uuid":          func(e *core.Episode) { e.UUID = "a/b" },
		"wrong dimension":   func(e *core.Episode) { e.Embedding = make([]float32, s.Dimension()+1) },
	} {
		bad := core.Episode{UUID: "ep-bad", GroupID: groupA, Source: core.SourceText, Content: "bad", ValidAt: y2022, CreatedAt: c1}
		change(&bad)
		_, err := s.AddEpisodes(ctx, []core.Episode{ok, bad})
		wantErr(t, name, err, core.ErrInvalid)
	}
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	if st.Episodes != 0 {
		t.Errorf("invalid batches stored %d episodes", st.Episodes)
	}
}

// ---- Apply ----

func testApplyUpdateEpisodes(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	e3 := w.eps[2]
	e3.Status, e3.Attempts, e3.Error, e3.Warnings = core.EpisodeFailed, 2, "timeout", []string{"chunk 2 over the cap", "entity cap reached"}
	newEp := core.Episode{UUID: "ap-ep", GroupID: groupA, Name: "inserted", Source: core.SourceText, Content: "via Apply", ValidAt: y2023, CreatedAt: c3, Status: core.EpisodeDone}
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{e3, newEp}}))
	got, err := s.Episodes(ctx, []string{groupA}, []string{w.e3, "ap-ep"}, core.GetOptions{})
	must(t, "Episodes", err)
	if len(got) != 2 {
		t.Fatalf("Episodes = %v", epIDs(got))
	}
	check(t, "updated episode", normEpisode(got[0]), normEpisode(e3))
	check(t, "inserted episode", normEpisode(got[1]), normEpisode(newEp))
	// Done again, clearing the error and the warnings.
	e3.Status, e3.Error, e3.Warnings = core.EpisodeDone, "", nil
	must(t, "Apply", s.Apply(ctx, core.Change{Episodes: []core.Episode{e3}}))
	one, err := episode(ctx, s, []string{groupA}, w.e3)
	must(t, "Episode", err)
	check(t, "episode done", normEpisode(one), normEpisode(e3))
}

func testApplyReplaceEntity(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	alice := w.ents[0]
	alice.Name, alice.Summary, alice.Labels, alice.Attributes = "Alice Jones", "Married.", []string{"Person", "Parent"}, map[string]any{"age": float64(42)}
	alice.NameEmbedding = nil
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: []core.Entity{alice}}))
	got, err := s.Entities(ctx, []string{groupA}, []string{w.alice}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	if len(got) != 1 {
		t.Fatalf("Entities = %v", entIDs(got))
	}
	check(t, "replaced entity", normEntity(got[0]), normEntity(alice))
	if !sameVec(got[0].NameEmbedding, w.entVec[w.alice]) {
		t.Errorf("a nil NameEmbedding did not keep the stored vector: got %v", got[0].NameEmbedding)
	}
	byName, err := s.EntitiesByName(ctx, groupA, []string{"alice jones"})
	must(t, "EntitiesByName", err)
	check(t, "by new name", entIDs(byName), []string{w.alice})
	byName, err = s.EntitiesByName(ctx, groupA, []string{"alice smith"})
	must(t, "EntitiesByName", err)
	check(t, "by old name", entIDs(byName), []string(nil))
	// A new embedding replaces the old one.
	alice.NameEmbedding = axis(s.Dimension(), 0, 0.7)
	must(t, "Apply", s.Apply(ctx, core.Change{Entities: []core.Entity{alice}}))
	got, err = s.Entities(ctx, []string{groupA}, []string{w.alice}, core.GetOptions{Embeddings: true})
	must(t, "Entities", err)
	if len(got) != 1 || !sameVec(got[0].NameEmbedding, alice.NameEmbedding) {
		t.Errorf("replaced embedding not read back: %+v", got)
	}
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "entity count after replacements", st.Entities, 5)
}

func testApplyReplaceFact(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	f2 := w.facts[1]
	f2.Text, f2.InvalidAt, f2.StatedInvalidAt, f2.Attributes = "Alice lived in Paris", y2023, y2023, map[string]any{"district": "11e"}
	f2.Embedding, f2.Episodes = nil, []string{w.e3}
	must(t, "Apply", s.Apply(ctx, core.Change{Facts: []core.Fact{f2}}))
	got, err := s.Facts(ctx, []string{groupA}, []string{w.f2}, core.GetOptions{Embeddings: true})
	must(t, "Facts", err)
	if len(got) != 1 {
		t.Fatalf("Facts = %v", factIDs(got))
	}
	if !sameVec(got[0].Embedding, w.factVec[w.f2]) {
		t.Errorf("a nil Embedding did not keep the stored vector: got %v", got[0].Embedding)
	}
	want := normFact(f2)
	want.Episodes = []string{w.e1, w.e2, w.e3} // links are added, never removed
	// StatedInvalidAt is InvalidAt "as the fact was first stated": a
	// replacement that ends the fact leaves it as it was (open-ended).
	want.StatedInvalidAt = time.Time{}
	check(t, "replaced fact", normFact(got[0]), want)
	// Endpoints cannot change: the change fails and the fact stays.
	moved := f2
	moved.TargetUUID = w.acme
	if err := s.Apply(ctx, core.Change{Facts: []core.Fact{moved}}); err == nil {
		t.Errorf("Apply moved fact %s to another target", w.f2)
	}
	check(t, "fact after refused move", normFact(getFact(t, s, groupA, w.f2)), want)
	st, err := s.Stats(ctx, groupA)
	must(t, "Stats", err)
	check(t, "fact count after replacements", st.Facts, 4)
}

func testApplyReplaceCommunity(t *testing.T, s core.Store) {
	ctx := t.Context()
	w := seed(t, s, groupA)
	cm := w.comm
	cm.Name, cm.Summary, cm.Members = "Work", "Alice, Acme and Beta", []string{w.alice, w.acme, w.beta}
	cm.NameEmbedding = axis(s.Dimension(), 4, 0.2)
	must(t, "Apply", s.Apply(ctx, core.Change{Communities: []core.Community{cm}}))
	got, err := s.Communities(ctx, []string{groupA}, []string{w.c1}, core.GetOptions{Embeddings: true})
	must(t, "Communities", err)
	if len(got) != 1 {
		t.Fatalf("Communities = %v", commIDs(got))
	}
	check(t, "replaced community", normCommunity(got[0]), normCommunity(cm))
	of, err := s.CommunitiesOf(ctx, groupA, []string{w.alice, w.paris, w.acme})
	must(t, "CommunitiesOf", err)
	check(t, "CommunitiesOf after replacement", of, map[string]string{w.alice: w.c1, w.acme: w.c1})
	// A change that only deletes communities must name its group.
	if err := s.Apply(ctx, core.Change{DeleteCommunities: []string{w.c1}}); err == nil {
		t.Errorf("Apply deleted communities without a group")
	}
	if err := s.Apply(ctx, core.Change{Group: groupB, DeleteCommunities: []string{w.c1}}); err == nil {
		if got, _ := s.Communities(ctx, []string{groupA}, []string{w.c1}, core.GetOptions{}); len(got) != 1 {
			t.Errorf("a change of group B deleted community %s of group A", w.c1)
		}
	}
	must(t, "Apply delete", s.Apply(ctx, core.Change{Group: groupA, DeleteCommunities: []string{w.c1}}))
	got, err = s.Communities(ctx, []string{groupA}, []string{w.c1}, core.GetOptions{})
	must(t, "Communities", err)
	check(t, "deleted community", commIDs(got), []string(nil))
	of, err = s.CommunitiesOf(ctx, groupA, []string{w.alice})
	must(t, "CommunitiesOf", err)
	if len(of) != 0 {
		t.Errorf("CommunitiesOf after deletion = %v", of)
	}
}

func testApplyAtomic(t *testing.T, s core.Store) {
	ctx := t.Context()
	d := s.Dimension()
	good := core.Entity{UUID: "at-n1", GroupID: groupA, Name: "Good", CreatedAt: c1, NameEmbedding: axis(d, 0, 0)}
	bad := core.Entity{UUID: "at-n2", GroupID: groupA, Name: "Bad", CreatedAt: c1, NameEmbedding: make([]float32, d-1)}
	err := s.Apply(ctx, core.Change{Entities: []core.Entity{good, bad}})
	wantErr(t, "embedding of the wrong dimension", err, core.ErrInvalid)
	f := core.Fact{UUID: "at-f1", GroupID: groupA, Relation: "R", Text: "t", SourceUUID: "at-n1", TargetUUID: "at-n1", CreatedAt: c1, Embedding: make([]float32, d+1)}
	err = s.Apply(ctx, core.Change{Entities: []core.Entity{good}, Facts: []core.Fact{f}})
	wantErr(t, "fact embedding of the wrong dimension", err, core.ErrInvalid)
	// One change writes one group.
	other := core.Entity{UUID: "at-n3", GroupID: groupB, Name: "Other", CreatedAt: c1}
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{good, other}}); err == nil {
		t.Errorf("Apply wrote a change spanning two groups")
	}
	// A fact whose endpoint does not exist fails the whole change.
	dangling := core.Fact{UUID: "at-f2", GroupID: groupA, Relation: "R", Text: "t", SourceUUID: "at-n1", TargetUUID: "at-missing", CreatedAt: c1}
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{good}, Facts: []core.Fact{dangling}}); err == nil {
		t.Errorf("Apply wrote a fact whose target does not exist")
	}
	for _, g := range []string{groupA, groupB} {
		st, err := s.Stats(ctx, g)
		must(t, "Stats", err)
		if st != (core.Stats{}) {
			t.Errorf("failed changes left %+v in %s", st, g)
		}
	}
	got, err := s.Entities(ctx, []string{groupA, groupB}, []string{"at-n1", "at-n2", "at-n3"}, core.GetOptions{})
	must(t, "Entities", err)
	check(t, "entities of failed changes", entIDs(got), []string(nil))
}

func testApplyOtherGroup(t *testing.T, s core.Store) {
	ctx := t.Context()
	_, b := seedBoth(t, s)
	// Group A's changes naming B's uuids must not touch B's objects. The
	// contract does not say which error they meet (Kuzu answers
	// ErrConflict or ErrInvalid), only that B's data stays as it was.
	steal := b.ents[0]
	steal.GroupID, steal.Name = groupA, "Mallory"
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{steal}}); err == nil {
		if got, _ := s.Entities(ctx, []string{groupA}, []string{b.alice}, core.GetOptions{}); len(got) > 0 {
			t.Errorf("group A took entity %s of group B", b.alice)
		}
	}
	fs := b.facts[1]
	fs.GroupID, fs.Text = groupA, "stolen"
	_ = s.Apply(ctx, core.Change{Facts: []core.Fact{fs}})
	cm := b.comm
	cm.GroupID, cm.Name = groupA, "stolen"
	cm.Members = nil
	_ = s.Apply(ctx, core.Change{Communities: []core.Community{cm}})
	// An episode of B's uuid written by A is A's own (episodes' uuids
	// may be chosen by clients: testSameEpisodeUUID).
	eps := b.eps[2]
	eps.GroupID, eps.Status = groupA, core.EpisodeDone
	eps.Content = "group A's own episode"
	must(t, "Apply(A's episode of B's uuid)", s.Apply(ctx, core.Change{Episodes: []core.Episode{eps}}))
	_ = s.Apply(ctx, core.Change{Group: groupA, Mentions: []core.Mention{{Episode: b.e1, Entity: b.bob}}})

	ents, err := s.Entities(ctx, []string{groupB}, []string{b.alice}, core.GetOptions{})
	must(t, "Entities", err)
	if len(ents) != 1 || ents[0].Name != "Alice Smith" || ents[0].GroupID != groupB {
		t.Errorf("group B's entity after group A's writes: %+v", ents)
	}
	f := getFact(t, s, groupB, b.f2)
	if f.Text != b.facts[1].Text || f.GroupID != groupB {
		t.Errorf("group B's fact after group A's writes: %+v", f)
	}
	cms, err := s.Communities(ctx, []string{groupB}, []string{b.c1}, core.GetOptions{})
	must(t, "Communities", err)
	if len(cms) != 1 || cms[0].Name != b.comm.Name || len(cms[0].Members) != 2 {
		t.Errorf("group B's community after group A's writes: %+v", cms)
	}
	ep, err := episode(ctx, s, []string{groupB}, b.e3)
	must(t, "Episode", err)
	if ep.Status != core.EpisodePending || ep.GroupID != groupB {
		t.Errorf("group B's episode after group A's writes: %+v", ep)
	}
	l, err := s.EpisodeLinks(ctx, []string{groupB}, b.e1)
	must(t, "EpisodeLinks", err)
	check(t, "group B's mentions after group A's writes", sorted(l.Entities), []string{b.alice, b.acme, b.paris})
	if ep.Content != b.eps[2].Content {
		t.Errorf("group B's episode content after group A's writes: %q", ep.Content)
	}
	for g, eps := range map[string]int{groupA: 4, groupB: 3} {
		st, err := s.Stats(ctx, g)
		must(t, "Stats", err)
		check(t, "Stats of "+g, st, core.Stats{Episodes: eps, PendingEpisodes: 1, FailedEpisodes: 1, Entities: 5, Facts: 4, CurrentFacts: 3, Communities: 1})
	}
}
