package core_test

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
)

func TestChangeValidate(t *testing.T) {
	at := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)
	ep := core.Episode{UUID: "e1", GroupID: "g1", Source: core.SourceText, Content: "Alice works at Acme", ValidAt: at, CreatedAt: at}
	ent := func(g, id, name string) core.Entity { return core.Entity{UUID: id, GroupID: g, Name: name} }
	fact := core.Fact{UUID: "f1", GroupID: "g1", Relation: "WORKS_AT", Text: "Alice works at Acme", SourceUUID: "alice", TargetUUID: "acme"}
	tests := []struct {
		name      string
		ch        core.Change
		wantGroup string
		wantErr   error
	}{
		{"empty", core.Change{}, "", nil},
		{"group only", core.Change{Group: "g1"}, "g1", nil},
		{"group from the objects", core.Change{Episodes: []core.Episode{ep}, Entities: []core.Entity{ent("g1", "alice", "Alice")}, Facts: []core.Fact{fact}}, "g1", nil},
		{"mentions with a group", core.Change{Group: "g1", Mentions: []core.Mention{{Episode: "e1", Entity: "alice"}}}, "g1", nil},
		{"mentions without a group", core.Change{Mentions: []core.Mention{{Episode: "e1", Entity: "alice"}}}, "", core.ErrInvalid},
		{"community deletion without a group", core.Change{DeleteCommunities: []string{"c1"}}, "", core.ErrInvalid},
		{"malformed group", core.Change{Group: "a b"}, "", core.ErrInvalid},
		{"spans two groups", core.Change{Group: "g2", Entities: []core.Entity{ent("g1", "alice", "Alice")}}, "", core.ErrInvalid},
		{"objects of two groups", core.Change{Entities: []core.Entity{ent("g1", "alice", "Alice"), ent("g2", "bob", "Bob")}}, "", core.ErrInvalid},
		{"malformed uuid", core.Change{Entities: []core.Entity{ent("g1", "a/b", "Alice")}}, "", core.ErrInvalid},
		{"malformed deleted uuid", core.Change{Group: "g1", DeleteCommunities: []string{""}}, "", core.ErrInvalid},
		{"entity without a name", core.Change{Entities: []core.Entity{ent("g1", "alice", " ")}}, "", core.ErrInvalid},
		{"bad label", core.Change{Entities: []core.Entity{{UUID: "alice", GroupID: "g1", Name: "Alice", Labels: []string{"not a label"}}}}, "", core.ErrInvalid},
		{"attributes not JSON", core.Change{Entities: []core.Entity{{UUID: "alice", GroupID: "g1", Name: "Alice", Attributes: map[string]any{"f": func() {}}}}}, "", core.ErrInvalid},
		{"fact without a target", core.Change{Facts: []core.Fact{{UUID: "f1", GroupID: "g1", Relation: "R", Text: "t", SourceUUID: "alice"}}}, "", core.ErrInvalid},
		{"fact without a text", core.Change{Facts: []core.Fact{{UUID: "f1", GroupID: "g1", Relation: "R", Text: " ", SourceUUID: "alice", TargetUUID: "acme"}}}, "", core.ErrInvalid},
		{"episode without content", core.Change{Episodes: []core.Episode{{UUID: "e1", GroupID: "g1", Source: core.SourceText, ValidAt: at}}}, "", core.ErrInvalid},
		{"embedding of the wrong dimension", core.Change{Entities: []core.Entity{{UUID: "alice", GroupID: "g1", Name: "Alice", NameEmbedding: make([]float32, 3)}}}, "", core.ErrInvalid},
		{"embedding with NaN", core.Change{Facts: []core.Fact{{UUID: "f1", GroupID: "g1", Relation: "R", Text: "t", SourceUUID: "a", TargetUUID: "b",
			Embedding: []float32{float32(math.NaN()), 0, 0, 0}}}}, "", core.ErrInvalid},
		{"embedding of the right dimension", core.Change{Communities: []core.Community{{UUID: "c1", GroupID: "g1", NameEmbedding: make([]float32, 4)}}}, "g1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := tt.ch.Validate(4)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("Validate(4) error = %v, want %v", err, tt.wantErr)
			}
			if g != tt.wantGroup {
				t.Errorf("Validate(4) = %q, want %q", g, tt.wantGroup)
			}
		})
	}
}

func TestValidateNewEpisodes(t *testing.T) {
	at := time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)
	good := core.Episode{UUID: "e1", GroupID: "g1", Source: core.SourceText, Content: "x", ValidAt: at, CreatedAt: at, Embedding: make([]float32, 4)}
	noUUID, noCreated, badVec := good, good, good
	noUUID.UUID = ""
	noCreated.CreatedAt = time.Time{}
	badVec.Embedding = make([]float32, 5)
	tests := []struct {
		name string
		eps  []core.Episode
		want error
	}{
		{"good", []core.Episode{good}, nil},
		{"no uuid", []core.Episode{good, noUUID}, core.ErrInvalid},
		{"no creation time", []core.Episode{noCreated}, core.ErrInvalid},
		{"embedding of the wrong dimension", []core.Episode{badVec}, core.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := core.ValidateNewEpisodes(tt.eps, 4); !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
				t.Errorf("ValidateNewEpisodes = %v, want %v", err, tt.want)
			}
		})
	}
}
