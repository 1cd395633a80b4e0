package engine_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/core/hashembed"
	"github.com/mnemohq/mnemo/core/memstore"
	"github.com/mnemohq/mnemo/engine"
)

// pieceRecorder extracts nothing and records the pieces it is sent.
type pieceRecorder struct {
	mu     sync.Mutex
	pieces []string
}

func (x *pieceRecorder) Extract(_ context.Context, req core.ExtractRequest) (core.Extraction, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.pieces = append(x.pieces, req.Episode.Content)
	return core.Extraction{}, nil
}

// splitPieces ingests one episode through an engine with the local
// embedder and returns the pieces its extractor saw.
func splitPieces(t *testing.T, split string, budget int, ep core.Episode) []string {
	t.Helper()
	s := memstore.New(256)
	x := &pieceRecorder{}
	e, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: extractorPlugins{x},
		Now:    func() time.Time { return time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC) },
		Ingest: engine.IngestOptions{Split: split, MaxExtractBytes: budget},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close(context.Background())
	ep.GroupID, ep.ValidAt = "g", time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)
	res, err := e.Ingest(context.Background(), []core.Episode{ep})
	if err != nil {
		t.Fatal(err)
	}
	waitDone(t, e, "g", []string{res[0].UUID})
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.pieces
}

// Two topics of five sentences each: Alice's job, then her trip.
const (
	jobSentences = "Alice works as a nurse at Saint Mary Hospital in Leeds. " +
		"She joined the cardiology ward of the hospital in 2019. " +
		"Her shifts on the ward start at seven in the morning. " +
		"The hospital made her a senior nurse of the ward last spring. " +
		"She trains the new nurses of the cardiology ward on Fridays."
	tripSentences = "In August she travelled to Japan with her brother Tom. " +
		"They flew from London to Tokyo and took a train to Kyoto. " +
		"In Kyoto they visited temples, shrines and gardens for a week. " +
		"The trip ended with two days of hiking near Mount Fuji. " +
		"Tom took hundreds of photos of the mountain and the lakes."
)

// TestSplitMeaningCutsAtTopicChange checks that with a budget that allows
// a cut at the change of topic or later, SplitMeaning cuts at the change
// and SplitSize fills the first piece past it.
func TestSplitMeaningCutsAtTopicChange(t *testing.T) {
	text := jobSentences + " " + tripSentences
	budget := len(text) - 60 // room for either piece alone, not for both
	if budget < len(jobSentences) || budget < len(tripSentences) {
		t.Fatalf("budget %d does not allow the cut at the change of topic", budget)
	}
	tests := []struct {
		name    string
		split   string
		atTopic bool
	}{
		{"meaning", engine.SplitMeaning, true},
		{"size", engine.SplitSize, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := splitPieces(t, tt.split, budget, core.Episode{Source: core.SourceText, Content: text})
			if len(got) != 2 {
				t.Fatalf("pieces = %q, want 2", got)
			}
			for i, p := range got {
				if len(p) > budget {
					t.Errorf("piece %d is %d bytes, over %d", i, len(p), budget)
				}
			}
			if at := got[0] == jobSentences && got[1] == tripSentences; at != tt.atTopic {
				t.Errorf("split %s: pieces = %q; cut at the change of topic = %v, want %v", tt.split, got, at, tt.atTopic)
			}
		})
	}
}

// TestSplitMeaningMessage checks a message cut by meaning: every piece
// keeps the speaker, stays within the budget, the text is all there, and
// the same message is cut the same way again.
func TestSplitMeaningMessage(t *testing.T) {
	var b strings.Builder
	b.WriteString("Alice: ")
	for range 3 {
		b.WriteString(jobSentences + "\n\n" + tripSentences + " ")
	}
	text := strings.TrimSpace(b.String())
	for _, budget := range []int{200, 333, 600, 1000} {
		ep := core.Episode{Source: core.SourceMessage, Content: text}
		got := splitPieces(t, engine.SplitMeaning, budget, ep)
		if len(got) < 2 {
			t.Fatalf("budget %d: %d pieces, want several", budget, len(got))
		}
		var words []string
		for i, p := range got {
			if len(p) > budget {
				t.Errorf("budget %d: piece %d is %d bytes", budget, i, len(p))
			}
			if !strings.HasPrefix(p, "Alice: ") {
				t.Errorf("budget %d: piece %d lost the speaker: %.40q", budget, i, p)
			}
			words = append(words, strings.Fields(strings.TrimPrefix(p, "Alice: "))...)
		}
		if diff := cmp.Diff(strings.Fields(strings.TrimPrefix(text, "Alice: ")), words); diff != "" {
			t.Errorf("budget %d: the pieces do not hold the text (-want +got):\n%s", budget, diff)
		}
		if again := splitPieces(t, engine.SplitMeaning, budget, ep); !cmp.Equal(got, again) {
			t.Errorf("budget %d: a second split differs:\n%q\n%q", budget, got, again)
		}
	}
}

// TestSplitMeaningLeavesOthers checks that SplitMeaning leaves a text
// within the budget whole and cuts a JSON document as SplitSize does.
func TestSplitMeaningLeavesOthers(t *testing.T) {
	doc := `[` + strings.Repeat(`{"name":"Alice","city":"Leeds"},`, 20) + `{"name":"Bob"}]`
	tests := []struct {
		name string
		ep   core.Episode
	}{
		{"short text", core.Episode{Source: core.SourceText, Content: jobSentences}},
		{"json", core.Episode{Source: core.SourceJSON, Content: doc}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			size := splitPieces(t, engine.SplitSize, 300, tt.ep)
			meaning := splitPieces(t, engine.SplitMeaning, 300, tt.ep)
			if diff := cmp.Diff(size, meaning); diff != "" {
				t.Errorf("pieces differ (-size +meaning):\n%s", diff)
			}
		})
	}
}

// TestSplitOptionValidated checks that an unknown strategy is refused.
func TestSplitOptionValidated(t *testing.T) {
	s := memstore.New(16)
	_, err := engine.Open(context.Background(), engine.Options{
		Store: s, Embedder: hashembed.New(16), Plugins: noPlugins{}, Now: func() time.Time { return time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC) },
		Ingest: engine.IngestOptions{Split: "topic"},
	})
	if !errors.Is(err, core.ErrInvalid) {
		t.Errorf("Open with split \"topic\" = %v, want ErrInvalid", err)
	}
}

// BenchmarkSplit measures what each split strategy costs an episode of
// about 24 KiB cut in pieces of at most 12 KiB: the engine with the local embedder and an
// extractor that returns nothing, so that the difference between the two
// is the cutting (for meaning, embedding the sentences):
//
//	go test -run '^$' -bench Split -benchtime 20x ./core/
func BenchmarkSplit(b *testing.B) {
	var text strings.Builder
	for text.Len() < 24<<10 {
		text.WriteString(jobSentences + "\n\n" + tripSentences + "\n")
	}
	for _, split := range []string{engine.SplitSize, engine.SplitMeaning} {
		b.Run("split="+split, func(b *testing.B) {
			s := memstore.New(256)
			x := &pieceRecorder{}
			e, err := engine.Open(context.Background(), engine.Options{
				Store: s, Embedder: hashembed.New(s.Dimension()), Plugins: extractorPlugins{x},
				Now:    func() time.Time { return time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC) },
				Ingest: engine.IngestOptions{Split: split},
			})
			if err != nil {
				b.Fatal(err)
			}
			defer e.Close(context.Background())
			b.SetBytes(int64(text.Len()))
			i := 0
			for b.Loop() {
				i++
				ep := core.Episode{GroupID: "g", Source: core.SourceText, Content: text.String(), ValidAt: time.Date(2024, 2, 1, 0, 0, i, 0, time.UTC)}
				res, err := e.Ingest(context.Background(), []core.Episode{ep})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := e.Wait(context.Background(), "g", res[0].UUID); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(x.pieces))/float64(i), "pieces/episode")
		})
	}
}
