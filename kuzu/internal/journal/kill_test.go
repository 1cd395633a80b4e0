package journal_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

// killDirEnv names the journal directory of the child process TestKill
// starts; TestKillChild runs only when it is set.
const killDirEnv = "MNEMO_JOURNAL_KILL_DIR"

// killSegmentBytes is small, so that kills land in rolls too.
const killSegmentBytes = 16 << 10

// TestKillChild is the writer TestKill kills: it appends records to the
// journal in $MNEMO_JOURNAL_KILL_DIR, rotating every 50, and prints
// "ack <seq>" once each Append has returned, until it is killed.
func TestKillChild(t *testing.T) {
	dir := os.Getenv(killDirEnv)
	if dir == "" {
		t.Skip("the child process of TestKill")
	}
	l, err := journal.Open(journal.Options{Dir: dir, SegmentBytes: killSegmentBytes})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for {
		s := l.Last() + 1
		if s%50 == 0 {
			if err := l.Rotate(); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
		}
		got, err := l.Append(kindOf(s), payload(s))
		if err != nil || got != s {
			fmt.Fprintf(os.Stderr, "Append(record %d) = %d, %v\n", s, got, err)
			os.Exit(2)
		}
		fmt.Printf("ack %d\n", s)
	}
}

// TestKill SIGKILLs a writing process at different moments and checks,
// after each kill, that every record it acknowledged is in the journal
// with its exact data, and that the journal holds nothing else but whole
// records in sequence.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills processes")
	}
	dir := t.TempDir()
	rounds := []struct {
		acks  int           // kill once this many records are acknowledged
		delay time.Duration // and this long after
	}{
		{1, 0},
		{20, 0},
		{150, 0},
		{60, 700 * time.Microsecond},
		{300, 3 * time.Millisecond},
	}
	acked := map[uint64]bool{}
	for i, r := range rounds {
		t.Run(fmt.Sprintf("kill %d after %d acks and %v", i+1, r.acks, r.delay), func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), killDirEnv+"="+dir)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			br := bufio.NewReader(out)
			n := 0
			// readAck reads one whole line; a line cut short by the kill
			// was never printed in full and is not counted.
			readAck := func() bool {
				line, err := br.ReadString('\n')
				if err != nil {
					return false
				}
				if s, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "ack "); ok {
					seq, err := strconv.ParseUint(s, 10, 64)
					if err != nil {
						t.Errorf("child printed %q", line)
					}
					acked[seq] = true
					n++
				}
				return true
			}
			for n < r.acks && readAck() {
			}
			if n < r.acks {
				cmd.Wait()
				t.Fatalf("child stopped after %d acks: %s", n, stderr.String())
			}
			time.Sleep(r.delay)
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
			for readAck() {
			}
			cmd.Wait()

			l := openLog(t, journal.Options{Dir: dir, SegmentBytes: killSegmentBytes})
			held := map[uint64]bool{}
			next := l.First()
			for _, r := range readAll(t, l) {
				if r.Seq != next {
					t.Fatalf("record %d follows record %d", r.Seq, next-1)
				}
				if w := (rec{r.Seq, kindOf(r.Seq), string(payload(r.Seq))}); r != w {
					t.Errorf("record %d holds kind %d and %d bytes, want kind %d and %d bytes", r.Seq, r.Kind, len(r.Data), w.Kind, len(w.Data))
				}
				held[r.Seq] = true
				next++
			}
			missing := 0
			for seq := range acked {
				if !held[seq] {
					missing++
				}
			}
			if missing > 0 {
				t.Errorf("%d of %d acknowledged records are missing (Last() = %d)", missing, len(acked), l.Last())
			}
			t.Logf("%d acknowledged so far, %d held", len(acked), len(held))
			l.Close()
		})
	}
}
