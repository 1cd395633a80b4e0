package scenario

import (
	"context"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
)

// TestMovesTwice: two moves give two invalidations; the history is kept
// and point-in-time questions on both time axes get the right answers.
func TestMovesTwice(t *testing.T) {
	w := openWorld(t, "", nil)
	w.say("g", "2024-01-10", "Alice: I live in Paris.")
	w.say("g", "2024-04-01", "Alice: I moved to Berlin last month.")
	w.say("g", "2024-09-15", "Alice: I moved to Lisbon two weeks ago.")

	paris := one(t, w.find("g", "LIVES_IN", "Paris"), "Paris")
	berlin := one(t, w.find("g", "LIVES_IN", "Berlin"), "Berlin")
	lisbon := one(t, w.find("g", "LIVES_IN", "Lisbon"), "Lisbon")
	checks := []struct {
		name      string
		got, want time.Time
	}{
		{"Paris ends when the Berlin move began", paris.InvalidAt, date(t, "2024-03-01")},
		{"Berlin starts last month", berlin.ValidAt, date(t, "2024-03-01")},
		{"Berlin ends two weeks before September 15", berlin.InvalidAt, date(t, "2024-09-01")},
		{"Lisbon starts then", lisbon.ValidAt, date(t, "2024-09-01")},
		{"Paris retired when mnemo learned of Berlin", paris.ExpiredAt, date(t, "2024-04-01").Add(time.Hour)},
		{"Berlin retired when mnemo learned of Lisbon", berlin.ExpiredAt, date(t, "2024-09-15").Add(time.Hour)},
	}
	for _, c := range checks {
		if !c.got.Equal(c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	if !lisbon.ExpiredAt.IsZero() || !lisbon.InvalidAt.IsZero() {
		t.Errorf("Lisbon should be current: %+v", lisbon)
	}
	where := func(f core.Filter) []string {
		var out []string
		for _, s := range w.facts("g", f) {
			if strings.Contains(s, "LIVES_IN") {
				out = append(out, s)
			}
		}
		return out
	}
	tests := []struct {
		name string
		f    core.Filter
		want []string
	}{
		{"now", core.Filter{Now: date(t, "2024-10-01")}, []string{"Alice LIVES_IN Lisbon"}},
		{"in February", core.Filter{ValidAt: date(t, "2024-02-01")}, []string{"Alice LIVES_IN Paris"}},
		{"in June", core.Filter{ValidAt: date(t, "2024-06-01")}, []string{"Alice LIVES_IN Berlin"}},
		{"believed in May", core.Filter{KnownAt: date(t, "2024-05-01")}, []string{"Alice LIVES_IN Berlin"}},
		{"believed in February", core.Filter{KnownAt: date(t, "2024-02-01")}, []string{"Alice LIVES_IN Paris"}},
		// In February mnemo did not yet know of any move, so it believed
		// Alice would still live in Paris in October.
		{"believed in February about October", core.Filter{KnownAt: date(t, "2024-02-01"), ValidAt: date(t, "2024-10-01")}, []string{"Alice LIVES_IN Paris"}},
		{"history", core.Filter{IncludeInvalid: true}, []string{"Alice LIVES_IN Berlin", "Alice LIVES_IN Lisbon", "Alice LIVES_IN Paris"}},
	}
	for _, tt := range tests {
		if got := where(tt.f); !equalStrings(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	// Summaries say what holds now: a retired fact leaves the summaries of
	// both its ends, also of a city the later episodes never mention.
	p, err := w.h.Engine.Store().ListEntities(context.Background(), "g", core.ListOptions{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	summaries := map[string]string{}
	for _, en := range p.Items {
		summaries[en.Name] = en.Summary
	}
	for name, want := range map[string]string{"Paris": "", "Berlin": "", "Lisbon": "Alice moved to Lisbon."} {
		if got, ok := summaries[name]; !ok || got != want {
			t.Errorf("summary of %s = %q (found %v), want %q", name, got, ok, want)
		}
	}
	if s := summaries["Alice"]; strings.Contains(s, "Paris") || strings.Contains(s, "Berlin") || !strings.Contains(s, "Lisbon") {
		t.Errorf("summary of Alice = %q; want Lisbon and neither former city", s)
	}
}

// TestJobChangeOutOfOrder: the older episode arrives last; the fact it
// states is the one retired, ending when the newer job began.
func TestJobChangeOutOfOrder(t *testing.T) {
	w := openWorld(t, "", nil)
	w.say("g", "2024-06-01", "Bob: I just started at Initech.")
	w.say("g", "2024-01-15", "Bob: I work at Acme.")
	acme := one(t, w.find("g", "WORKS_AT", "Acme"), "Acme")
	initech := one(t, w.find("g", "WORKS_AT", "Initech"), "Initech")
	if !acme.InvalidAt.Equal(date(t, "2024-06-01")) || acme.ExpiredAt.IsZero() || acme.InvalidatedBy != initech.UUID {
		t.Errorf("Acme: invalid %v expired %v by %s; want invalid 2024-06-01, retired by Initech", acme.InvalidAt, acme.ExpiredAt, acme.InvalidatedBy)
	}
	if !initech.ExpiredAt.IsZero() || !initech.InvalidAt.IsZero() {
		t.Errorf("Initech should be current: %+v", initech)
	}
	if got := w.facts("g", core.Filter{ValidAt: date(t, "2024-03-01")}); !equalStrings(got, []string{"Bob WORKS_AT Acme"}) {
		t.Errorf("where did Bob work in March: %v", got)
	}
}

// TestEntityResolution: three spellings and an acronym are one node; two
// people with the same first name stay two.
func TestEntityResolution(t *testing.T) {
	w := openWorld(t, "", nil)
	w.say("g", "2024-02-01", "Dana: I work at International Business Machines.")
	w.say("g", "2024-02-02", "Eve: I work at IBM.")
	w.say("g", "2024-02-03", "Frank: I work at International Business Machines Corp.")
	w.say("g", "2024-02-04", "Grace: I work at Internatonal Business Machines.")
	names := w.names("g")
	orgs := map[string]bool{}
	for _, f := range w.allFacts("g") {
		if f.Relation == "WORKS_AT" {
			orgs[names[f.TargetUUID]] = true
		}
	}
	if len(orgs) != 1 {
		t.Errorf("employers = %v, want one entity", orgs)
	}

	w.say("h", "2024-03-01", "Alice Smith: I live in Paris.")
	w.say("h", "2024-03-02", "Alice Jones: I live in Rome.")
	got := w.entityNames("h")
	if want := []string{"Alice Jones", "Alice Smith", "Paris", "Rome"}; !equalStrings(got, want) {
		t.Errorf("entities = %v, want %v", got, want)
	}
}

// TestRepeatedFact: the same fact stated twice is one fact with two
// provenance episodes.
func TestRepeatedFact(t *testing.T) {
	w := openWorld(t, "", nil)
	r1 := w.say("g", "2024-02-01", "Hank: I work at Globex.")
	r2 := w.say("g", "2024-05-01", "Hank: I work at Globex.")
	f := one(t, w.find("g", "WORKS_AT", "Globex"), "Globex")
	if !equalStrings(f.Episodes, []string{r1.UUID, r2.UUID}) {
		t.Errorf("provenance = %v, want [%s %s]", f.Episodes, r1.UUID, r2.UUID)
	}
	if r2.Duplicates != 1 || r2.NewFacts != 0 {
		t.Errorf("second report: %d duplicates, %d new facts; want 1, 0", r2.Duplicates, r2.NewFacts)
	}
	links, err := w.h.Engine.Store().EpisodeLinks(context.Background(), []string{"g"}, r2.UUID)
	if err != nil || !equalStrings(links.Facts, []string{f.UUID}) {
		t.Errorf("the second episode's facts = %v, %v; want [%s]", links.Facts, err, f.UUID)
	}
}

// TestRelativeDates: dates are resolved against the episode's reference
// time, not the time of ingestion.
func TestRelativeDates(t *testing.T) {
	w := openWorld(t, "", nil)
	w.say("g", "2024-05-15", "Ivy: I adopted a dog named Rex two weeks ago.")
	w.say("g", "2024-05-15", "Ivy: I visited Rome last June.")
	if f := one(t, w.find("g", "HAS_PET", "Rex"), "Rex"); !f.ValidAt.Equal(date(t, "2024-05-01")) {
		t.Errorf("Rex adopted %v, want 2024-05-01", f.ValidAt)
	}
	if f := one(t, w.find("g", "VISITED", "Rome"), "Rome"); !f.ValidAt.Equal(date(t, "2023-06-01")) {
		t.Errorf("Rome visited %v, want 2023-06-01", f.ValidAt)
	}
}

// TestGroupsNeverShare: two groups with the same story have their own
// nodes, and nothing of one is visible from the other.
func TestGroupsNeverShare(t *testing.T) {
	w := openWorld(t, "", nil)
	w.say("a", "2024-02-01", "Alice: I live in Paris.")
	w.say("b", "2024-02-01", "Alice: I live in Paris.")
	a, b := w.names("a"), w.names("b")
	for id := range a {
		if _, ok := b[id]; ok {
			t.Errorf("entity %s is in both groups", id)
		}
	}
	if len(a) != 2 || len(b) != 2 {
		t.Errorf("entities: a %v, b %v; want Alice and Paris in each", a, b)
	}
	fa := w.allFacts("a")
	if len(fa) != 1 {
		t.Fatalf("group a: %d facts, want 1", len(fa))
	}
	if got, err := w.h.Engine.Store().Facts(context.Background(), []string{"b"}, []string{fa[0].UUID}, core.GetOptions{}); err != nil || len(got) != 0 {
		t.Errorf("group b reads a's fact: %v, %v", got, err)
	}
	hits, err := w.h.Engine.Store().TextSearch(context.Background(), core.SearchQuery{Scope: core.ScopeFacts, Groups: []string{"b"}, Text: "Alice Paris", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.UUID == fa[0].UUID {
			t.Errorf("a search of b found a's fact")
		}
	}
}

// TestIdempotentResend: an episode re-sent with its uuid is stored once.
func TestIdempotentResend(t *testing.T) {
	w := openWorld(t, "", nil)
	ctx := context.Background()
	ep := core.Episode{UUID: "client-chosen-1", GroupID: "g", Source: core.SourceMessage, Content: "Jane: I live in Oslo.", ValidAt: date(t, "2024-02-01")}
	for i := range 3 {
		res, err := w.h.Engine.Ingest(ctx, []core.Episode{ep})
		if err != nil {
			t.Fatal(err)
		}
		if res[0].Created != (i == 0) {
			t.Errorf("send %d: created = %v", i+1, res[0].Created)
		}
		if _, err := w.h.Engine.Wait(ctx, "g", ep.UUID); err != nil {
			t.Fatal(err)
		}
	}
	changed := ep
	changed.Content = "Jane: I live in Bergen."
	if _, err := w.h.Engine.Ingest(ctx, []core.Episode{changed}); !errors.Is(err, core.ErrConflict) {
		t.Errorf("re-send with other content: err = %v, want ErrConflict", err)
	}
	st, _ := w.h.Engine.Store().Stats(ctx, "g")
	if st.Episodes != 1 || st.Facts != 1 {
		t.Errorf("stats = %+v, want one episode and one fact", st)
	}
}

// TestBulkEqualsOneByOne: a whole history ingested at once gives the same
// graph as the same episodes ingested and awaited one at a time.
func TestBulkEqualsOneByOne(t *testing.T) {
	w := openWorld(t, "", nil)
	ctx := context.Background()
	story := []struct{ at, msg string }{
		{"2024-01-05", "Kim: I work at Acme and I live in Denver."},
		{"2024-01-20", "Kim: My sister Lea lives in Boston."},
		{"2024-02-11", "Kim: I adopted a cat named Miso last week."},
		{"2024-03-02", "Lea: I moved to Chicago two weeks ago."},
		{"2024-04-18", "Kim: I quit Acme yesterday."},
		{"2024-04-30", "Kim: I just started at Globex."},
		{"2024-06-09", "Kim: I moved from Denver to Austin last month."},
		{"2024-07-01", "Lea: I work at Globex too. I love Kim's cat Miso."},
	}
	var eps []core.Episode
	for _, s := range story {
		eps = append(eps, core.Episode{GroupID: "bulk", Source: core.SourceMessage, Content: s.msg, ValidAt: date(t, s.at)})
	}
	w.clock.Set(date(t, "2024-08-01"))
	res, err := w.h.Engine.Ingest(ctx, eps)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range res {
		ids = append(ids, r.UUID)
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if _, err := w.h.Engine.Wait(wctx, "bulk", ids...); err != nil {
		t.Fatal(err)
	}
	for _, s := range story {
		w.say("single", s.at, s.msg)
	}
	if a, b := w.entityNames("bulk"), w.entityNames("single"); !equalStrings(a, b) {
		t.Errorf("entities differ:\nbulk   %v\nsingle %v", a, b)
	}
	render := func(g string) []string {
		names := w.names(g)
		var out []string
		for _, f := range w.allFacts(g) {
			out = append(out, names[f.SourceUUID]+" "+f.Relation+" "+names[f.TargetUUID]+" from "+f.ValidAt.Format("2006-01-02")+" to "+f.InvalidAt.Format("2006-01-02"))
		}
		return sortStrings(out)
	}
	if a, b := render("bulk"), render("single"); !equalStrings(a, b) {
		t.Errorf("facts differ:\nbulk   %v\nsingle %v", a, b)
	}
}

func sortStrings(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// TestSizeLimits: an episode over the content limit is refused with a
// clear error; one over the extraction cap is split with a warning, by
// either strategy, and the speaker still owns what each piece says.
func TestSizeLimits(t *testing.T) {
	for _, split := range []string{engine.SplitSize, engine.SplitMeaning} {
		t.Run(split, func(t *testing.T) {
			w := openWorld(t, "", func(c *host.Config) {
				c.Ingest.MaxContentKB = 64
				c.Ingest.MaxExtractKB = 1
				c.Ingest.Split = split
			})
			ctx := context.Background()
			_, err := w.h.Engine.Ingest(ctx, []core.Episode{{GroupID: "g", Source: core.SourceText, Content: strings.Repeat("x ", 40000), ValidAt: date(t, "2024-01-01")}})
			if !errors.Is(err, core.ErrTooLarge) {
				t.Errorf("huge episode: err = %v, want ErrTooLarge", err)
			}
			long := "Olga: I work at Acme. " + strings.Repeat("The weather was nice and we talked about nothing much at all. ", 40) + "I live in Madrid."
			r := w.say("g", "2024-01-02", long)
			if len(r.Warnings) == 0 || !strings.Contains(strings.Join(r.Warnings, " "), "pieces") {
				t.Errorf("warnings = %v, want the split reported", r.Warnings)
			}
			if got := w.facts("g", core.Filter{Now: date(t, "2024-02-01")}); !equalStrings(got, []string{"Olga LIVES_IN Madrid", "Olga WORKS_AT Acme"}) {
				t.Errorf("facts from both ends of a split episode = %v", got)
			}
		})
	}
}

// TestAddFactByHand: a hand-made fact goes through the same resolution and
// invalidation as an extracted one, with its own provenance episode; bad
// triplets are refused.
func TestAddFactByHand(t *testing.T) {
	w := openWorld(t, "", nil)
	ctx := context.Background()
	w.say("g", "2024-01-10", "Mia: I live in Paris.")
	w.clock.Set(date(t, "2024-05-02"))
	r, err := w.h.Engine.AddFact(ctx, engine.Triplet{
		GroupID: "g", Source: "Mia", Relation: "lives in", Target: "Rome", TargetType: "Location",
		ValidAt: date(t, "2024-05-01"), ReferenceTime: date(t, "2024-05-02"),
	})
	if err != nil || r.Status != core.EpisodeDone {
		t.Fatalf("AddFact = %+v, %v", r, err)
	}
	paris := one(t, w.find("g", "LIVES_IN", "Paris"), "Paris")
	rome := one(t, w.find("g", "LIVES_IN", "Rome"), "Rome")
	if !paris.InvalidAt.Equal(date(t, "2024-05-01")) || paris.InvalidatedBy != rome.UUID {
		t.Errorf("Paris after the hand-made move: invalid %v by %s", paris.InvalidAt, paris.InvalidatedBy)
	}
	if rome.Text != "Mia lives in Rome" || len(rome.Episodes) != 1 || rome.Episodes[0] != r.UUID {
		t.Errorf("hand-made fact = %q with provenance %v, want its own episode %s", rome.Text, rome.Episodes, r.UUID)
	}
	if got := w.entityNames("g"); !equalStrings(got, []string{"Mia", "Paris", "Rome"}) {
		t.Errorf("entities = %v: Mia must resolve to the existing entity", got)
	}
	for _, bad := range []engine.Triplet{
		{GroupID: "g", Source: "Mia", Relation: "", Target: "Rome"},
		{GroupID: "g", Source: "Mia", Relation: "knows", Target: "mia"},
		{GroupID: "g", Source: "Mia", Relation: "knows", Target: "Leo", ValidAt: date(t, "2024-05-01"), InvalidAt: date(t, "2024-04-01")},
		{GroupID: "bad group", Source: "Mia", Relation: "knows", Target: "Leo"},
	} {
		if _, err := w.h.Engine.AddFact(ctx, bad); !errors.Is(err, core.ErrInvalid) {
			t.Errorf("AddFact(%+v) err = %v, want ErrInvalid", bad, err)
		}
	}
}

// TestRemoveEpisode: removing an episode takes the facts and entities only
// it supported, and restores what it had invalidated or ended.
func TestRemoveEpisode(t *testing.T) {
	w := openWorld(t, "", nil)
	ctx := context.Background()
	w.say("g", "2024-01-10", "Noor: I work at Acme and I live in Oslo.")
	moved := w.say("g", "2024-03-01", "Noor: I moved to Bergen last week.")
	quit := w.say("g", "2024-04-01", "Noor: I quit Acme yesterday.")
	if f := one(t, w.find("g", "WORKS_AT", "Acme"), "Acme"); f.InvalidAt.IsZero() || f.InvalidatedBy != quit.UUID {
		t.Fatalf("Acme after the quit: %+v", f)
	}
	d, err := w.h.Engine.DeleteEpisode(ctx, "g", quit.UUID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Restored != 1 || d.Episodes != 1 {
		t.Errorf("DeleteEpisode(quit) = %+v, want one episode and one restored fact", d)
	}
	if f := one(t, w.find("g", "WORKS_AT", "Acme"), "Acme"); !f.InvalidAt.IsZero() || !f.ExpiredAt.IsZero() {
		t.Errorf("Acme not restored: %+v", f)
	}
	d, err = w.h.Engine.DeleteEpisode(ctx, "g", moved.UUID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Facts != 1 || d.Entities != 1 || d.Restored != 1 {
		t.Errorf("DeleteEpisode(move) = %+v, want the Bergen fact and entity gone and Oslo restored", d)
	}
	if got := w.facts("g", core.Filter{Now: date(t, "2024-05-01")}); !equalStrings(got, []string{"Noor LIVES_IN Oslo", "Noor WORKS_AT Acme"}) {
		t.Errorf("facts after removing both episodes = %v", got)
	}
	if _, err := w.h.Engine.DeleteEpisode(ctx, "g", moved.UUID); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("deleting it again: err = %v, want ErrNotFound", err)
	}
}
