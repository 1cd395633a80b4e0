package wire

import "github.com/mnemohq/mnemo/engine"

// Imported answers the import of one group: what was written.
type Imported struct {
	GroupID     string `json:"group_id"`
	Episodes    int    `json:"episodes"`
	Entities    int    `json:"entities"`
	Facts       int    `json:"facts"`
	Mentions    int    `json:"mentions"`
	Communities int    `json:"communities"`
}

// ImportedOf is r as an answer.
func ImportedOf(r engine.ImportResult) Imported {
	return Imported{GroupID: r.Group, Episodes: r.Episodes, Entities: r.Entities, Facts: r.Facts, Mentions: r.Mentions, Communities: r.Communities}
}

// Result is the engine's result the answer carries.
func (i Imported) Result() engine.ImportResult {
	return engine.ImportResult{Group: i.GroupID, Episodes: i.Episodes, Entities: i.Entities, Facts: i.Facts, Mentions: i.Mentions, Communities: i.Communities}
}

// ImportedList answers the import of a whole file: what was written, one
// entry per group in the file's order.
type ImportedList struct {
	Groups []Imported `json:"groups"`
}
