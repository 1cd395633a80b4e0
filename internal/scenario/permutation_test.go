package scenario

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// storyEpisode is one message of a permutation story.
type storyEpisode struct {
	at, text string
}

// permutationStories are the stories TestInvalidationAnyOrder shuffles:
// successive states of functional relations (home, employer, title, a
// record's field), so that each episode ends the one before it and the
// intervals overlap whenever episodes arrive out of order.
var permutationStories = []struct {
	name     string
	episodes []storyEpisode
	// want are answers the story must give in any order: probe time →
	// facts valid then (a subset of the answer).
	want map[string][]string
}{
	{
		name: "moves",
		episodes: []storyEpisode{
			{"2019-03-01", "Ines: I live in Paris."},
			{"2021-06-10", "Ines: I moved to Lyon last month."},
			{"2023-01-20", "Ines: I moved to Grenoble this month."},
			{"2024-04-02", "Ines: I moved to Annecy in March."},
		},
		want: map[string][]string{
			"2020-01-01": {"Ines LIVES_IN Paris"},
			"2022-06-01": {"Ines LIVES_IN Lyon"},
			"2023-06-01": {"Ines LIVES_IN Grenoble"},
			"2024-06-01": {"Ines LIVES_IN Annecy"},
		},
	},
	{
		name: "jobs and titles",
		episodes: []storyEpisode{
			{"2018-09-03", "Tomas: I work as a data analyst at Brindle Foods."},
			{"2020-02-14", "Tomas: I joined Osprey Bank in January as a risk analyst."},
			{"2022-11-07", "Tomas: I started at Vellum Labs last week."},
			{"2024-05-06", "Tomas: I got promoted to lead engineer at Vellum Labs this month."},
		},
		want: map[string][]string{
			"2019-06-01": {"Tomas WORKS_AT Brindle Foods"},
			"2021-06-01": {"Tomas WORKS_AT Osprey Bank"},
			"2023-06-01": {"Tomas WORKS_AT Vellum Labs"},
		},
	},
	{
		name: "chief executives",
		episodes: []storyEpisode{
			{"2016-04-11", "Wire: Marlow Tea named Ada Quist as its chief executive officer."},
			{"2019-08-19", "Wire: Ben Ochoa became CEO of Marlow Tea today."},
			{"2022-10-03", "Wire: Marlow Tea appointed Chen Ruiz as CEO this week, replacing Ben Ochoa."},
		},
		want: map[string][]string{
			"2017-01-01": {"Marlow Tea HAS_CEO Ada Quist"},
			"2020-01-01": {"Marlow Tea HAS_CEO Ben Ochoa"},
			"2023-01-01": {"Marlow Tea HAS_CEO Chen Ruiz"},
		},
	},
}

// TestInvalidationAnyOrder is the permutation property of invalidation:
// whatever order a story's episodes arrive in, each in its own ingestion,
// the facts valid at every probe time are the same as when they arrive in
// order. The permutations come from a seeded generator, so a failure
// repeats.
func TestInvalidationAnyOrder(t *testing.T) {
	const permutations = 4
	for _, st := range permutationStories {
		t.Run(st.name, func(t *testing.T) {
			probes := probeTimes(st.episodes, st.want)
			inOrder := ingestStory(t, st.episodes, probes)
			for at, want := range st.want {
				got := inOrder[at]
				for _, w := range want {
					if !slices.Contains(got, w) {
						t.Errorf("in order, facts valid at %s = %v, want %q among them", at, got, w)
					}
				}
			}
			rng := rand.New(rand.NewSource(21))
			for k := range permutations {
				perm := rng.Perm(len(st.episodes))
				eps := make([]storyEpisode, len(perm))
				for i, j := range perm {
					eps[i] = st.episodes[j]
				}
				got := ingestStory(t, eps, probes)
				if diff := cmp.Diff(inOrder, got); diff != "" {
					t.Errorf("permutation %d %v: facts valid at the probe times differ from arrival in order (-in order +permuted):\n%s", k, perm, diff)
				}
			}
		})
	}
}

// probeTimes are the times a story is asked about: every episode's day,
// the days around it, the dates of the expected answers, and fixed dates
// every half year across the story.
func probeTimes(eps []storyEpisode, want map[string][]string) []string {
	seen := map[string]bool{}
	var out []string
	for at := range want {
		seen[at] = true
		out = append(out, at)
	}
	add := func(t time.Time) {
		s := t.Format(time.DateOnly)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	first, last := time.Time{}, time.Time{}
	for _, ep := range eps {
		d, _ := time.Parse(time.DateOnly, ep.at)
		for _, off := range []int{-40, -10, -1, 0, 1, 10, 40} {
			add(d.AddDate(0, 0, off))
		}
		if first.IsZero() || d.Before(first) {
			first = d
		}
		if d.After(last) {
			last = d
		}
	}
	for d := first.AddDate(-1, 0, 0); d.Before(last.AddDate(1, 0, 0)); d = d.AddDate(0, 6, 0) {
		add(d)
	}
	slices.Sort(out)
	return out
}

// ingestStory ingests the episodes in the order given, each in its own
// call, into a new in-memory world, and returns the facts valid at each
// probe time as "source RELATION target".
func ingestStory(t *testing.T, eps []storyEpisode, probes []string) map[string][]string {
	t.Helper()
	w := openWorld(t, "", func(c *host.Config) {
		c.Store.Backend, c.Store.BufferPoolMB, c.Store.MaxDBSizeMB = "memory", 0, 0
	})
	ctx := context.Background()
	// System time moves forward with each arrival, whatever the episodes'
	// own times.
	learned := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, ep := range eps {
		w.clock.Set(learned.Add(time.Duration(i) * time.Hour))
		res, err := w.h.Engine.Ingest(ctx, []core.Episode{{GroupID: "perm", Source: core.SourceMessage, Content: ep.text, ValidAt: date(t, ep.at).Add(9 * time.Hour)}})
		if err != nil {
			t.Fatalf("Ingest(%q): %v", ep.text, err)
		}
		wctx, cancel := context.WithTimeout(ctx, time.Minute)
		r, err := w.h.Engine.Wait(wctx, "perm", res[0].UUID)
		cancel()
		if err != nil {
			t.Fatalf("Wait(%q): %v", ep.text, err)
		}
		if r[0].Status != core.EpisodeDone {
			t.Fatalf("episode %q: %s: %s", ep.text, r[0].Status, r[0].Error)
		}
	}
	out := map[string][]string{}
	for _, p := range probes {
		got := w.facts("perm", core.Filter{ValidAt: date(t, p).Add(12 * time.Hour)})
		if got == nil {
			got = []string{}
		}
		out[p] = got
	}
	return out
}

// String makes a story episode readable in failures.
func (e storyEpisode) String() string { return fmt.Sprintf("%s %q", e.at, e.text) }
