package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
)

type noPlugins struct{}

func (noPlugins) For(context.Context, string) (core.Plugins, error) { return core.Plugins{}, nil }

// withoutRecords hides the RecordStore of the store it wraps, as a store
// that keeps no records.
type withoutRecords struct{ core.Store }

func openEngine(t *testing.T, s core.Store) *engine.Engine {
	t.Helper()
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: noPlugins{},
		Now: func() time.Time { return time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC) }, Ingest: engine.IngestOptions{Workers: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(context.Background()) })
	return e
}

// TestEngineRecords checks the engine's record methods: they check their
// input, keep reads to the groups named, and answer ErrUnsupported on a
// store without records.
func TestEngineRecords(t *testing.T) {
	ctx := context.Background()
	e := openEngine(t, memstore.New(16))
	put := []core.Record{
		{GroupID: "g1", Kind: "zep.user", ID: "u1", Data: json.RawMessage(`{"a":1}`)},
		{GroupID: "g2", Kind: "zep.user", ID: "u1", Data: json.RawMessage(`{"b":2}`)},
	}
	if err := e.PutRecords(ctx, put); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		q    core.RecordQuery
		want []core.Record
		err  error
	}{
		{"one group", core.RecordQuery{Kind: "zep.user", Groups: []string{"g1"}}, put[:1], nil},
		{"every group", core.RecordQuery{Kind: "zep.user", AllGroups: true, IDs: []string{"u1"}}, put, nil},
		{"no group named", core.RecordQuery{Kind: "zep.user"}, nil, nil},
		{"other kind", core.RecordQuery{Kind: "zep.thread", Groups: []string{"g1", "g2"}}, nil, nil},
		{"every kind", core.RecordQuery{AllKinds: true, Groups: []string{"g2"}}, put[1:], nil},
		{"bad kind", core.RecordQuery{Kind: "Zep User", Groups: []string{"g1"}}, nil, core.ErrInvalid},
		{"a kind with every kind", core.RecordQuery{Kind: "zep.user", AllKinds: true, Groups: []string{"g1"}}, nil, core.ErrInvalid},
		{"bad group", core.RecordQuery{Kind: "zep.user", Groups: []string{"g 1"}}, nil, core.ErrInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := e.Records(ctx, tc.q)
			if !errors.Is(err, tc.err) {
				t.Fatalf("Records(%+v) error = %v, want %v", tc.q, err, tc.err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Records(%+v) (-want +got):\n%s", tc.q, diff)
			}
		})
	}
	if _, err := e.Record(ctx, "g1", "zep.user", "u2"); !errors.Is(err, core.ErrNotFound) {
		t.Errorf("Record(g1, u2) error = %v, want ErrNotFound", err)
	}
	if n, err := e.DeleteRecords(ctx, "g1", "zep.user", []string{"u1"}); n != 1 || err != nil {
		t.Errorf("DeleteRecords(g1, u1) = %d, %v; want 1", n, err)
	}
	if err := e.PutRecords(ctx, []core.Record{{GroupID: "g1", Kind: "zep.user", ID: "u3", Data: json.RawMessage(`{`)}}); !errors.Is(err, core.ErrInvalid) {
		t.Errorf("PutRecords(bad JSON) error = %v, want ErrInvalid", err)
	}

	bare := openEngine(t, withoutRecords{memstore.New(16)})
	if err := bare.PutRecords(ctx, put); !errors.Is(err, core.ErrUnsupported) {
		t.Errorf("PutRecords on a store without records: error = %v, want ErrUnsupported", err)
	}
	if _, err := bare.Records(ctx, core.RecordQuery{Kind: "zep.user", AllGroups: true}); !errors.Is(err, core.ErrUnsupported) {
		t.Errorf("Records on a store without records: error = %v, want ErrUnsupported", err)
	}
}
