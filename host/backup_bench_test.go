package host_test

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

var backupLog = flag.Bool("backup-log", false, "BenchmarkBackupWhileWriting logs at debug level")

var backupEpisodes = flag.Int("backup-episodes", 2000, "episodes in the database BenchmarkBackupWhileWriting backs up")

// BenchmarkBackupWhileWriting measures what a backup costs the writers of
// a live database: a database of -backup-episodes offline episodes (four
// groups) is backed up while a writer adds one episode at a time; it
// reports how long the store held writers (writers-blocked-ms), the whole
// backup (backup-ms), the database file (db-MiB), and the slowest and the
// median write during the backup (max-write-ms, p50-write-ms).
//
//	go test ./host/ -run '^$' -bench BackupWhileWriting -benchtime 1x -backup-episodes 3000
func BenchmarkBackupWhileWriting(b *testing.B) {
	ctx := context.Background()
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		b.Fatal(err)
	}
	cfg.DB = b.TempDir()
	cfg.Plugins.CacheDir = sharedCache
	cfg.Plugins.Reload = -1
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if !*backupLog {
		log = slog.New(slog.DiscardHandler)
	}
	h, err := host.Open(ctx, cfg, host.OpenOptions{Logger: log})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close(ctx)
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Olivia"}
	orgs := []string{"Acme", "Globex", "Initech", "Hooli", "Wonka", "Tyrell", "Stark", "Wayne", "Umbrella"}
	places := []string{"Paris", "Lisbon", "Berlin", "Oslo", "Denver", "Madrid", "Rome", "Vienna", "Prague", "Dublin", "Tokyo"}
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	episode := func(i int) core.Episode {
		return core.Episode{
			GroupID: fmt.Sprintf("bench-%d", i%4), Source: core.SourceMessage, ValidAt: t0.Add(time.Duration(i) * time.Hour),
			Content: fmt.Sprintf("%s: I work at %s Corp and I live in %s with %s.", names[i%len(names)], orgs[(i/5)%len(orgs)], places[(i/3)%len(places)], names[(i/7)%len(names)]),
		}
	}
	start := time.Now()
	for i := 0; i < *backupEpisodes; i += 100 {
		var batch []core.Episode
		for k := i; k < min(i+100, *backupEpisodes); k++ {
			batch = append(batch, episode(k))
		}
		if _, err := h.Engine.Ingest(ctx, batch); err != nil {
			b.Fatal(err)
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
	b.Logf("ingested %d episodes in %s", *backupEpisodes, time.Since(start).Round(time.Second))
	b.ResetTimer()
	b.StopTimer()

	for n := range b.N {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var writes []time.Duration
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				t := time.Now()
				if _, err := h.Engine.Ingest(ctx, []core.Episode{episode(*backupEpisodes + n*100000 + i)}); err != nil {
					b.Error(err)
					return
				}
				writes = append(writes, time.Since(t))
			}
		}()
		time.Sleep(200 * time.Millisecond)
		b.StartTimer()
		m, err := h.Backup(ctx, filepath.Join(b.TempDir(), "backup"), host.BackupOptions{})
		b.StopTimer()
		time.Sleep(200 * time.Millisecond)
		close(stop)
		wg.Wait()
		if err != nil {
			b.Fatal(err)
		}
		slices.Sort(writes)
		b.ReportMetric(m.WritersBlockedMS, "writers-blocked-ms")
		b.ReportMetric(m.TookMS, "backup-ms")
		b.ReportMetric(float64(m.Files[0].Size)/(1<<20), "db-MiB")
		if len(writes) > 0 {
			b.ReportMetric(float64(writes[len(writes)-1].Microseconds())/1000, "max-write-ms")
			b.ReportMetric(float64(writes[len(writes)/2].Microseconds())/1000, "p50-write-ms")
		}
	}
}
