package crashtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Full disk. The database lives on a tmpfs of diskMiB with a filler file
// that leaves freeMiB: the ingest of diskEpisodes, whose database needs
// about 50 MiB, fills it at a checkpoint (midway with 4 MiB of WAL
// between two, at the closing one with the 8 MiB of a 2 GiB pool). Once
// the filler is removed the disk has room for the database twice over: a
// recovery keeps the files it set aside (damaged-TIME) on the same disk. Mounting needs root, or sudo
// without a password: the tests skip without them, and fail instead when
// MNEMO_FULLDISK_REQUIRED=1 (CI).
const (
	freeMiB      = 30
	diskEpisodes = 600
)

// diskMiB is the tmpfs's size: MNEMO_FULLDISK_MIB, 128 by default.
func diskMiB(t *testing.T) int { return envInt(t, "MNEMO_FULLDISK_MIB", 128) }

// fullDisk mounts a tmpfs of diskMiB and fills it up to freeMiB with a
// filler file; it returns the database directory on it and the filler.
// The tmpfs is unmounted when the test ends.
func fullDisk(t *testing.T) (db, filler string) {
	t.Helper()
	need := func(why string) {
		t.Helper()
		if os.Getenv("MNEMO_FULLDISK_REQUIRED") == "1" {
			t.Fatalf("MNEMO_FULLDISK_REQUIRED=1, but %s", why)
		}
		t.Skipf("%s (MNEMO_FULLDISK_REQUIRED=1 fails instead)", why)
	}
	var sudo []string
	if os.Geteuid() != 0 {
		sudo = []string{"sudo", "-n"}
	}
	privileged := func(args ...string) *exec.Cmd {
		args = append(sudo, args...)
		return exec.Command(args[0], args[1:]...)
	}
	dir := t.TempDir()
	size := diskMiB(t)
	if size <= freeMiB {
		t.Fatalf("MNEMO_FULLDISK_MIB=%d: want more than %d", size, freeMiB)
	}
	opts := fmt.Sprintf("size=%dm,uid=%d,gid=%d,mode=0700", size, os.Geteuid(), os.Getegid())
	if out, err := privileged("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir).CombinedOutput(); err != nil {
		need(fmt.Sprintf("%s mount -t tmpfs: %v: %s", strings.Join(sudo, " "), err, bytes.TrimSpace(out)))
	}
	t.Cleanup(func() {
		if out, err := privileged("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	filler = filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 1<<20)
	for range size - freeMiB {
		if _, err := f.Write(chunk); err != nil {
			t.Fatalf("write the filler: %v", err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "db"), filler
}

// waitTaken waits until group g has no pending episode, or the server
// says it cannot write (/readyz 503): what the workers make of a batch is
// on disk before the next one comes. After two minutes it goes on.
func (s *server) waitTaken(t *testing.T, g string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) && !s.exited() {
		if st := s.stats(t, g); st.PendingEpisodes == 0 {
			return
		}
		if a := do("GET", s.url+"/readyz", nil); a.status == http.StatusServiceUnavailable {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// fullDiskMessage says, in what mnemo prints, that the disk is full.
func fullDiskMessage(stderr string) bool {
	return strings.Contains(stderr, "disk holding the database is full") || strings.Contains(stderr, "No space left on device")
}

// TestFullDisk fills the disk under mnemo ingest and under mnemo serve.
// mnemo ingest exits 1 saying the disk is full, without a crash dump,
// and the same command after the filler is removed finishes. mnemo serve
// answers writes 503 "storage" with Retry-After, never 409, and /readyz
// 503 while writes fail; once the filler is removed /readyz answers 200
// again and the batches it refused are taken. Nothing acknowledged is
// lost, and the graph is the graph of an uninterrupted ingest.
func TestFullDisk(t *testing.T) {
	c := newCorpus(t, refs.dir, 4, diskEpisodes)
	ref := ingested(c)
	t.Run("ingest", func(t *testing.T) {
		db, filler := fullDisk(t)
		ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
		defer cancel()
		r, err := runQuiet(ctx, env(), db, "ingest", "--group", "g", c.file)
		if err != nil {
			t.Fatalf("mnemo ingest on a disk that fills: %v\nstderr:\n%s", err, excerpt(r.stderr, 6000))
		}
		if r.code != 1 || !fullDiskMessage(r.stderr) {
			t.Errorf("mnemo ingest on a disk that fills = %s\nwant exit 1 and a message that the disk is full", r)
		}
		noCrashDump(t, "mnemo ingest on a disk that fills", r.stderr)
		t.Logf("mnemo ingest on a disk that fills: exit %d:\n%s", r.code, linesOf(r.stderr, "mnemo: "))
		if err := os.Remove(filler); err != nil {
			t.Fatal(err)
		}
		f := finishIngest(t.Context(), db, c)
		checkFinished(t, "mnemo ingest again after the filler is removed", f, c, ref.wait(t).g)
	})
	t.Run("serve", func(t *testing.T) {
		db, filler := fullDisk(t)
		// A checkpoint has to come while batches are posted, which
		// 600 episodes reach with 4 MiB of WAL between two; the
		// default's 8 MiB (on a 2 GiB pool) make the closing one the
		// first, which the ingest above meets.
		s := serve(t, env("MNEMO_STORE_CHECKPOINT_WAL_MB=4"), db)
		var refused []int // the batches not taken
		bs := batches(c.episodes, 32)
		var acked []string
		full := false
		for i, b := range bs {
			a := s.postBatch("g", b)
			switch {
			case a.err != nil:
				t.Fatalf("POST batch %d: %v\n%s", i, a.err, tail(s.errText(), 4000))
			case a.status == http.StatusAccepted:
				for _, e := range b {
					acked = append(acked, e.UUID)
				}
			case a.status == http.StatusServiceUnavailable && a.code() == "storage":
				if a.header.Get("Retry-After") == "" {
					t.Errorf("POST batch %d = 503 storage without Retry-After", i)
				}
				if !full {
					full = true
					t.Logf("the disk is full at batch %d of %d: %s", i, len(bs), a)
				}
				refused = append(refused, i)
			case a.status == http.StatusServiceUnavailable && a.code() == "busy":
				refused = append(refused, i)
			default:
				t.Errorf("POST batch %d = %v, want 202, or 503 storage once the disk is full", i, a)
				refused = append(refused, i)
			}
			if full {
				if a := do("GET", s.url+"/readyz", nil); a.status != http.StatusServiceUnavailable {
					t.Errorf("GET /readyz while writes fail = %v, want 503", a)
				}
			}
			// Slower than the workers, whatever the machine's speed: the
			// next batch waits for them to take this one, so the disk
			// fills while batches are posted. (A fixed pause of 400 ms
			// left the disk short of full after the last batch on a
			// machine loaded four times over.)
			if !full {
				s.waitTaken(t, "g")
			}
		}
		if !full {
			t.Fatalf("the disk never filled: %d batches taken; %s", len(acked)/32, tail(s.errText(), 2000))
		}
		// Writes the workers tried meanwhile failed too: /readyz says so.
		if a := do("GET", s.url+"/readyz", nil); a.status != http.StatusServiceUnavailable {
			t.Errorf("GET /readyz with the disk full = %v, want 503", a)
		}
		if err := os.Remove(filler); err != nil {
			t.Fatal(err)
		}
		waitReady(t, s)
		for _, i := range refused {
			if a := s.postBatch("g", bs[i]); a.status != http.StatusAccepted {
				t.Errorf("POST refused batch %d again = %v, want 202", i, a)
			}
		}
		s.waitIdle(t, "g", len(c.episodes))
		s.stop(t)
		noCrashDump(t, "mnemo serve", s.errText())
		g, _ := exportGraph(t, nil, db)
		wantEpisodes(t, "after the disk was full", g, "g", acked, "done")
		wantEpisodes(t, "after the disk was full", g, "g", c.uuids(), "done")
		checkNoDuplicateEpisodes(t, "after the disk was full", g)
		wantGraph(t, "after the disk was full", ref.wait(t).g, g)
	})
	t.Run("journal", func(t *testing.T) {
		// The disk fills between two writes, the workers idle: the next
		// write fails in the journal's append, before Kuzu is reached.
		db, filler := fullDisk(t)
		if err := os.Remove(filler); err != nil {
			t.Fatal(err)
		}
		s := serve(t, nil, db)
		bs := batches(c.episodes, 32)
		half := len(bs) / 2
		for i, b := range bs[:half] {
			if a := s.postBatch("g", b); a.status != http.StatusAccepted {
				t.Fatalf("POST batch %d = %v", i, a)
			}
		}
		s.waitIdle(t, "g", half*32)
		fill(t, filler)
		a := s.postBatch("g", bs[half])
		if a.status != http.StatusServiceUnavailable || a.code() != "storage" || a.header.Get("Retry-After") == "" {
			t.Fatalf("POST with the disk full = %v (Retry-After %q), want 503 storage with Retry-After", a, a.header.Get("Retry-After"))
		}
		if !strings.Contains(string(a.body), "write the journal") {
			t.Errorf("POST with the disk full = %v, want the journal's failure", a)
		}
		if a := do("GET", s.url+"/readyz", nil); a.status != http.StatusServiceUnavailable {
			t.Errorf("GET /readyz after the journal failed to write = %v, want 503", a)
		}
		if err := os.Remove(filler); err != nil {
			t.Fatal(err)
		}
		waitReady(t, s)
		for i, b := range bs[half:] {
			if a := s.postBatch("g", b); a.status != http.StatusAccepted {
				t.Errorf("POST batch %d once the disk has room = %v, want 202", half+i, a)
			}
		}
		s.waitIdle(t, "g", len(c.episodes))
		s.stop(t)
		noCrashDump(t, "mnemo serve", s.errText())
		g, _ := exportGraph(t, nil, db)
		wantEpisodes(t, "after the journal failed to write", g, "g", c.uuids(), "done")
		checkNoDuplicateEpisodes(t, "after the journal failed to write", g)
		wantGraph(t, "after the journal failed to write", ref.wait(t).g, g)
	})
}

// fill writes the file at path until the disk holding it is full.
func fill(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 64<<10)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("fill the disk: %v", err)
			}
			return
		}
	}
}

// waitReady waits until /readyz answers 200, for at most two minutes
// (the keeper looks every 5 s).
func waitReady(t *testing.T, s *server) {
	t.Helper()
	start := time.Now()
	for {
		a := do("GET", s.url+"/readyz", nil)
		if a.status == http.StatusOK {
			t.Logf("GET /readyz = 200 %s after the filler was removed", time.Since(start).Round(time.Millisecond))
			return
		}
		if time.Since(start) > 2*time.Minute {
			t.Fatalf("GET /readyz = %v two minutes after the filler was removed, want 200\n%s", a, excerpt(s.errText(), 4000))
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// linesOf is the lines of s that begin with prefix.
func linesOf(s, prefix string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
