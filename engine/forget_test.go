package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
)

// forgetWorld writes group g's graph: Alice works at Acme (stated by e1
// and e2); e2 says Bob met Xavier Quill (alias Quill), who works at Acme;
// e3, which does not link Xavier, names him ("Quill") and states that
// Alice knows Bob; e4 says Carol lives in Rome. Acme's and Bob's
// summaries hold sentences about Xavier; one community holds Alice, Acme,
// Bob and Xavier, another Carol and Rome.
func forgetWorld(t *testing.T, s core.Store, g string) {
	t.Helper()
	ctx := context.Background()
	at := time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)
	ep := func(id, content string, i int) core.Episode {
		return core.Episode{UUID: g + id, GroupID: g, Source: core.SourceMessage, Content: content, ValidAt: at.Add(time.Duration(i) * time.Hour),
			CreatedAt: at.Add(time.Duration(i) * time.Hour), Status: core.EpisodeDone}
	}
	eps := []core.Episode{ep("e1", "Alice: I work at Acme.", 1), ep("e2", "Bob: I met Xavier Quill at Acme, where Alice works.", 2),
		ep("e3", "Alice: Bob and I talked about Quill.", 3), ep("e4", "Carol: I live in Rome.", 4)}
	if _, err := s.AddEpisodes(ctx, eps); err != nil {
		t.Fatal(err)
	}
	ent := func(id, name, summary string) core.Entity {
		return core.Entity{UUID: g + id, GroupID: g, Name: name, Summary: summary, CreatedAt: at}
	}
	xq := ent("xq", "Xavier Quill", "Xavier Quill works at Acme.")
	xq.Attributes = map[string]any{core.AliasesAttribute: []any{"Quill"}}
	ents := []core.Entity{ent("alice", "Alice", "Alice works at Acme."), ent("acme", "Acme", "Xavier Quill works at Acme. Alice works at Acme."),
		ent("bob", "Bob", "Bob met Xavier Quill."), xq, ent("carol", "Carol", "Carol lives in Rome."), ent("rome", "Rome", "Carol lives in Rome.")}
	fact := func(id, src, rel, tgt, text string, eps ...string) core.Fact {
		return core.Fact{UUID: g + id, GroupID: g, SourceUUID: g + src, Relation: rel, TargetUUID: g + tgt, Text: text, ValidAt: at, CreatedAt: at, Episodes: eps}
	}
	facts := []core.Fact{
		fact("f1", "alice", "WORKS_AT", "acme", "Alice works at Acme", g+"e1", g+"e2"),
		fact("f2", "bob", "MET", "xq", "Bob met Xavier Quill", g+"e2"),
		fact("f3", "xq", "WORKS_AT", "acme", "Xavier Quill works at Acme", g+"e2"),
		fact("f4", "alice", "KNOWS", "bob", "Alice knows Bob", g+"e3"),
		fact("f5", "carol", "LIVES_IN", "rome", "Carol lives in Rome", g+"e4"),
	}
	m := func(ep, x string) core.Mention { return core.Mention{Episode: g + ep, Entity: g + x} }
	err := s.Apply(ctx, core.Change{Episodes: eps, Entities: ents, Facts: facts,
		Mentions: []core.Mention{m("e1", "alice"), m("e1", "acme"), m("e2", "bob"), m("e2", "xq"), m("e2", "acme"), m("e2", "alice"),
			m("e3", "alice"), m("e3", "bob"), m("e4", "carol"), m("e4", "rome")},
		Communities: []core.Community{
			{UUID: g + "c1", GroupID: g, Name: "Acme people", Summary: "Xavier Quill and Alice work at Acme.", Members: []string{g + "alice", g + "acme", g + "bob", g + "xq"}, CreatedAt: at},
			{UUID: g + "c2", GroupID: g, Name: "Rome", Summary: "Carol lives in Rome.", Members: []string{g + "carol", g + "rome"}, CreatedAt: at},
		}})
	if err != nil {
		t.Fatal(err)
	}
}

// exported is a group's export as JSON, for looking for words in it.
func exported(t *testing.T, e *engine.Engine, g string) string {
	t.Helper()
	d, err := e.ExportGroup(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestForgetEpisode(t *testing.T) {
	ctx := context.Background()
	s := memstore.New(16)
	e := openEngine(t, s)
	forgetWorld(t, s, "g")
	forgetWorld(t, s, "other")
	other := exported(t, e, "other")
	f, err := e.ForgetEpisode(ctx, "g", "ge2")
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Forgotten{Deleted: core.Deleted{Episodes: 1, Facts: 2, Entities: 1, Communities: 1},
		EpisodeIDs: []string{"ge2"}, Summaries: 3, Rebuilt: 2}
	if diff := cmp.Diff(want, f); diff != "" {
		t.Errorf("ForgetEpisode (-want +got):\n%s", diff)
	}
	got := exported(t, e, "g")
	if strings.Contains(got, "Xavier") {
		t.Errorf("the group still holds what only e2 said: %s", got)
	}
	fs, err := e.ListFacts(ctx, "g", core.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range fs.Items {
		if x.UUID == "gf1" && !cmp.Equal(x.Episodes, []string{"ge1"}) {
			t.Errorf("Alice works at Acme, stated by e1 too: provenance %v, want [ge1]", x.Episodes)
		}
	}
	for id, summary := range map[string]string{"gacme": "Alice works at Acme.", "gbob": "Alice knows Bob.", "galice": "Alice knows Bob. Alice works at Acme."} {
		x, err := e.Entity(ctx, []string{"g"}, id)
		if err != nil || x.Summary != summary {
			t.Errorf("summary of %s = %q, %v; want %q rebuilt from what remains", id, x.Summary, err, summary)
		}
	}
	if after := exported(t, e, "other"); after != other {
		t.Errorf("another group changed")
	}
	if _, err := e.ForgetEpisode(ctx, "g", "ge2"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("forgetting e2 again = %v, want ErrNotFound", err)
	}
	if _, err := e.ForgetEpisode(ctx, "g", "othere1"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("forgetting another group's episode = %v, want ErrNotFound", err)
	}
}

func TestForgetEntity(t *testing.T) {
	ctx := context.Background()
	s := memstore.New(16)
	e := openEngine(t, s)
	forgetWorld(t, s, "g")
	forgetWorld(t, s, "other")
	// Dana's summary and a community's name Xavier with no link to him.
	err := s.Apply(ctx, core.Change{
		Entities: []core.Entity{{UUID: "gdana", GroupID: "g", Name: "Dana", Summary: "Dana once met Xavier Quill.", CreatedAt: time.Now()}},
		Communities: []core.Community{{UUID: "gc3", GroupID: "g", Name: "Quill's friends", Summary: "Dana and Carol.",
			Members: []string{"gdana", "gcarol"}, CreatedAt: time.Now()}}})
	if err != nil {
		t.Fatal(err)
	}
	other := exported(t, e, "other")
	for _, tc := range []struct {
		name, ref string
		want      error
	}{
		{"empty", " ", core.ErrInvalid},
		{"unknown", "Nobody", core.ErrNotFound},
		{"another group's uuid", "otherxq", core.ErrNotFound},
	} {
		if _, err := e.ForgetEntity(ctx, "g", tc.ref); !errors.Is(err, tc.want) {
			t.Errorf("ForgetEntity(%q) = %v, want %v", tc.ref, err, tc.want)
		}
	}
	// By an alias, in another case.
	f, err := e.ForgetEntity(ctx, "g", "quill")
	if err != nil {
		t.Fatal(err)
	}
	if f.Entity != "gxq" || !cmp.Equal(f.EpisodeIDs, []string{"ge2", "ge3"}) || f.Facts != 3 {
		t.Errorf("ForgetEntity = %+v, want Xavier, the episodes that mention or name him, and f2, f3, f4", f)
	}
	got := strings.ToLower(exported(t, e, "g"))
	for _, w := range []string{"xavier", "quill"} {
		if strings.Contains(got, w) {
			t.Errorf("the group still holds %q: %s", w, got)
		}
	}
	for _, w := range []string{"alice works at acme", "carol lives in rome"} {
		if !strings.Contains(got, w) {
			t.Errorf("the group lost %q: %s", w, got)
		}
	}
	if after := exported(t, e, "other"); after != other {
		t.Errorf("another group changed")
	}
	if x, err := e.Entity(ctx, []string{"g"}, "gdana"); err != nil || x.Summary != "" {
		t.Errorf("Dana after forgetting Xavier = %+v, %v, want her summary rebuilt from her facts (none)", x, err)
	}
	// Two entities of one name: the caller picks by uuid.
	err = s.Apply(ctx, core.Change{Entities: []core.Entity{
		{UUID: "gsam1", GroupID: "g", Name: "Sam", CreatedAt: time.Now()}, {UUID: "gsam2", GroupID: "g", Name: "Sam", CreatedAt: time.Now()}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.ForgetEntity(ctx, "g", "Sam"); !errors.Is(err, core.ErrConflict) || !strings.Contains(err.Error(), "gsam1, gsam2") {
		t.Errorf("ForgetEntity(Sam) = %v, want ErrConflict naming both uuids", err)
	}
	if f, err := e.ForgetEntity(ctx, "g", "gsam2"); err != nil || f.Entities != 1 {
		t.Errorf("ForgetEntity(gsam2) = %+v, %v, want the one entity", f, err)
	}
}
