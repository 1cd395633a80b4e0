package kuzu

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// TestFailedWriteRollsBack checks a write transaction whose statement
// fails: Kuzu aborts the transaction itself, Store.rollback takes its "No
// active transaction" answer quietly, nothing of the transaction is
// kept, and the writer takes the next transaction.
func TestFailedWriteRollsBack(t *testing.T) {
	var logs bytes.Buffer
	ctx := context.Background()
	s, err := Open(ctx, Options{Dir: t.TempDir(), Dimension: 4, BufferPoolBytes: 64 << 20, Threads: 1,
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close(ctx)
	create := func(uuid string) func(context.Context, *conn, *pending) error {
		return func(ctx context.Context, c *conn, _ *pending) error {
			return c.exec(ctx, "CREATE (e:Episode {key: $k, uuid: $u, group_id: 'g'})", map[string]any{"k": episodeKey("g", uuid), "u": uuid})
		}
	}
	tests := []struct {
		name    string
		f       func(context.Context, *conn, *pending) error
		wantErr error
	}{
		{"kuzu aborts", func(ctx context.Context, c *conn, p *pending) error {
			if err := create("a")(ctx, c, p); err != nil {
				return err
			}
			return create("a")(ctx, c, p) // duplicated primary key
		}, core.ErrConflict},
		{"go error", func(ctx context.Context, c *conn, p *pending) error {
			if err := create("a")(ctx, c, p); err != nil {
				return err
			}
			return core.ErrInvalid
		}, core.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs.Reset()
			if err := s.write(ctx, entry{}, tt.f); !errors.Is(err, tt.wantErr) {
				t.Fatalf("write = %v, want %v", err, tt.wantErr)
			}
			if logs.Len() > 0 {
				t.Errorf("write logged:\n%s", logs.String())
			}
			var n int64
			if err := s.read(ctx, func(c *conn) error {
				rows, err := c.query(ctx, "MATCH (e:Episode {uuid: 'a'}) RETURN count(*)", nil)
				if err == nil {
					n = i64(rows[0][0])
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				t.Errorf("episode a: %d rows after the rollback, want 0", n)
			}
			if err := s.write(ctx, entry{}, create("b-"+tt.name)); err != nil {
				t.Errorf("next write = %v, want nil", err)
			}
		})
	}
}
