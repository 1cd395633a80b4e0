package kuzu

import (
	"context"
	"errors"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// slowQuery keeps the writer busy for about a second, in little memory.
const slowQuery = "UNWIND range(1, 2500) AS x UNWIND range(1, 2500) AS y RETURN sum(x * y % 7)"

// TestCloseInterrupts closes a store with a context that is done before
// Close is called, or that ends while Close waits for a write in flight.
// Close interrupts the writer from another goroutine (context.AfterFunc)
// while it frees the connections: run with -race. Close returns nil, the
// write ends (interrupted if the interrupt reached its query, which Kuzu
// forgets if it lands before the query starts) and the store is closed.
func TestCloseInterrupts(t *testing.T) {
	tests := []struct {
		name  string
		write bool // a slow write runs when Close is called
	}{
		{"cancelled before Close", false},
		{"cancelled while a write runs", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Open(context.Background(), Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 32 << 20, Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			wrote := make(chan error, 1)
			if tt.write {
				running := make(chan struct{})
				go func() {
					wrote <- s.exclusive(context.Background(), func(c *conn) error {
						close(running)
						return c.exec(context.Background(), slowQuery, nil)
					})
				}()
				<-running
			} else {
				cancel()
				wrote <- nil
			}
			closed := make(chan error, 1)
			go func() { closed <- s.Close(ctx) }()
			cancel()
			if err := <-closed; err != nil {
				t.Errorf("Close(done ctx) = %v, want nil", err)
			}
			if err := <-wrote; err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("write during Close = %v, want nil or context.Canceled", err)
			}
			if err := s.Close(context.Background()); err != nil {
				t.Errorf("second Close = %v, want nil", err)
			}
			if _, err := s.Stats(context.Background(), "g"); !errors.Is(err, core.ErrClosed) {
				t.Errorf("Stats after Close = %v, want core.ErrClosed", err)
			}
		})
	}
}
