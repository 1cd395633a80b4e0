//go:build linux

package kuzu

import (
	"os"
	"os/exec"
	"strconv"
	"testing"
)

// TestSmallPoolTunesMalloc: in a new process (where the heap holds no free
// block that could serve the request), a store with a small buffer pool
// runs malloc with a fixed threshold for mapping large blocks apart, so
// that a block of 1 MiB freed and allocated again is mapped again (and
// given back to the kernel when freed); with a large pool glibc's dynamic
// threshold stays, which the first free raises, and the second block
// comes from an arena.
func TestSmallPoolTunesMalloc(t *testing.T) {
	if pool := os.Getenv("MNEMO_TEST_MALLOC_POOL"); pool != "" {
		n, _ := strconv.ParseUint(pool, 10, 64)
		tuned := tuneMalloc(n)
		if mappedApart(1<<20) != tuned {
			os.Exit(3)
		}
		if tuned {
			os.Exit(0)
		}
		os.Exit(4)
	}
	for _, c := range []struct {
		pool uint64
		code int
	}{{256 << 20, 0}, {smallPool + 1, 4}} {
		code, out := runChild(t, "TestSmallPoolTunesMalloc", "MNEMO_TEST_MALLOC_POOL="+strconv.FormatUint(c.pool, 10))
		switch {
		case code == 3:
			t.Errorf("pool of %d MiB: a 1 MiB block freed and allocated again was mapped apart %v, against the tuning", c.pool>>20, c.code == 4)
		case code != c.code:
			t.Errorf("pool of %d MiB: the child exited %d, want %d\n%s", c.pool>>20, code, c.code, out)
		}
	}
}

// TestVectorScansComeFromTheArena: in a new process with malloc tuned for
// a small pool, once the store knows its embedding dimension a block the
// size of a vector scan (vectorScanBytes) freed and allocated again comes
// back from the arena, not mapped again, while a block past the new
// threshold is still mapped apart; the threshold only rises.
func TestVectorScansComeFromTheArena(t *testing.T) {
	if os.Getenv("MNEMO_TEST_MALLOC_FIT") != "" {
		if !tuneMalloc(256 << 20) {
			os.Exit(4)
		}
		n := fitMalloc(256)
		switch {
		case n != 2*vectorScanBytes(256):
			os.Exit(5)
		case mappedApart(vectorScanBytes(256) + 4096):
			os.Exit(6)
		case !mappedApart(n + 1<<20):
			os.Exit(7)
		case fitMalloc(16) != n:
			os.Exit(8)
		case fitMalloc(1<<20) != maxMmapThreshold:
			os.Exit(9)
		}
		os.Exit(0)
	}
	code, out := runChild(t, "TestVectorScansComeFromTheArena", "MNEMO_TEST_MALLOC_FIT=1")
	if msg, ok := map[int]string{
		4: "malloc was not tuned for a 256 MiB pool",
		5: "fitMalloc(256) did not set the threshold to twice a scan's block",
		6: "a scan's block freed and allocated again was mapped apart again",
		7: "a block past the threshold came from the arena",
		8: "a smaller dimension lowered the threshold",
		9: "the threshold was not capped at glibc's largest",
	}[code]; ok {
		t.Error(msg)
	} else if code != 0 {
		t.Fatalf("the child exited %d\n%s", code, out)
	}
}

// runChild runs the test named test again in a new process of this test
// binary, with env added to its environment (where malloc holds nothing
// freed yet), and returns its exit code and output.
func runChild(t *testing.T, test, env string) (int, []byte) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env)
	out, err := cmd.CombinedOutput()
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode(), out
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out
}
