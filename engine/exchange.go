package engine

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

// Moving a group's memory between databases.
//
// ExportGroup reads everything a group holds, embeddings included, and
// ImportGroup writes it back, in one Apply: all of it or none of it. What
// belongs to a group, in which order it is given, what is checked before a
// write and what importing twice does is decided here for every store and
// every surface; the file format is the surfaces' (host/exchange).

// GroupData is everything a group holds: what ExportGroup reads and
// ImportGroup writes. Every object belongs to Group.
//
// ExportGroup gives each slice in uuid order (Mentions by episode, then
// entity), with the embeddings, the facts' provenance in the order the
// store keeps it (oldest first), the facts' four times with their stated
// end and what invalidated them, and each community's members in uuid
// order: the same graph always reads as the same GroupData.
type GroupData struct {
	Group       string
	Episodes    []core.Episode
	Entities    []core.Entity
	Facts       []core.Fact
	Mentions    []core.Mention
	Communities []core.Community
}

// Size counts the objects and links of d.
func (d *GroupData) Size() int {
	return len(d.Episodes) + len(d.Entities) + len(d.Facts) + len(d.Mentions) + len(d.Communities)
}

// EmbedderID returns the identity of the engine's embedder
// (Options.EmbedderID).
func (e *Engine) EmbedderID() core.EmbedderID { return e.embedderID }

// ExportGroup reads everything a group holds. It holds the group's write
// lock (ingestion and deletes wait) and its community lock for the reads,
// so that the data is one consistent state of the group. A group that
// holds nothing gives an empty GroupData, not an error.
func (e *Engine) ExportGroup(ctx context.Context, group string) (GroupData, error) {
	if err := e.readable(group); err != nil {
		return GroupData{}, err
	}
	unlock := e.q.lock(group)
	defer unlock()
	defer e.keeper.HoldWrites(group)()

	d := GroupData{Group: group}
	var err error
	if d.Episodes, err = listAll(ctx, func(o core.ListOptions) (core.Page[core.Episode], error) { return e.store.ListEpisodes(ctx, group, o) }); err != nil {
		return GroupData{}, fmt.Errorf("export episodes of group %s: %w", group, err)
	}
	// Archived objects are part of the memory: an export holds them all.
	if d.Entities, err = listAll(ctx, func(o core.ListOptions) (core.Page[core.Entity], error) {
		o.Filter = core.Filter{IncludeArchived: true}
		return e.store.ListEntities(ctx, group, o)
	}); err != nil {
		return GroupData{}, fmt.Errorf("export entities of group %s: %w", group, err)
	}
	// So are quarantined facts, with their class and stamp.
	all := core.Filter{IncludeInvalid: true, IncludeArchived: true, IncludeQuarantined: true, Now: e.now()}
	if d.Facts, err = listAll(ctx, func(o core.ListOptions) (core.Page[core.Fact], error) {
		o.Filter = all
		return e.store.ListFacts(ctx, group, o)
	}); err != nil {
		return GroupData{}, fmt.Errorf("export facts of group %s: %w", group, err)
	}
	if d.Communities, err = listAll(ctx, func(o core.ListOptions) (core.Page[core.Community], error) {
		return e.store.ListCommunities(ctx, group, o)
	}); err != nil {
		return GroupData{}, fmt.Errorf("export communities of group %s: %w", group, err)
	}
	// Mentions are read from whichever side has fewer objects: one read
	// per entity or per episode.
	if len(d.Entities) < len(d.Episodes) {
		for _, n := range d.Entities {
			eps, err := e.store.EntityEpisodes(ctx, []string{group}, n.UUID)
			if err != nil {
				return GroupData{}, fmt.Errorf("export mentions of entity %s: %w", n.UUID, err)
			}
			for _, ep := range eps {
				d.Mentions = append(d.Mentions, core.Mention{Episode: ep, Entity: n.UUID})
			}
		}
	} else {
		for _, ep := range d.Episodes {
			l, err := e.store.EpisodeLinks(ctx, []string{group}, ep.UUID)
			if err != nil {
				return GroupData{}, fmt.Errorf("export mentions of episode %s: %w", ep.UUID, err)
			}
			for _, n := range l.Entities {
				d.Mentions = append(d.Mentions, core.Mention{Episode: ep.UUID, Entity: n})
			}
		}
	}
	// A store that breaks its contract must not leak another group's rows
	// into an export.
	d.Episodes = slices.DeleteFunc(d.Episodes, func(x core.Episode) bool { return !core.InGroups(e.log, []string{group}, x.GroupID, "episode", x.UUID) })
	d.Entities = slices.DeleteFunc(d.Entities, func(x core.Entity) bool { return !core.InGroups(e.log, []string{group}, x.GroupID, "entity", x.UUID) })
	d.Facts = slices.DeleteFunc(d.Facts, func(x core.Fact) bool { return !core.InGroups(e.log, []string{group}, x.GroupID, "fact", x.UUID) })
	d.Communities = slices.DeleteFunc(d.Communities, func(x core.Community) bool {
		return !core.InGroups(e.log, []string{group}, x.GroupID, "community", x.UUID)
	})
	d.sort()
	return d, nil
}

// listAll reads every page of a listing, embeddings included.
func listAll[T any](ctx context.Context, list func(core.ListOptions) (core.Page[T], error)) ([]T, error) {
	var out []T
	o := core.ListOptions{Limit: 1000, Embeddings: true}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p, err := list(o)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Items...)
		if p.Next == "" {
			return out, nil
		}
		o.Cursor = p.Next
	}
}

// sort puts d in its canonical order (see GroupData).
func (d *GroupData) sort() {
	slices.SortFunc(d.Episodes, func(a, b core.Episode) int { return cmp.Compare(a.UUID, b.UUID) })
	slices.SortFunc(d.Entities, func(a, b core.Entity) int { return cmp.Compare(a.UUID, b.UUID) })
	slices.SortFunc(d.Facts, func(a, b core.Fact) int { return cmp.Compare(a.UUID, b.UUID) })
	slices.SortFunc(d.Mentions, func(a, b core.Mention) int {
		return cmp.Or(cmp.Compare(a.Episode, b.Episode), cmp.Compare(a.Entity, b.Entity))
	})
	d.Mentions = slices.Compact(d.Mentions)
	slices.SortFunc(d.Communities, func(a, b core.Community) int { return cmp.Compare(a.UUID, b.UUID) })
	for i := range d.Communities {
		m := slices.Clone(d.Communities[i].Members)
		slices.Sort(m)
		d.Communities[i].Members = slices.Compact(m)
	}
}

// ImportResult says what an import wrote.
type ImportResult struct {
	Group                                            string
	Episodes, Entities, Facts, Mentions, Communities int
}

// ImportGroup writes d into its group, in one Apply: all of it or none of
// it. The group may be new or hold data already: objects with the uuid of
// a stored object of the group replace it (an episode keeps its content;
// a fact's provenance grows), so importing the same data twice changes
// nothing. Before anything is written d is checked whole: every object
// belongs to d.Group and passes Change.Validate, and every fact's
// endpoints and episodes, mention and community member is an object of d
// (an import is self-contained); a uuid stored in another group is
// ErrConflict, from the store, with nothing written. Pending episodes are
// queued for ingestion. It holds the group's write lock.
//
// from is the embedder that made d's vectors: vectors of another embedder
// than the engine's (EmbedderID) are refused with ErrConflict, since
// searching them would compare unrelated vectors.
func (e *Engine) ImportGroup(ctx context.Context, d GroupData, from core.EmbedderID) (ImportResult, error) {
	if err := e.checkOpen(); err != nil {
		return ImportResult{}, err
	}
	if err := e.CheckImport(d, from); err != nil {
		return ImportResult{}, err
	}
	ch := d.change()
	unlock, err := e.lockGroup(ctx, d.Group)
	if err != nil {
		return ImportResult{}, err
	}
	defer unlock()
	defer e.keeper.HoldWrites(d.Group)()
	if err := e.writeImport(ctx, ch); err != nil {
		return ImportResult{}, fmt.Errorf("import group %s: %w", d.Group, err)
	}
	// The community drift is read again from the store at the next update.
	e.keeper.Reload(d.Group)
	var pending []core.Episode
	for _, ep := range d.Episodes {
		if ep.Status == core.EpisodePending {
			ep.Embedding = nil
			pending = append(pending, ep)
		}
	}
	if len(pending) > 0 {
		e.q.add(pending)
	}
	return ImportResult{
		Group: d.Group, Episodes: len(d.Episodes), Entities: len(d.Entities), Facts: len(d.Facts),
		Mentions: len(d.Mentions), Communities: len(d.Communities),
	}, nil
}

// writeImport writes an import's change: with one Apply, or, for a group
// that holds nothing yet in a store that is a BulkLoader, with its Import
// and then an Apply of the communities; should that Apply fail, the group
// is deleted again, so that the import writes all or nothing either way.
// The caller holds the group's locks.
func (e *Engine) writeImport(ctx context.Context, ch core.Change) error {
	bulk, ok := e.store.(core.BulkLoader)
	if !ok {
		return e.store.Apply(ctx, ch)
	}
	st, err := e.store.Stats(ctx, ch.Group)
	if err != nil {
		return fmt.Errorf("read group stats: %w", err)
	}
	if st != (core.Stats{}) {
		return e.store.Apply(ctx, ch)
	}
	comms := ch.Communities
	ch.Communities = nil
	if err := bulk.Import(ctx, ch); err != nil {
		return err
	}
	if len(comms) == 0 {
		return nil
	}
	if err := e.store.Apply(ctx, core.Change{Group: ch.Group, Communities: comms}); err != nil {
		if _, derr := e.store.DeleteGroup(context.WithoutCancel(ctx), ch.Group); derr != nil {
			return errors.Join(err, fmt.Errorf("undo the import: %w", derr))
		}
		return err
	}
	return nil
}

// CheckImport checks, without writing anything, what ImportGroup checks
// before it writes: the embedder, then d whole. A surface importing
// several groups checks them all first, so that a bad group stops the
// import before any group is written.
func (e *Engine) CheckImport(d GroupData, from core.EmbedderID) error {
	if from != e.embedderID {
		return fmt.Errorf("%w: the vectors to import were made by the embedder %s, this database's is %s: "+
			"import into a database of the same embedder, or re-embed (mnemo reembed) after configuring that embedder",
			core.ErrConflict, from, e.embedderID)
	}
	if err := core.ValidateGroupID(d.Group); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	if err := d.check(); err != nil {
		return fmt.Errorf("import group %s: %w", d.Group, err)
	}
	ch := d.change()
	if _, err := ch.Validate(e.store.Dimension()); err != nil {
		return fmt.Errorf("import group %s: %w", d.Group, err)
	}
	return nil
}

// change is the Change that writes d.
func (d *GroupData) change() core.Change {
	return core.Change{
		Group: d.Group, Episodes: d.Episodes, Entities: d.Entities, Facts: d.Facts,
		Mentions: d.Mentions, Communities: d.Communities,
	}
}

// check verifies what Change.Validate does not: that d holds no uuid
// twice, every episode has a status and a creation time, every fact and
// entity a creation time, and every reference is to an object of d.
func (d *GroupData) check() error {
	seen := map[string]string{}
	add := func(kind, uuid string) error {
		if k, ok := seen[uuid]; ok {
			return invalidf("uuid %s is both a %s and a %s", uuid, k, kind)
		}
		seen[uuid] = kind
		return nil
	}
	for _, x := range d.Episodes {
		if err := add("episode", x.UUID); err != nil {
			return err
		}
		if !x.Status.Valid() {
			return invalidf("episode %s: status %q: want pending, done or failed", x.UUID, x.Status)
		}
		if x.CreatedAt.IsZero() {
			return invalidf("episode %s has no creation time", x.UUID)
		}
	}
	for _, x := range d.Entities {
		if err := add("entity", x.UUID); err != nil {
			return err
		}
		if x.CreatedAt.IsZero() {
			return invalidf("entity %s has no creation time", x.UUID)
		}
	}
	for _, x := range d.Facts {
		if err := add("fact", x.UUID); err != nil {
			return err
		}
		if x.CreatedAt.IsZero() {
			return invalidf("fact %s has no creation time", x.UUID)
		}
	}
	for _, x := range d.Communities {
		if err := add("community", x.UUID); err != nil {
			return err
		}
	}
	is := func(uuid, kind string) bool { return seen[uuid] == kind }
	for _, f := range d.Facts {
		if !is(f.SourceUUID, "entity") || !is(f.TargetUUID, "entity") {
			return invalidf("fact %s: its endpoints %s and %s must be entities of the import", f.UUID, f.SourceUUID, f.TargetUUID)
		}
		for _, ep := range f.Episodes {
			if !is(ep, "episode") {
				return invalidf("fact %s: episode %s is not an episode of the import", f.UUID, ep)
			}
		}
		if by := f.InvalidatedBy; by != "" && !is(by, "fact") && !is(by, "episode") {
			return invalidf("fact %s: invalidated by %s, neither a fact nor an episode of the import", f.UUID, by)
		}
	}
	for _, m := range d.Mentions {
		if !is(m.Episode, "episode") || !is(m.Entity, "entity") {
			return invalidf("mention of %s by %s: want an entity and an episode of the import", m.Entity, m.Episode)
		}
	}
	for _, c := range d.Communities {
		for _, m := range c.Members {
			if !is(m, "entity") {
				return invalidf("community %s: member %s is not an entity of the import", c.UUID, m)
			}
		}
	}
	return nil
}

// Renamed returns d moved to another group. Uuids are unique across a
// database, so the objects get new uuids, each derived from the group and
// the old uuid (RenamedUUID): the same data renamed twice gets the same
// uuids, and importing it twice changes nothing. References between the
// objects follow. Renaming to d.Group returns d unchanged.
func (d GroupData) Renamed(group string) GroupData {
	if group == d.Group {
		return d
	}
	id := func(u string) string {
		if u == "" {
			return ""
		}
		return RenamedUUID(group, u)
	}
	return d.remap(group, uuidMap{id, id, id, id})
}

// uuidMap gives the new uuid of an episode, an entity, a fact and a
// community (kinds may share uuids).
type uuidMap struct{ episode, entity, fact, community func(string) string }

// remap returns d as group with its objects' uuids and the references
// between them mapped by m. A fact's InvalidatedBy names a fact or an
// episode: it is mapped as a fact when it names one of d's.
func (d GroupData) remap(group string, m uuidMap) GroupData {
	isFact := make(map[string]bool, len(d.Facts))
	for _, x := range d.Facts {
		isFact[x.UUID] = true
	}
	ids := func(f func(string) string, us []string) []string {
		if us == nil {
			return nil
		}
		out := make([]string, len(us))
		for i, u := range us {
			out[i] = f(u)
		}
		return out
	}
	out := GroupData{Group: group}
	for _, x := range d.Episodes {
		x.UUID, x.GroupID = m.episode(x.UUID), group
		out.Episodes = append(out.Episodes, x)
	}
	for _, x := range d.Entities {
		x.UUID, x.GroupID = m.entity(x.UUID), group
		out.Entities = append(out.Entities, x)
	}
	for _, x := range d.Facts {
		x.UUID, x.GroupID = m.fact(x.UUID), group
		x.SourceUUID, x.TargetUUID = m.entity(x.SourceUUID), m.entity(x.TargetUUID)
		if isFact[x.InvalidatedBy] {
			x.InvalidatedBy = m.fact(x.InvalidatedBy)
		} else {
			x.InvalidatedBy = m.episode(x.InvalidatedBy)
		}
		x.Episodes = ids(m.episode, x.Episodes)
		out.Facts = append(out.Facts, x)
	}
	for _, x := range d.Mentions {
		out.Mentions = append(out.Mentions, core.Mention{Episode: m.episode(x.Episode), Entity: m.entity(x.Entity)})
	}
	for _, x := range d.Communities {
		x.UUID, x.GroupID = m.community(x.UUID), group
		x.Members = ids(m.entity, x.Members)
		out.Communities = append(out.Communities, x)
	}
	out.sort()
	return out
}

// OwnUUIDs returns d with the uuid of each entity, fact and community that
// d.Group does not hold replaced by RenamedUUID(d.Group, uuid), the
// references following; episodes keep theirs (each group holds its own).
// An import a tenant sends goes through it: entity, fact and community
// uuids are unique across the database, so data imported with the uuids
// it names would be written or refused depending on whether another group
// holds one of them, which would tell the tenant of another's data. The
// group's own objects keep their uuids, so importing a group's export
// into it again changes nothing, and so does importing the same data
// twice.
func (e *Engine) OwnUUIDs(ctx context.Context, d GroupData) (GroupData, error) {
	if err := e.checkOpen(); err != nil {
		return d, err
	}
	held := map[core.Scope]map[string]bool{core.ScopeEntities: {}, core.ScopeFacts: {}, core.ScopeCommunities: {}}
	groups := []string{d.Group}
	var ids []string
	for _, x := range d.Entities {
		ids = append(ids, x.UUID)
	}
	ents, err := e.store.Entities(ctx, groups, ids, core.GetOptions{})
	if err != nil {
		return d, fmt.Errorf("read the group's entities: %w", err)
	}
	for _, x := range core.KeepGroups(e.log, groups, ents, "entity", func(x core.Entity) (string, string) { return x.GroupID, x.UUID }) {
		held[core.ScopeEntities][x.UUID] = true
	}
	ids = ids[:0]
	for _, x := range d.Facts {
		ids = append(ids, x.UUID)
	}
	facts, err := e.store.Facts(ctx, groups, ids, core.GetOptions{})
	if err != nil {
		return d, fmt.Errorf("read the group's facts: %w", err)
	}
	for _, x := range core.KeepGroups(e.log, groups, facts, "fact", func(x core.Fact) (string, string) { return x.GroupID, x.UUID }) {
		held[core.ScopeFacts][x.UUID] = true
	}
	ids = ids[:0]
	for _, x := range d.Communities {
		ids = append(ids, x.UUID)
	}
	comms, err := e.store.Communities(ctx, groups, ids, core.GetOptions{})
	if err != nil {
		return d, fmt.Errorf("read the group's communities: %w", err)
	}
	for _, x := range core.KeepGroups(e.log, groups, comms, "community", func(x core.Community) (string, string) { return x.GroupID, x.UUID }) {
		held[core.ScopeCommunities][x.UUID] = true
	}
	own := func(sc core.Scope) func(string) string {
		return func(u string) string {
			if u == "" || held[sc][u] {
				return u
			}
			return RenamedUUID(d.Group, u)
		}
	}
	same := func(u string) string { return u }
	return d.remap(d.Group, uuidMap{same, own(core.ScopeEntities), own(core.ScopeFacts), own(core.ScopeCommunities)}), nil
}

// RenamedUUID is the uuid an object with uuid old gets when its group's
// data is imported as group, and the uuid of the entity a client names old
// in group when the group holds none of that uuid (EntityNode): the first
// 128 bits of SHA-256(group NUL old), written as a UUID of version 8.
func RenamedUUID(group, old string) string {
	h := sha256.Sum256([]byte(group + "\x00" + old))
	h[6] = h[6]&0x0f | 0x80 // version 8
	h[8] = h[8]&0x3f | 0x80 // RFC 9562 variant
	s := hex.EncodeToString(h[:16])
	return s[0:8] + "-" + s[8:12] + "-" + s[12:16] + "-" + s[16:20] + "-" + s[20:32]
}
