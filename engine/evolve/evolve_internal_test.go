package evolve

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// TestKeptReportFits checks that a report of a large run is kept within
// the record limit with its counts exact: a run over 500 long turns made
// one of 77 KB, which its group could not keep.
func TestKeptReportFits(t *testing.T) {
	rep := Report{Group: "g", Scored: 5000, RescoredCount: 4000, Active: ItemCounts{Entities: 900, Facts: 700}}
	long := strings.Repeat("a long summary sentence of a busy entity. ", 20)
	vec := make([]float32, 256)
	for i := range 300 {
		name := fmt.Sprintf("entity number %d with a rather long name", i)
		rep.Archived = append(rep.Archived, Item{UUID: fmt.Sprintf("%036d", i), Name: name})
		rep.Rescored = append(rep.Rescored, Item{UUID: fmt.Sprintf("%036d", i), Name: name})
		en := core.Entity{UUID: fmt.Sprintf("%036d", i), GroupID: "g", Name: name, Summary: long, NameEmbedding: vec}
		rep.Consolidation.Merges = append(rep.Consolidation.Merges, EntityMerge{Merged: en, Survivor: en, Found: "name", Decided: "spelling"})
		rep.Consolidation.FactMerges = append(rep.Consolidation.FactMerges, FactMerge{Merged: []core.Fact{{UUID: fmt.Sprintf("%036d", i), Text: long, Embedding: vec}}, Made: "x"})
	}
	full, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	b, err := keptReport(rep)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > core.MaxRecordBytes {
		t.Fatalf("kept report is %d bytes (the full one %d), over the record limit %d", len(b), len(full), core.MaxRecordBytes)
	}
	var got Report
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Scored != 5000 || got.RescoredCount != 4000 || got.Active != rep.Active || len(got.Rescored) != 0 {
		t.Errorf("kept report counts = %d, %d, %+v, %d rescored listed; want the run's, no list", got.Scored, got.RescoredCount, got.Active, len(got.Rescored))
	}
	if len(got.Archived) == 0 || len(got.Consolidation.Merges) == 0 || got.Consolidation.Merges[0].Merged.Name != rep.Consolidation.Merges[0].Merged.Name {
		t.Errorf("kept report lists %d archived, %d merges: want the first of each kept", len(got.Archived), len(got.Consolidation.Merges))
	}
	if rep.Consolidation.Merges[0].Merged.Summary != long || rep.Consolidation.FactMerges[0].Merged[0].Embedding == nil {
		t.Error("keptReport changed the caller's report")
	}
}
