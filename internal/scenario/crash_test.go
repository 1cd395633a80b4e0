package scenario

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// crashStory is the episodes the child process ingests: each states facts
// of its own, so any fact applied twice would show as a duplicate.
func crashStory() []core.Episode {
	cities := []string{"Paris", "Berlin", "Lisbon", "Madrid", "Vienna", "Prague", "Dublin", "Oslo", "Rome", "Warsaw"}
	people := []string{"Anna", "Ben", "Clara", "David", "Elena", "Felix", "Greta", "Hugo", "Irene", "Jonas"}
	firms := []string{"Zephyr", "Quorra", "Halcyon", "Brindle", "Osprey", "Tamarack", "Vellum", "Corvid", "Lumen", "Marlow"}
	var eps []core.Episode
	for i := range 40 {
		eps = append(eps, core.Episode{
			UUID: fmt.Sprintf("crash-%02d", i), GroupID: "crash", Source: core.SourceMessage,
			Content: fmt.Sprintf("%s %s: I work at %s Corp and I visited %s.", people[i%10], []string{"Adler", "Brandt", "Castell", "Dorn"}[i/10], firms[(i*3)%10]+[]string{"", " Systems", " Foods", " Bank"}[i/10], cities[i%len(cities)]),
			ValidAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour),
		})
	}
	return eps
}

// TestCrashChild is the child process of TestCrashRecovery: it ingests the
// story and reports each finished episode on stdout until it is killed.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv("MNEMO_CRASH_DIR")
	if dir == "" {
		t.Skip("child process only")
	}
	// Batches of four: a kill lands between group commits of several
	// episodes, not after a single one that holds the whole story.
	w := openWorld(t, dir, func(c *host.Config) { c.Ingest.Batch = 4 })
	ctx := context.Background()
	if _, err := w.h.Engine.Ingest(ctx, crashStory()); err != nil {
		t.Fatal(err)
	}
	fmt.Println("stored")
	for _, ep := range crashStory() {
		if _, err := w.h.Engine.Wait(ctx, "crash", ep.UUID); err != nil {
			t.Fatal(err)
		}
		fmt.Println("done", ep.UUID)
	}
	time.Sleep(time.Minute) // wait to be killed
}

// TestCrashRecovery kills a process with SIGKILL in the middle of ingesting
// and reopens its database: every episode is there exactly once, the
// pending ones are processed, and no fact was applied twice.
func TestCrashRecovery(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.v")
	cmd.Env = append(os.Environ(), "MNEMO_CRASH_DIR="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := 0
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "done ") {
			done++
		}
		if done == 6 {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if done < 6 {
		t.Fatalf("the child finished only %d episodes before it ended", done)
	}
	t.Logf("killed the child after %d of 40 episodes", done)

	w := openWorld(t, dir, nil)
	ctx := context.Background()
	st, err := w.h.Engine.Store().Stats(ctx, "crash")
	if err != nil {
		t.Fatal(err)
	}
	if st.Episodes != 40 {
		t.Fatalf("episodes after the crash = %d, want 40", st.Episodes)
	}
	if st.PendingEpisodes == 0 {
		t.Errorf("no episode was pending after the kill; the test did not crash mid-ingest")
	}
	var ids []string
	for _, ep := range crashStory() {
		ids = append(ids, ep.UUID)
	}
	wctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	reports, err := w.h.Engine.Wait(wctx, "crash", ids...)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			t.Errorf("episode %s: %s %s", r.UUID, r.Status, r.Error)
		}
	}
	// Re-sending everything after recovery stores nothing new.
	res, err := w.h.Engine.Ingest(ctx, crashStory())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Created {
			t.Errorf("episode %s stored twice", r.UUID)
		}
	}
	seen := map[string]int{}
	names := w.names("crash")
	for _, f := range w.allFacts("crash") {
		seen[names[f.SourceUUID]+" "+f.Relation+" "+names[f.TargetUUID]]++
		if len(f.Episodes) != 1 {
			t.Errorf("fact %q has provenance %v, want one episode", f.Text, f.Episodes)
		}
	}
	works := 0
	for k, n := range seen {
		if n > 1 {
			t.Errorf("fact %q applied %d times", k, n)
		}
		if strings.Contains(k, "WORKS_AT") {
			works++
		}
	}
	if works != 40 {
		t.Errorf("WORKS_AT facts = %d, want 40 (one per episode): %v", works, seen)
	}
}
