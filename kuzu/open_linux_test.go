package kuzu_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/kuzu"
)

// TestOpenInSmallAddressSpace opens a database in a process limited to
// 512 GiB of address space, what a 39-bit arm64 kernel gives (the
// Raspberry Pi's): with the default maximum database size it opens and
// keeps what was written; with one that does not fit, Open fails and says
// why and which setting to change. The limit applies to a child process,
// so the test process keeps its own.
func TestOpenInSmallAddressSpace(t *testing.T) {
	if dir := os.Getenv("MNEMO_HELPER_SMALL_AS_DIR"); dir != "" {
		os.Exit(smallAddressSpaceChild(dir))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestOpenInSmallAddressSpace$")
	cmd.Env = append(os.Environ(), "MNEMO_HELPER_SMALL_AS_DIR="+t.TempDir())
	out, err := cmd.CombinedOutput()
	switch code := cmd.ProcessState.ExitCode(); {
	case code == 4:
		t.Skipf("the child cannot limit its address space: %s", out)
	case err != nil:
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// smallAddressSpaceChild runs in the child process: it limits its own
// address space and opens the database in dir. It returns the exit code:
// 0 if all went as it should, 4 if the process cannot be limited (the race
// detector's shadow memory already spans terabytes), 1 otherwise.
func smallAddressSpaceChild(dir string) int {
	const limit = 512 << 30
	if vm := vmSize(); vm == 0 || vm > limit/2 {
		fmt.Printf("VmSize %d bytes already\n", vm)
		return 4
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: limit}); err != nil {
		fmt.Println("setrlimit:", err)
		return 4
	}
	ctx := context.Background()
	opts := kuzu.Options{Dir: dir, Dimension: 16, BufferPoolBytes: 256 << 20, Threads: 1}
	s, err := kuzu.Open(ctx, opts)
	if err != nil {
		fmt.Println("Open with the default maximum size:", err)
		return 1
	}
	if err := s.Apply(ctx, core.Change{Entities: []core.Entity{ent("g", "e1", "Ada")}}); err != nil {
		fmt.Println("Apply:", err)
		return 1
	}
	if err := s.Close(ctx); err != nil {
		fmt.Println("Close:", err)
		return 1
	}
	s, err = kuzu.Open(ctx, opts)
	if err != nil {
		fmt.Println("reopen:", err)
		return 1
	}
	got, err := s.Entities(ctx, []string{"g"}, []string{"e1"}, core.GetOptions{})
	s.Close(ctx)
	if err != nil || len(got) != 1 {
		fmt.Printf("Entities after reopen = %v, %v, want e1\n", got, err)
		return 1
	}
	// Kuzu's own default, 8 TiB, does not fit.
	opts.MaxDBSizeBytes = 8 << 40
	s, err = kuzu.Open(ctx, opts)
	if err == nil {
		s.Close(ctx)
		fmt.Println("Open with an 8 TiB maximum size in 512 GiB of address space succeeded")
		return 1
	}
	for _, want := range []string{"could not be reserved", "store.max_db_size_mb", "8388608 MiB"} {
		if !strings.Contains(err.Error(), want) {
			fmt.Printf("Open error = %q, want it to say %q\n", err, want)
			return 1
		}
	}
	if !errors.Is(err, syscall.ENOMEM) {
		fmt.Printf("Open error = %q, want it to wrap ENOMEM\n", err)
		return 1
	}
	return 0
}

// vmSize is this process's address space in bytes, 0 if unknown.
func vmSize() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmSize:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
