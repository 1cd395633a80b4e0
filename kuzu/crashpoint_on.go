//go:build crashpoints

package kuzu

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Crash points, for the fault tests of the real binary (internal/crashtest
// builds mnemo with -tags crashpoints). MNEMO_CRASHPOINT=NAME:N kills the
// process with SIGKILL the N-th time it passes the point NAME (N = 1 when
// left out): the worst moment, chosen, instead of a random one.
var crash struct {
	once  sync.Once
	mu    sync.Mutex
	name  string
	after int
	seen  int
}

func crashpoint(name string) {
	crash.once.Do(func() {
		v := os.Getenv("MNEMO_CRASHPOINT")
		n, after, _ := strings.Cut(v, ":")
		crash.name = n
		crash.after, _ = strconv.Atoi(after)
		crash.after = max(crash.after, 1)
	})
	if name != crash.name {
		return
	}
	crash.mu.Lock()
	crash.seen++
	hit := crash.seen == crash.after
	crash.mu.Unlock()
	if hit {
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
		select {}
	}
}
