package core

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Source is the kind of an episode's content.
type Source string

// Episode sources.
const (
	// SourceMessage is one chat message, "speaker: text" (the speaker
	// becomes an entity).
	SourceMessage Source = "message"
	// SourceText is free text: a document, a note, a transcript.
	SourceText Source = "text"
	// SourceJSON is a JSON document, business data.
	SourceJSON Source = "json"
)

// Valid reports whether s is one of the known sources.
func (s Source) Valid() bool {
	return s == SourceMessage || s == SourceText || s == SourceJSON
}

// EpisodeStatus is where an episode is in the ingestion queue.
type EpisodeStatus string

// Episode statuses. An episode is stored as pending before any extraction
// and becomes done in the same write transaction that stores what was
// extracted from it, so a crash leaves it pending and nothing half-applied.
const (
	EpisodePending EpisodeStatus = "pending"
	EpisodeDone    EpisodeStatus = "done"
	// EpisodeFailed marks an episode whose extraction failed past its retry
	// budget. The raw episode is kept; Error says why.
	EpisodeFailed EpisodeStatus = "failed"
)

// Valid reports whether s is a known status.
func (s EpisodeStatus) Valid() bool {
	return s == EpisodePending || s == EpisodeDone || s == EpisodeFailed
}

// Episode is a unit of input: a message, a text or a JSON document, with the
// time it happened. Episodes are never rewritten by extraction; they are the
// provenance of every entity and fact derived from them.
type Episode struct {
	UUID              string
	GroupID           string
	Name              string
	Source            Source
	SourceDescription string
	Content           string
	// ValidAt is the reference time (T): when the episode happened. Relative
	// dates in its content ("last week") are resolved against it.
	ValidAt time.Time
	// CreatedAt is when mnemo stored the episode (T').
	CreatedAt time.Time
	Status    EpisodeStatus
	// Embedding is the embedding of Content; nil on reads unless asked for.
	Embedding []float32
	// Attempts counts extraction attempts; Error is the last failure.
	Attempts int
	Error    string
	// Warnings say what processing the episode left out or could not use
	// (pieces over the chunk cap, entities or facts over the caps, what a
	// plugin dropped), as its last report gave them.
	Warnings []string
	// Trust is the episode's source class (TrustPolicy): who wrote it,
	// set by the surface from the route and the API key that wrote it,
	// never from its content. Empty is the policy's default class.
	Trust string
	// LearnedAtReference, given to Ingest, records the episode as learned
	// at its reference time instead of by the engine's clock: for
	// replaying an archive of past conversations so that system time tells
	// the true story. It is not stored as such: the episode is stored with
	// CreatedAt equal to ValidAt, which is what LearnedAt reads.
	LearnedAtReference bool
}

// LearnedAt is when mnemo records that it learned what the episode says
// (the created_at of what it adds, the expired_at of what it supersedes):
// its reference time for an episode ingested with LearnedAtReference (one
// stored with CreatedAt equal to ValidAt), else now.
func (e Episode) LearnedAt(now time.Time) time.Time {
	if e.LearnedAtReference || (!e.CreatedAt.IsZero() && e.CreatedAt.Equal(e.ValidAt)) {
		return e.ValidAt
	}
	return now
}

// Validate checks the fields a client supplies. limit is the largest content
// size in bytes accepted (0 means no limit).
func (e *Episode) Validate(limit int) error {
	if err := ValidateGroupID(e.GroupID); err != nil {
		return err
	}
	if e.UUID != "" {
		if err := ValidateUUID(e.UUID); err != nil {
			return err
		}
	}
	if !e.Source.Valid() {
		return invalidf("episode source %q: want message, text or json", e.Source)
	}
	if e.Trust != "" {
		if err := ValidateTrustClass(e.Trust); err != nil {
			return err
		}
	}
	if strings.TrimSpace(e.Content) == "" {
		return invalidf("episode content is empty")
	}
	if !utf8.ValidString(e.Content) {
		return invalidf("episode content is not valid UTF-8")
	}
	// Kuzu ends a string parameter at its first NUL: the rest would be
	// lost without a word. No text needs one.
	for _, f := range [...]struct{ name, v string }{{"content", e.Content}, {"name", e.Name}, {"source description", e.SourceDescription}} {
		if i := strings.IndexByte(f.v, 0); i >= 0 {
			return invalidf("episode %s holds a NUL character (U+0000) at byte %d: remove it", f.name, i)
		}
	}
	if limit > 0 && len(e.Content) > limit {
		return fmt.Errorf("%w: episode content is %d bytes, the limit is %d", ErrTooLarge, len(e.Content), limit)
	}
	if e.ValidAt.IsZero() {
		return invalidf("episode reference time is missing")
	}
	if y := e.ValidAt.Year(); y < 1 || y > 9999 {
		return invalidf("episode reference time %s is out of range", e.ValidAt)
	}
	return nil
}

// Entity is a node of the semantic subgraph: a person, a place, an
// organisation, a thing. Labels hold its types from the tenant's ontology
// (none means a generic entity).
type Entity struct {
	UUID       string
	GroupID    string
	Name       string
	Labels     []string
	Summary    string
	Attributes map[string]any
	// NameEmbedding is the embedding of Name. Reads leave it nil unless the
	// caller asks for embeddings.
	NameEmbedding []float32
	CreatedAt     time.Time
	// ArchivedAt is when evolution archived the entity (system time; zero:
	// active). An archived entity stays in the graph but leaves default
	// searches and listings (Filter.IncludeArchived); a query known at a
	// moment before ArchivedAt sees it active. Engine.Evolve sets it; a new
	// episode that mentions the entity clears it.
	ArchivedAt time.Time
}

// Fact is a relation between two entities, stated by one or more episodes,
// with the four timestamps of the bi-temporal model.
type Fact struct {
	UUID    string
	GroupID string
	// Relation is the relation type in SCREAMING_SNAKE_CASE, e.g. WORKS_AT.
	Relation string
	// Text is the fact as a sentence, e.g. "Alice works at Acme".
	Text       string
	SourceUUID string
	TargetUUID string
	// Embedding is the embedding of Text; nil on reads unless asked for.
	Embedding []float32
	// Episodes are the uuids of the episodes that stated the fact, oldest
	// first.
	Episodes   []string
	Attributes map[string]any

	// ValidAt and InvalidAt are event time: when the fact became true and
	// stopped being true in the world. Zero means unknown.
	ValidAt   time.Time
	InvalidAt time.Time
	// CreatedAt is when mnemo learned the fact; ExpiredAt is when mnemo
	// retired it because a contradicting fact arrived (zero: still current).
	CreatedAt time.Time
	ExpiredAt time.Time
	// StatedInvalidAt is InvalidAt as the fact was first stated, before any
	// invalidation changed it. It lets a query as of a system time T' before
	// ExpiredAt see the fact as mnemo saw it then.
	StatedInvalidAt time.Time
	// InvalidatedBy is the uuid of the fact whose arrival invalidated this
	// one, if any. Deleting that fact restores this one.
	InvalidatedBy string
	// ArchivedAt is when evolution archived the fact, as for
	// Entity.ArchivedAt. It is independent of the bi-temporal fields: an
	// archived fact is still true, only out of active memory.
	ArchivedAt time.Time
	// Trust is the most trusted source class among the episodes that
	// stated the fact (TrustPolicy.Best); empty for a fact stored before
	// source classes existed, which counts as the default class.
	Trust string
	// QuarantinedAt is when the fact was quarantined (zero: it is not):
	// its best source is below its group's threshold. A quarantined fact
	// is stored and dated but left out of searches and listings unless
	// Filter.IncludeQuarantined asks for it, and it never invalidates a
	// fact of a more trusted source. Corroboration by a trusted episode
	// or approval clears it and sets ReleasedAt.
	QuarantinedAt time.Time
	// ReleasedAt is when the fact left quarantine (zero: it never was in
	// it, or still is). Release is recorded in system time, as archiving
	// is: a query known at a moment before it (Filter.KnownAt) sees the
	// fact as quarantined, as it was then, from its creation on.
	ReleasedAt time.Time
}

// Current reports whether the fact is believed true at now: not retired by
// mnemo and not ended by now.
func (x *Fact) Current(now time.Time) bool {
	f := Filter{Now: now}
	return f.MatchFact(x)
}

// Community is a cluster of closely connected entities with a summary.
type Community struct {
	UUID          string
	GroupID       string
	Name          string
	Summary       string
	NameEmbedding []float32
	// Members are entity uuids.
	Members   []string
	CreatedAt time.Time
}

// ValidateGroupID checks a tenant id: 1 to 128 characters of letters,
// digits, '-', '_', '.', ':' and '@'.
func ValidateGroupID(id string) error {
	if id == "" {
		return invalidf("group id is empty")
	}
	if len(id) > 128 {
		return invalidf("group id is %d characters, the limit is 128", len(id))
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '-' || c == '_' || c == '.' || c == ':' || c == '@':
		default:
			return invalidf("group id %q: character %q is not allowed (letters, digits and -_.:@)", id, c)
		}
	}
	return nil
}

// ValidateUUID checks a client-chosen object id: 1 to 64 characters of
// letters, digits, '-' and '_'. mnemo's own ids are UUIDv7 strings.
func ValidateUUID(id string) error {
	if id == "" || len(id) > 64 {
		return invalidf("uuid %q: want 1 to 64 characters", id)
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return invalidf("uuid %q: character %q is not allowed", id, c)
		}
	}
	return nil
}

// ValidateLabel checks an entity label (an ontology type name): 1 to 64
// letters, digits, '_' and '-', starting with a letter.
func ValidateLabel(l string) error {
	if l == "" || len(l) > 64 {
		return invalidf("label %q: want 1 to 64 characters", l)
	}
	for i, r := range l {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '_' || r == '-')
		if !ok {
			return invalidf("label %q: want letters, digits, '_' and '-', starting with a letter", l)
		}
	}
	return nil
}
