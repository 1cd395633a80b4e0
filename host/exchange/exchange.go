package exchange

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
)

// Format is the header's format name; Version the version this package
// writes and the newest it reads.
const (
	Format  = "mnemo-export"
	Version = 1
)

// MaxLine is the longest line Read accepts: an episode of the largest
// content the engine takes (1 MiB by default), escaped, with its vector.
const MaxLine = 64 << 20

// Header is the first line of an export.
type Header struct {
	Format   string   `json:"format"`
	Version  int      `json:"version"`
	Embedder Embedder `json:"embedder"`
	// ExportedAt is when the export was taken.
	ExportedAt string `json:"exported_at"`
	// Groups lists the groups the file holds, in order.
	Groups []string `json:"groups"`
}

// Embedder is the header's embedder identity.
type Embedder struct {
	Name      string `json:"name"`
	Model     string `json:"model"`
	Dimension int    `json:"dimension"`
}

// ID is the embedder identity the header names.
func (h *Header) ID() core.EmbedderID {
	return core.EmbedderID{Name: h.Embedder.Name, Model: h.Embedder.Model, Dimension: h.Embedder.Dimension}
}

// NewHeader returns the header of an export of groups taken at t with
// vectors of the embedder id.
func NewHeader(id core.EmbedderID, t time.Time, groups []string) Header {
	return Header{
		Format: Format, Version: Version, ExportedAt: formatTime(t), Groups: groups,
		Embedder: Embedder{Name: id.Name, Model: id.Model, Dimension: id.Dimension},
	}
}

// Record kinds, in the order a group's records are written.
const (
	KindEpisode   = "episode"
	KindEntity    = "entity"
	KindFact      = "fact"
	KindMention   = "mention"
	KindCommunity = "community"
)

// episode is an episode's line.
type episode struct {
	Kind              string   `json:"kind"`
	Group             string   `json:"group"`
	UUID              string   `json:"uuid"`
	Name              string   `json:"name,omitempty"`
	Source            string   `json:"source"`
	SourceDescription string   `json:"source_description,omitempty"`
	Content           string   `json:"content"`
	ValidAt           string   `json:"valid_at"`
	CreatedAt         string   `json:"created_at"`
	Status            string   `json:"status"`
	Attempts          int      `json:"attempts,omitempty"`
	Error             string   `json:"error,omitempty"`
	Warnings          []string `json:"warnings,omitempty"`
	// SourceClass is the episode's source class (docs/trust.md).
	SourceClass string `json:"source_class,omitempty"`
	Vector      string `json:"vector,omitempty"`
}

// entity is an entity's line.
type entity struct {
	Kind       string         `json:"kind"`
	Group      string         `json:"group"`
	UUID       string         `json:"uuid"`
	Name       string         `json:"name"`
	Labels     []string       `json:"labels,omitempty"`
	Summary    string         `json:"summary,omitempty"`
	Attributes map[string]any `json:"attributes,omitempty"`
	CreatedAt  string         `json:"created_at"`
	ArchivedAt string         `json:"archived_at,omitempty"`
	Vector     string         `json:"vector,omitempty"`
}

// fact is a fact's line.
type fact struct {
	Kind            string         `json:"kind"`
	Group           string         `json:"group"`
	UUID            string         `json:"uuid"`
	Relation        string         `json:"relation"`
	Text            string         `json:"text"`
	Source          string         `json:"source"`
	Target          string         `json:"target"`
	Episodes        []string       `json:"episodes,omitempty"`
	Attributes      map[string]any `json:"attributes,omitempty"`
	ValidAt         string         `json:"valid_at,omitempty"`
	InvalidAt       string         `json:"invalid_at,omitempty"`
	CreatedAt       string         `json:"created_at"`
	ExpiredAt       string         `json:"expired_at,omitempty"`
	StatedInvalidAt string         `json:"stated_invalid_at,omitempty"`
	InvalidatedBy   string         `json:"invalidated_by,omitempty"`
	ArchivedAt      string         `json:"archived_at,omitempty"`
	// SourceClass is the fact's best source's class, QuarantinedAt when
	// it was quarantined, ReleasedAt when it left quarantine
	// (docs/trust.md).
	SourceClass   string `json:"source_class,omitempty"`
	QuarantinedAt string `json:"quarantined_at,omitempty"`
	ReleasedAt    string `json:"released_at,omitempty"`
	Vector        string `json:"vector,omitempty"`
}

// mention is an episode's mention of an entity.
type mention struct {
	Kind    string `json:"kind"`
	Group   string `json:"group"`
	Episode string `json:"episode"`
	Entity  string `json:"entity"`
}

// community is a community's line.
type community struct {
	Kind      string   `json:"kind"`
	Group     string   `json:"group"`
	UUID      string   `json:"uuid"`
	Name      string   `json:"name,omitempty"`
	Summary   string   `json:"summary,omitempty"`
	Members   []string `json:"members"`
	CreatedAt string   `json:"created_at,omitempty"`
	Vector    string   `json:"vector,omitempty"`
}

// Writer writes an export: the header, then groups.
type Writer struct {
	w   *bufio.Writer
	buf bytes.Buffer
	enc *json.Encoder
}

// NewWriter returns a Writer on w. Flush after the last group.
func NewWriter(w io.Writer) *Writer {
	x := &Writer{w: bufio.NewWriterSize(w, 1<<16)}
	x.enc = json.NewEncoder(&x.buf)
	x.enc.SetEscapeHTML(false)
	return x
}

func (x *Writer) line(v any) error {
	x.buf.Reset()
	if err := x.enc.Encode(v); err != nil {
		return fmt.Errorf("encode export line: %w", err)
	}
	if _, err := x.w.Write(x.buf.Bytes()); err != nil {
		return fmt.Errorf("write export: %w", err)
	}
	return nil
}

// WriteHeader writes the header line.
func (x *Writer) WriteHeader(h Header) error { return x.line(h) }

// WriteGroup writes the lines of a group, in the order of GroupData
// (engine.Engine.ExportGroup gives it in that order): episodes, entities,
// facts, mentions, communities, each by uuid.
func (x *Writer) WriteGroup(d engine.GroupData) error {
	g := d.Group
	for _, e := range d.Episodes {
		if err := x.line(episode{
			Kind: KindEpisode, Group: g, UUID: e.UUID, Name: e.Name, Source: string(e.Source), SourceDescription: e.SourceDescription,
			Content: e.Content, ValidAt: formatTime(e.ValidAt), CreatedAt: formatTime(e.CreatedAt), Status: string(e.Status),
			Attempts: e.Attempts, Error: e.Error, Warnings: e.Warnings, SourceClass: e.Trust, Vector: encodeVector(e.Embedding),
		}); err != nil {
			return err
		}
	}
	for _, e := range d.Entities {
		if err := x.line(entity{
			Kind: KindEntity, Group: g, UUID: e.UUID, Name: e.Name, Labels: e.Labels, Summary: e.Summary,
			Attributes: e.Attributes, CreatedAt: formatTime(e.CreatedAt), ArchivedAt: formatTime(e.ArchivedAt), Vector: encodeVector(e.NameEmbedding),
		}); err != nil {
			return err
		}
	}
	for _, f := range d.Facts {
		if err := x.line(fact{
			Kind: KindFact, Group: g, UUID: f.UUID, Relation: f.Relation, Text: f.Text, Source: f.SourceUUID, Target: f.TargetUUID,
			Episodes: f.Episodes, Attributes: f.Attributes, ValidAt: formatTime(f.ValidAt), InvalidAt: formatTime(f.InvalidAt),
			CreatedAt: formatTime(f.CreatedAt), ExpiredAt: formatTime(f.ExpiredAt), StatedInvalidAt: formatTime(f.StatedInvalidAt),
			InvalidatedBy: f.InvalidatedBy, ArchivedAt: formatTime(f.ArchivedAt),
			SourceClass: f.Trust, QuarantinedAt: formatTime(f.QuarantinedAt), ReleasedAt: formatTime(f.ReleasedAt), Vector: encodeVector(f.Embedding),
		}); err != nil {
			return err
		}
	}
	for _, m := range d.Mentions {
		if err := x.line(mention{Kind: KindMention, Group: g, Episode: m.Episode, Entity: m.Entity}); err != nil {
			return err
		}
	}
	for _, c := range d.Communities {
		members := c.Members
		if members == nil {
			members = []string{}
		}
		if err := x.line(community{
			Kind: KindCommunity, Group: g, UUID: c.UUID, Name: c.Name, Summary: c.Summary, Members: members,
			CreatedAt: formatTime(c.CreatedAt), Vector: encodeVector(c.NameEmbedding),
		}); err != nil {
			return err
		}
	}
	return nil
}

// Flush writes what is buffered.
func (x *Writer) Flush() error {
	if err := x.w.Flush(); err != nil {
		return fmt.Errorf("write export: %w", err)
	}
	return nil
}

// LineError is a line Read could not take.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// Read reads a whole export: its header and its groups, in the order the
// header lists them. Every line is checked before Read returns: a line
// that is not JSON, of an unknown kind, with a field of the wrong type or
// an unknown field, a bad time or vector, or of a group the header does
// not list is a *LineError wrapping core.ErrInvalid, and nothing is
// returned. The checks that need the whole group (references between
// objects) and the database (uuids of other groups) are
// engine.Engine.CheckImport's and ImportGroup's.
func Read(r io.Reader) (Header, []engine.GroupData, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), MaxLine)
	n := 0
	bad := func(format string, args ...any) error {
		return &LineError{Line: n, Err: fmt.Errorf("%w: %s", core.ErrInvalid, fmt.Sprintf(format, args...))}
	}
	var h Header
	var groups map[string]*engine.GroupData
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if groups == nil {
			if err := strict(line, &h); err != nil {
				return Header{}, nil, bad("header: %s", err)
			}
			if h.Format != Format {
				return Header{}, nil, bad("format %q: want %q (the first line of a mnemo export)", h.Format, Format)
			}
			if h.Version < 1 || h.Version > Version {
				return Header{}, nil, bad("format version %d: this mnemo reads versions 1 to %d", h.Version, Version)
			}
			if h.Embedder.Dimension < 1 {
				return Header{}, nil, bad("header: the embedder's dimension is missing")
			}
			if _, err := parseTime(h.ExportedAt, true); err != nil {
				return Header{}, nil, bad("header: exported_at: %s", err)
			}
			groups = map[string]*engine.GroupData{}
			for _, g := range h.Groups {
				if err := core.ValidateGroupID(g); err != nil {
					return Header{}, nil, bad("header: %s", err)
				}
				if groups[g] != nil {
					return Header{}, nil, bad("header: group %s is listed twice", g)
				}
				groups[g] = &engine.GroupData{Group: g}
			}
			continue
		}
		var kind struct {
			Kind  string `json:"kind"`
			Group string `json:"group"`
		}
		if err := json.Unmarshal(line, &kind); err != nil {
			return Header{}, nil, bad("%s", err)
		}
		d := groups[kind.Group]
		if d == nil {
			return Header{}, nil, bad("group %q is not listed in the header", kind.Group)
		}
		if err := decode(line, kind.Kind, d, h.Embedder.Dimension); err != nil {
			return Header{}, nil, bad("%s", err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return Header{}, nil, &LineError{Line: n + 1, Err: fmt.Errorf("%w: line longer than %d bytes", core.ErrInvalid, MaxLine)}
		}
		return Header{}, nil, fmt.Errorf("read export: %w", err)
	}
	if groups == nil {
		return Header{}, nil, fmt.Errorf("%w: the export is empty: no header line", core.ErrInvalid)
	}
	out := make([]engine.GroupData, 0, len(h.Groups))
	for _, g := range h.Groups {
		out = append(out, *groups[g])
	}
	return h, out, nil
}

// strict decodes one JSON object into v, refusing unknown fields.
func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// decode adds the record of a line to d.
func decode(line []byte, kind string, d *engine.GroupData, dim int) error {
	var err error
	times := func(fields ...*time.Time) func(required bool, values ...string) {
		return func(required bool, values ...string) {
			for i, v := range values {
				if err != nil {
					return
				}
				*fields[i], err = parseTime(v, required)
			}
		}
	}
	vector := func(s string) []float32 {
		if err != nil {
			return nil
		}
		var v []float32
		v, err = decodeVector(s, dim)
		return v
	}
	switch kind {
	case KindEpisode:
		var r episode
		if err := strict(line, &r); err != nil {
			return err
		}
		ep := core.Episode{
			UUID: r.UUID, GroupID: r.Group, Name: r.Name, Source: core.Source(r.Source), SourceDescription: r.SourceDescription,
			Content: r.Content, Status: core.EpisodeStatus(r.Status), Attempts: r.Attempts, Error: r.Error, Warnings: r.Warnings,
			Trust: r.SourceClass,
		}
		times(&ep.ValidAt, &ep.CreatedAt)(true, r.ValidAt, r.CreatedAt)
		ep.Embedding = vector(r.Vector)
		if err != nil {
			return fmt.Errorf("episode %s: %w", r.UUID, err)
		}
		if err := ep.Validate(0); err != nil {
			return fmt.Errorf("episode %s: %w", r.UUID, err)
		}
		d.Episodes = append(d.Episodes, ep)
	case KindEntity:
		var r entity
		if err := strict(line, &r); err != nil {
			return err
		}
		e := core.Entity{UUID: r.UUID, GroupID: r.Group, Name: r.Name, Labels: r.Labels, Summary: r.Summary, Attributes: r.Attributes}
		times(&e.CreatedAt)(true, r.CreatedAt)
		times(&e.ArchivedAt)(false, r.ArchivedAt)
		e.NameEmbedding = vector(r.Vector)
		if err != nil {
			return fmt.Errorf("entity %s: %w", r.UUID, err)
		}
		d.Entities = append(d.Entities, e)
	case KindFact:
		var r fact
		if err := strict(line, &r); err != nil {
			return err
		}
		f := core.Fact{
			UUID: r.UUID, GroupID: r.Group, Relation: r.Relation, Text: r.Text, SourceUUID: r.Source, TargetUUID: r.Target,
			Episodes: r.Episodes, Attributes: r.Attributes, InvalidatedBy: r.InvalidatedBy, Trust: r.SourceClass,
		}
		times(&f.CreatedAt)(true, r.CreatedAt)
		times(&f.ValidAt, &f.InvalidAt, &f.ExpiredAt, &f.StatedInvalidAt, &f.ArchivedAt, &f.QuarantinedAt, &f.ReleasedAt)(false, r.ValidAt, r.InvalidAt, r.ExpiredAt, r.StatedInvalidAt, r.ArchivedAt, r.QuarantinedAt, r.ReleasedAt)
		f.Embedding = vector(r.Vector)
		if err != nil {
			return fmt.Errorf("fact %s: %w", r.UUID, err)
		}
		d.Facts = append(d.Facts, f)
	case KindMention:
		var r mention
		if err := strict(line, &r); err != nil {
			return err
		}
		if r.Episode == "" || r.Entity == "" {
			return fmt.Errorf("a mention needs an episode and an entity")
		}
		d.Mentions = append(d.Mentions, core.Mention{Episode: r.Episode, Entity: r.Entity})
	case KindCommunity:
		var r community
		if err := strict(line, &r); err != nil {
			return err
		}
		c := core.Community{UUID: r.UUID, GroupID: r.Group, Name: r.Name, Summary: r.Summary, Members: slices.Clip(r.Members)}
		times(&c.CreatedAt)(false, r.CreatedAt)
		c.NameEmbedding = vector(r.Vector)
		if err != nil {
			return fmt.Errorf("community %s: %w", r.UUID, err)
		}
		d.Communities = append(d.Communities, c)
	default:
		return fmt.Errorf("kind %q: want episode, entity, fact, mention or community", kind)
	}
	return nil
}

// formatTime writes a time in UTC, RFC 3339 with as many fraction digits
// as needed; the zero time is the empty string (field left out).
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// parseTime reads formatTime's output; the empty string is the zero time,
// an error when required.
func parseTime(s string, required bool) (time.Time, error) {
	if s == "" {
		if required {
			return time.Time{}, fmt.Errorf("a required time is missing")
		}
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("time %q: want RFC 3339", s)
	}
	return t.UTC(), nil
}

// encodeVector writes a vector as base64 (standard, padded) of its
// components as little-endian IEEE 754 float32s: exact, and about half
// the size of decimal text.
func encodeVector(v []float32) string {
	if v == nil {
		return ""
	}
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return base64.StdEncoding.EncodeToString(b)
}

// decodeVector reads encodeVector's output, of dimension dim.
func decodeVector(s string, dim int) ([]float32, error) {
	if s == "" {
		return nil, nil
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("vector: not base64: %w", err)
	}
	if len(b) != 4*dim {
		return nil, fmt.Errorf("vector of %d bytes: want %d float32s (the header's dimension)", len(b), dim)
	}
	v := make([]float32, dim)
	for i := range v {
		x := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("vector holds NaN or Inf")
		}
		v[i] = x
	}
	return v, nil
}
