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
		cmd := exec.Command(os.Args[0], "-test.run=^TestSmallPoolTunesMalloc$", "-test.count=1")
		cmd.Env = append(os.Environ(), "MNEMO_TEST_MALLOC_POOL="+strconv.FormatUint(c.pool, 10))
		out, err := cmd.CombinedOutput()
		code := 0
		if e, ok := err.(*exec.ExitError); ok {
			code = e.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		switch {
		case code == 3:
			t.Errorf("pool of %d MiB: a 1 MiB block freed and allocated again was mapped apart %v, against the tuning", c.pool>>20, c.code == 4)
		case code != c.code:
			t.Errorf("pool of %d MiB: the child exited %d, want %d\n%s", c.pool>>20, code, c.code, out)
		}
	}
}
