package engine

import (
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// TestIngestDefaults checks that the default caps extract an episode of
// the largest accepted size whole.
func TestIngestDefaults(t *testing.T) {
	tests := []struct {
		name string
		in   IngestOptions
	}{
		{"defaults", IngestOptions{}},
		{"larger episodes", IngestOptions{MaxContentBytes: 4 << 20}},
		{"smaller pieces", IngestOptions{MaxExtractBytes: 4 << 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tt.in.withDefaults()
			if o.MaxChunks*o.MaxExtractBytes < o.MaxContentBytes*9/8 {
				t.Errorf("withDefaults() = %d pieces of %d bytes, want room for %d bytes and an eighth", o.MaxChunks, o.MaxExtractBytes, o.MaxContentBytes)
			}
			content := strings.Repeat("Alice works at Acme. Bob lives in Paris.\n\n", o.MaxContentBytes/42)
			got := text.Split(core.Episode{Source: core.SourceText, Content: content}, o.MaxExtractBytes, o.MaxChunks)
			if got.Total != len(got.Kept) {
				t.Errorf("text.Split(%d bytes) kept %d of %d pieces", len(content), len(got.Kept), got.Total)
			}
		})
	}
	if o := (IngestOptions{}).withDefaults(); o.MaxChunks != 96 || o.MaxEntities != 500 || o.MaxFacts != 1000 {
		t.Errorf("withDefaults() = %d chunks, %d entities, %d facts; want 96, 500, 1000", o.MaxChunks, o.MaxEntities, o.MaxFacts)
	}
}
