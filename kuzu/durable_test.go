package kuzu_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

// churn writes n transactions that each change the summaries of a few of
// 200 entities: the update pattern of ingestion, which fills Kuzu's
// buffer pool with committed updates until a checkpoint frees them.
func churn(t *testing.T, s *kuzu.Store, n int) error {
	t.Helper()
	ctx := context.Background()
	var ents []core.Entity
	for i := range 200 {
		ents = append(ents, ent("g", fmt.Sprintf("e%03d", i), fmt.Sprintf("Entity %d", i)))
	}
	if err := s.Apply(ctx, core.Change{Entities: ents}); err != nil {
		t.Fatalf("Apply entities: %v", err)
	}
	for i := range n {
		var ch core.Change
		for j := range 4 {
			e := ents[(i*4+j)%len(ents)]
			e.Summary = fmt.Sprintf("%s, changed by transaction %d.", e.Name, i)
			ch.Entities = append(ch.Entities, e)
		}
		if err := s.Apply(ctx, ch); err != nil {
			return fmt.Errorf("transaction %d: %w", i, err)
		}
	}
	return nil
}

func TestCheckpointPolicyBoundsThePool(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a few thousand transactions")
	}
	tests := []struct {
		name string
		opts kuzu.Options
	}{
		{"default policy", kuzu.Options{}},
		{"memory pressure alone", kuzu.Options{CheckpointEvery: 1 << 30, CheckpointWALBytes: 1 << 40}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.opts
			o.Dir, o.Dimension, o.BufferPoolBytes, o.Threads = t.TempDir(), 16, 16<<20, 1
			s, err := kuzu.Open(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close(context.Background())
			if err := churn(t, s, 1000); err != nil {
				t.Fatalf("churn with a 16 MiB pool: %v", err)
			}
			st := s.DurabilityStats()
			if st.Busy != 0 {
				t.Errorf("Busy = %d, want 0", st.Busy)
			}
			if st.Checkpoints == 0 || st.WALBytes > 4<<20 {
				t.Errorf("Checkpoints = %d, WAL = %d bytes; want some, and under 4 MiB", st.Checkpoints, st.WALBytes)
			}
			t.Logf("%d checkpoints in %v, %d statements retried after one", st.Checkpoints, st.CheckpointTime, st.BusyRetries)
		})
	}
}

// TestCheckpointLeftToTheKeeper checks that the write whose commit makes
// a checkpoint due is answered without waiting for it: the checkpoint is
// held (in Options.Observe, which it calls before it lets the write lock
// go) and the fourth write, which made it due, must still return. A
// committing write that took the checkpoint itself would be held with it.
func TestCheckpointLeftToTheKeeper(t *testing.T) {
	entered, release := make(chan struct{}, 1), make(chan struct{})
	var armed atomic.Bool
	s, err := kuzu.Open(context.Background(), kuzu.Options{Dir: t.TempDir(), Dimension: 16, CheckpointEvery: 4,
		Observe: func(op string, _ time.Duration, _ error) {
			if op == "checkpoint" && armed.Load() {
				select {
				case entered <- struct{}{}:
				default:
				}
				<-release
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	// From a checkpoint, so that the fourth write makes the next one due.
	if err := s.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	armed.Store(true)
	returned := make(chan error, 8)
	go func() {
		for i := range 8 {
			returned <- s.Apply(context.Background(), core.Change{Entities: []core.Entity{ent("g", fmt.Sprintf("e%d", i), fmt.Sprintf("Entity %d", i))}})
		}
	}()
	// The first four writes return, checkpoint held or not.
	for i := range 4 {
		select {
		case err := <-returned:
			if err != nil {
				t.Fatalf("write %d: %v", i+1, err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("write %d did not return: the write that made the checkpoint due waited for it", i+1)
		}
	}
	// The keeper took the checkpoint; the writes after wait for it.
	<-entered
	close(release)
	for i := 4; i < 8; i++ {
		if err := <-returned; err != nil {
			t.Fatalf("write %d: %v", i+1, err)
		}
	}
	if n := s.DurabilityStats().Checkpoints; n == 0 {
		t.Errorf("Checkpoints = %d, want at least 1", n)
	}
}

// TestKilledWriterReopens opens a database that a process left with a
// large WAL (it exited without closing, as a killed process does), with a
// buffer pool too small to replay it: Open replays it with a larger pool,
// checkpoints, and opens as configured.
func TestKilledWriterReopens(t *testing.T) {
	if dir := os.Getenv("MNEMO_HELPER_KILLED_DIR"); dir != "" {
		n, _ := strconv.Atoi(os.Getenv("MNEMO_HELPER_KILLED_N"))
		s, err := kuzu.Open(context.Background(), kuzu.Options{Dir: dir, Dimension: 16, BufferPoolBytes: 512 << 20,
			Threads: 1, CheckpointEvery: -1})
		if err != nil {
			fmt.Println("open:", err)
			os.Exit(3)
		}
		if err := churn(t, s, n); err != nil {
			fmt.Println(err)
			os.Exit(3)
		}
		os.Exit(0) // no Close: the WAL stays as a kill leaves it
	}
	if testing.Short() {
		t.Skip("writes a few thousand transactions in a child process")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWriterReopens$")
	cmd.Env = append(os.Environ(), "MNEMO_HELPER_KILLED_DIR="+dir, "MNEMO_HELPER_KILLED_N=1500")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("writer: %v\n%s", err, out)
	}
	fi, err := os.Stat(filepath.Join(dir, "graph.kuzu.wal"))
	if err != nil || fi.Size() < 256<<10 {
		t.Fatalf("the writer left no large WAL: %v, %v", fi, err)
	}
	var logs bytes.Buffer
	s, err := kuzu.Open(context.Background(), kuzu.Options{Dir: dir, BufferPoolBytes: 16 << 20, Threads: 1, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatalf("Open after the killed writer: %v", err)
	}
	defer s.Close(context.Background())
	got, err := s.Entities(context.Background(), []string{"g"}, []string{"e007"}, core.GetOptions{})
	if err != nil || len(got) != 1 {
		t.Fatalf("Entities after reopen = %v, %v", got, err)
	}
	if want := "Entity 7, changed by transaction 1451."; got[0].Summary != want {
		t.Errorf("summary after reopen = %q, want %q (the last committed update)", got[0].Summary, want)
	}
	if st := s.DurabilityStats(); st.WALBytes > 1<<20 {
		t.Errorf("WAL after reopen = %d bytes, want it replayed and checkpointed", st.WALBytes)
	}
	if !strings.Contains(logs.String(), "replayed and checkpointed the write-ahead log") {
		t.Errorf("Open did not replay the WAL with a larger pool; logs:\n%s", &logs)
	}
}
