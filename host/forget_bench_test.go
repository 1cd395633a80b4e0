package host_test

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

var forgetEpisodes = flag.Int("forget-episodes", 2000, "episodes in the database BenchmarkForget forgets one of")

// BenchmarkForget measures an erasure on a database of -forget-episodes
// offline episodes (four groups): forgetting one episode, forgetting one
// entity, and deleting one group, each with the rewrite of the database.
// It reports the whole call (ms), how long reads and writes waited for
// the rewrite (blocked-ms) and the database's size before and after
// (before-MiB, after-MiB).
//
//	go test ./host/ -run '^$' -bench Forget -benchtime 1x -forget-episodes 3000
func BenchmarkForget(b *testing.B) {
	ctx := context.Background()
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		b.Fatal(err)
	}
	cfg.DB = b.TempDir()
	cfg.Plugins.CacheDir = sharedCache
	cfg.Plugins.Reload = -1
	h, err := host.Open(ctx, cfg, host.OpenOptions{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close(ctx)
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Olivia"}
	orgs := []string{"Acme", "Globex", "Initech", "Hooli", "Wonka", "Tyrell", "Stark", "Wayne", "Umbrella"}
	places := []string{"Paris", "Lisbon", "Berlin", "Oslo", "Denver", "Madrid", "Rome", "Vienna", "Prague", "Dublin", "Tokyo"}
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	var first string
	for i := 0; i < *forgetEpisodes; i += 100 {
		var batch []core.Episode
		for k := i; k < min(i+100, *forgetEpisodes); k++ {
			batch = append(batch, core.Episode{
				GroupID: fmt.Sprintf("bench-%d", k%4), Source: core.SourceMessage, ValidAt: t0.Add(time.Duration(k) * time.Hour),
				Content: fmt.Sprintf("%s: I work at %s Corp and I live in %s with %s.", names[k%len(names)], orgs[(k/5)%len(orgs)], places[(k/3)%len(places)], names[(k/7)%len(names)]),
			})
		}
		res, err := h.Engine.Ingest(ctx, batch)
		if err != nil {
			b.Fatal(err)
		}
		if first == "" {
			first = res[0].UUID
		}
	}
	for g := range 4 {
		for {
			st, err := h.Engine.Stats(ctx, fmt.Sprintf("bench-%d", g))
			if err != nil {
				b.Fatal(err)
			}
			if st.PendingEpisodes == 0 {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	steps := []struct {
		name string
		run  func() (host.Erasure, error)
	}{
		{"episode", func() (host.Erasure, error) { return h.ForgetEpisode(ctx, "bench-0", first, host.EraseOptions{}) }},
		{"entity", func() (host.Erasure, error) { return h.ForgetEntity(ctx, "bench-1", "Bob", host.EraseOptions{}) }},
		{"group", func() (host.Erasure, error) { return h.EraseGroup(ctx, "bench-2", host.EraseOptions{}) }},
	}
	for _, st := range steps {
		b.Run(st.name, func(b *testing.B) {
			for b.Loop() {
				start := time.Now()
				e, err := st.run()
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(time.Since(start).Milliseconds()), "ms")
				b.ReportMetric(e.BlockedMS, "blocked-ms")
				b.ReportMetric(float64(e.BytesBefore)/(1<<20), "before-MiB")
				b.ReportMetric(float64(e.BytesAfter)/(1<<20), "after-MiB")
				b.ReportMetric(float64(e.Episodes), "episodes")
			}
		})
	}
}
