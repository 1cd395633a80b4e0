package wire

import (
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
)

// Fact is a fact as shown. Source and Target are the names of its entities,
// SourceUUID and TargetUUID their uuids (names need not be unique).
// ValidAt and InvalidAt are event time (when it held in the world);
// CreatedAt and ExpiredAt are system time (when mnemo learned it and when
// mnemo retired it because a newer fact contradicted it). Score is set for
// search results only.
type Fact struct {
	UUID       string     `json:"uuid"`
	Fact       string     `json:"fact"`
	Relation   string     `json:"relation"`
	Source     string     `json:"source"`
	Target     string     `json:"target"`
	SourceUUID string     `json:"source_uuid"`
	TargetUUID string     `json:"target_uuid"`
	ValidAt    *time.Time `json:"valid_at"`
	InvalidAt  *time.Time `json:"invalid_at"`
	CreatedAt  *time.Time `json:"created_at"`
	ExpiredAt  *time.Time `json:"expired_at"`
	Episodes   []string   `json:"episodes"`
	// Attributes hold, for a fact marked wrong, the reason
	// (invalid_reason).
	Attributes map[string]any `json:"attributes,omitempty"`
	// ArchivedAt is when evolution archived the fact (system time).
	ArchivedAt *time.Time `json:"archived_at,omitempty"`
	// SourceClass is the class of the most trusted source that stated the
	// fact (docs/trust.md).
	SourceClass string `json:"source_class,omitempty"`
	// QuarantinedAt is when the fact was quarantined, Quarantine why;
	// absent when it is not (approve it with feedback approve).
	QuarantinedAt *time.Time `json:"quarantined_at,omitempty"`
	Quarantine    string     `json:"quarantine,omitempty"`
	Score         *float64   `json:"score,omitempty"`
}

// Entity is an entity as shown. CreatedAt and Attributes are set in
// listings, Score in search results.
type Entity struct {
	UUID    string   `json:"uuid"`
	Name    string   `json:"name"`
	Labels  []string `json:"labels"`
	Summary string   `json:"summary"`
	// Aliases are the other names the entity was found under.
	Aliases    []string       `json:"aliases,omitempty"`
	CreatedAt  *time.Time     `json:"created_at,omitempty"`
	Attributes map[string]any `json:"attributes,omitempty"`
	// ArchivedAt is when evolution archived the entity (system time).
	ArchivedAt *time.Time `json:"archived_at,omitempty"`
	Score      *float64   `json:"score,omitempty"`
}

// Episode is an episode as shown. ReferenceTime is when it happened. The
// fields after it are set in listings and status answers, Score in search
// results.
type Episode struct {
	UUID              string     `json:"uuid"`
	Name              string     `json:"name"`
	Content           string     `json:"content"`
	ReferenceTime     *time.Time `json:"reference_time"`
	GroupID           string     `json:"group_id,omitempty"`
	Source            string     `json:"source,omitempty"`
	SourceDescription string     `json:"source_description,omitempty"`
	Status            string     `json:"status,omitempty"`
	// Error is the last failure: of a failed episode, or of a pending one
	// queued again by a retry.
	Error string `json:"error,omitempty"`
	// Attempts counts the extraction attempts used since the episode was
	// stored or last retried.
	Attempts int `json:"attempts,omitempty"`
	// Warnings say what processing the episode left out or could not use.
	Warnings  []string   `json:"warnings,omitempty"`
	CreatedAt *time.Time `json:"created_at,omitempty"`
	// SourceClass is who wrote the episode (docs/trust.md); empty for an
	// episode stored before source classes existed.
	SourceClass string   `json:"source_class,omitempty"`
	Score       *float64 `json:"score,omitempty"`
}

// Community is a community as shown. Members (entity uuids) are set in
// listings, Score in search results.
type Community struct {
	UUID    string   `json:"uuid"`
	Name    string   `json:"name"`
	Summary string   `json:"summary"`
	Members []string `json:"members,omitempty"`
	Score   *float64 `json:"score,omitempty"`
}

// FactOf shows a fact; names maps entity uuids to names.
func FactOf(f core.Fact, names map[string]string) Fact {
	eps := f.Episodes
	if eps == nil {
		eps = []string{}
	}
	return Fact{
		UUID: f.UUID, Fact: f.Text, Relation: f.Relation,
		Source: names[f.SourceUUID], Target: names[f.TargetUUID], SourceUUID: f.SourceUUID, TargetUUID: f.TargetUUID,
		ValidAt: Time(f.ValidAt), InvalidAt: Time(f.InvalidAt), CreatedAt: Time(f.CreatedAt), ExpiredAt: Time(f.ExpiredAt),
		Episodes: eps, Attributes: shownAttributes(f.Attributes), ArchivedAt: Time(f.ArchivedAt),
		SourceClass: f.Trust, QuarantinedAt: Time(f.QuarantinedAt),
	}
}

// shownAttributes are a fact's attributes without its why record
// (core.WhyAttribute), which `why` shows in full: a listing stays the size
// it was. Nil when nothing else is left.
func shownAttributes(attrs map[string]any) map[string]any {
	if _, ok := attrs[core.WhyAttribute]; !ok {
		return attrs
	}
	if len(attrs) == 1 {
		return nil
	}
	out := make(map[string]any, len(attrs)-1)
	for k, v := range attrs {
		if k != core.WhyAttribute {
			out[k] = v
		}
	}
	return out
}

// EntityOf shows an entity in a listing.
func EntityOf(e core.Entity) Entity {
	labels := e.Labels
	if labels == nil {
		labels = []string{}
	}
	return Entity{UUID: e.UUID, Name: e.Name, Labels: labels, Summary: e.Summary, Aliases: e.Aliases(), CreatedAt: Time(e.CreatedAt), Attributes: e.Attributes,
		ArchivedAt: Time(e.ArchivedAt)}
}

// EpisodeOf shows an episode in a listing.
func EpisodeOf(e core.Episode) Episode {
	return Episode{
		UUID: e.UUID, Name: e.Name, Content: e.Content, ReferenceTime: Time(e.ValidAt),
		GroupID: e.GroupID, Source: string(e.Source), SourceDescription: e.SourceDescription,
		Status: string(e.Status), Error: e.Error, Attempts: e.Attempts, Warnings: e.Warnings, CreatedAt: Time(e.CreatedAt),
		SourceClass: e.Trust,
	}
}

// CommunityOf shows a community in a listing.
func CommunityOf(c core.Community) Community {
	return Community{UUID: c.UUID, Name: c.Name, Summary: c.Summary, Members: c.Members}
}

// Usage is what an episode cost in model calls and tokens.
type Usage struct {
	Calls            int `json:"calls"`
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// UsageOf shows a core.Usage.
func UsageOf(u core.Usage) Usage {
	return Usage{Calls: u.Calls, PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens}
}

// Report is what became of an episode in the ingestion queue: pending,
// done or failed, and, once this process has processed it, what it
// produced and cost.
type Report struct {
	UUID        string           `json:"uuid"`
	GroupID     string           `json:"group_id"`
	Status      string           `json:"status"`
	Error       string           `json:"error,omitempty"`
	Attempts    int              `json:"attempts"`
	Entities    int              `json:"entities"`
	NewEntities int              `json:"new_entities"`
	Facts       int              `json:"facts"`
	NewFacts    int              `json:"new_facts"`
	Duplicates  int              `json:"duplicates"`
	Invalidated int              `json:"invalidated"`
	Usage       Usage            `json:"usage"`
	ByPrompt    map[string]Usage `json:"by_prompt,omitempty"`
	Warnings    []string         `json:"warnings,omitempty"`
	DurationMS  int64            `json:"duration_ms"`
	// Counted is true when the serving process extracted the episode, so
	// that the counts, usage and duration are known; false (and the
	// counts zero) for an episode processed before it started, by another
	// host, or too long ago for its report to be kept.
	Counted bool `json:"counted"`
}

// ReportOf shows an episode report.
func ReportOf(r engine.EpisodeReport) Report {
	out := Report{
		UUID: r.UUID, GroupID: r.GroupID, Status: string(r.Status), Error: r.Error, Attempts: r.Attempts,
		Entities: r.Entities, NewEntities: r.NewEntities, Facts: r.Facts, NewFacts: r.NewFacts,
		Duplicates: r.Duplicates, Invalidated: r.Invalidated, Usage: UsageOf(r.Usage), Warnings: r.Warnings,
		DurationMS: r.Duration.Milliseconds(), Counted: r.Counted,
	}
	if len(r.ByPrompt) > 0 {
		out.ByPrompt = map[string]Usage{}
		for k, u := range r.ByPrompt {
			out.ByPrompt[k] = UsageOf(u)
		}
	}
	return out
}

// Deleted counts what a delete removed.
type Deleted struct {
	Episodes    int `json:"episodes"`
	Entities    int `json:"entities"`
	Facts       int `json:"facts"`
	Communities int `json:"communities"`
	// Restored counts facts made current again because the fact that had
	// invalidated them was deleted.
	Restored int `json:"restored"`
}

// DeletedOf shows a core.Deleted.
func DeletedOf(d core.Deleted) Deleted {
	return Deleted{Episodes: d.Episodes, Entities: d.Entities, Facts: d.Facts, Communities: d.Communities, Restored: d.Restored}
}
