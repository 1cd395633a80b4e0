package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// TestWhileWritable: mnemo ingest stops waiting for the workers once the
// store cannot write (a full disk), with the store's error; they would
// keep the episodes pending until the disk has room, and mnemo ingest
// waited for them without end (internal/crashtest's TestFullDisk). Other
// health failures, and a store that writes, do not stop it.
func TestWhileWritable(t *testing.T) {
	var calls atomic.Int32
	full := fmt.Errorf("the store cannot write: %w", core.ErrStorage)
	ctx, stop := whileWritable(context.Background(), func(context.Context) error {
		switch calls.Add(1) {
		case 1:
			return nil
		case 2:
			return errors.New("read the store: busy")
		}
		return full
	}, time.Millisecond)
	defer stop()
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the wait did not end once the store could not write")
	}
	if n := calls.Load(); n < 3 {
		t.Errorf("the wait ended after %d health checks, want 3", n)
	}
	if err := context.Cause(ctx); !errors.Is(err, core.ErrStorage) {
		t.Errorf("context.Cause = %v, want the store's core.ErrStorage", err)
	}

	ctx, stop = whileWritable(context.Background(), func(context.Context) error { return nil }, time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	if ctx.Err() != nil {
		t.Errorf("the wait ended while the store writes: %v", context.Cause(ctx))
	}
	stop()
	if context.Cause(ctx) != context.Canceled {
		t.Errorf("context.Cause after stop = %v, want context.Canceled", context.Cause(ctx))
	}
}
