package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// Forgetting.
//
// Deleting (delete.go) removes objects; forgetting removes content: after
// a Forget, no text of the graph says what was forgotten. What goes is
// decided here, once for every store, and written in one Change:
//
//   - Forgetting an episode deletes it as DeleteEpisode does (the facts it
//     alone stated, the entities nothing else supports), and then rebuilds
//     what held its words without being deleted: the summaries of the
//     entities it mentioned or that were ends of its deleted facts, and
//     the communities of those entities.
//   - Forgetting an entity forgets the episodes that mention it — by the
//     MENTIONS links extraction wrote, or by its name or one of its
//     aliases appearing in the episode's text as a word — as above, and
//     deletes the entity itself, every fact that has it as an end (expired
//     ones too) and every fact whose text names it. The episodes are
//     deleted, not redacted: an episode that names a person says more
//     about them than their name (what they said, "his wife", "she"), and
//     mnemo cannot tell those words apart from the rest. What the episodes
//     said about others stays where another episode also said it.
//
// An entity summary is rebuilt from what remains: the sentences of the
// entity's facts that are not expired, newest first, cut at
// MaxSummaryChars — not from its old summary, which may hold sentences of
// the forgotten episodes (an extractor's summary is not kept apart from
// the rest). Communities that held an affected entity are deleted in the
// same Change, so that their summaries go with the content even if
// rebuilding fails; the group's communities are then rebuilt in full
// (BuildCommunities) from what remains.
//
// Forget works on the graph. The bytes a store keeps of deleted objects
// (Kuzu's pages, its write-ahead log, a cluster's segments) are the
// store's: the host compacts the database after a Forget (docs/erasure.md).

// Forgotten says what a Forget removed and rebuilt.
type Forgotten struct {
	core.Deleted
	// Entity is the uuid of the entity forgotten (ForgetEntity).
	Entity string
	// EpisodeIDs are the uuids of the episodes forgotten, in uuid order.
	EpisodeIDs []string
	// Summaries counts the entity summaries rebuilt from what remains.
	Summaries int
	// Rebuilt counts the communities the full build wrote after the
	// forget deleted those an affected entity was a member of
	// (Deleted.Communities).
	Rebuilt int
	// Warnings say what was erased but could not be rebuilt (a failed
	// community build): the erasure itself is complete.
	Warnings []string
}

// ForgetEpisode forgets an episode of group: see Forgetting. An unknown
// episode, or one of another group, is ErrNotFound.
func (e *Engine) ForgetEpisode(ctx context.Context, group, uuid string) (Forgotten, error) {
	if err := e.checkOpen(); err != nil {
		return Forgotten{}, err
	}
	if err := core.ValidateGroupID(group); err != nil {
		return Forgotten{}, err
	}
	if err := core.ValidateUUID(uuid); err != nil {
		return Forgotten{}, err
	}
	unlock, err := e.lockGroup(ctx, group)
	if err != nil {
		return Forgotten{}, err
	}
	f, err := e.forget(ctx, group, forgetting{episodes: []string{uuid}})
	unlock()
	if err != nil {
		return Forgotten{}, err
	}
	e.rebuildCommunities(ctx, group, &f)
	return f, nil
}

// ForgetEntity forgets an entity of group named by its uuid or by its name
// (or one of its aliases): see Forgetting. An unknown entity is
// ErrNotFound; a name several entities have is ErrConflict, whose message
// lists their uuids.
func (e *Engine) ForgetEntity(ctx context.Context, group, ref string) (Forgotten, error) {
	if err := e.checkOpen(); err != nil {
		return Forgotten{}, err
	}
	if err := core.ValidateGroupID(group); err != nil {
		return Forgotten{}, err
	}
	if strings.TrimSpace(ref) == "" {
		return Forgotten{}, invalidf("name the entity to forget by its uuid or its name")
	}
	unlock, err := e.lockGroup(ctx, group)
	if err != nil {
		return Forgotten{}, err
	}
	f, err := e.forgetEntity(ctx, group, ref)
	unlock()
	if err != nil {
		return Forgotten{}, err
	}
	e.rebuildCommunities(ctx, group, &f)
	return f, nil
}

// forgetting is what a forget starts from: episodes to forget, an entity
// to delete, and the names that mark the facts to delete with it.
type forgetting struct {
	episodes []string
	entity   string
	names    []string
}

// forgetEntity finds the entity ref names and what names it, and forgets
// them. The caller holds the group's lock.
func (e *Engine) forgetEntity(ctx context.Context, group, ref string) (Forgotten, error) {
	x, err := e.entityByRef(ctx, group, ref)
	if err != nil {
		return Forgotten{}, err
	}
	names := append([]string{x.Name}, x.Aliases()...)
	eps, err := e.store.EntityEpisodes(ctx, []string{group}, x.UUID)
	if err != nil {
		return Forgotten{}, fmt.Errorf("read the episodes of entity %s: %w", x.UUID, err)
	}
	err = eachPage(ctx, func(o core.ListOptions) (core.Page[core.Episode], error) { return e.store.ListEpisodes(ctx, group, o) }, core.ListOptions{},
		func(ep core.Episode) {
			if ep.GroupID == group && namesAny(names, ep.Content, ep.Name, ep.SourceDescription) {
				eps = append(eps, ep.UUID)
			}
		})
	if err != nil {
		return Forgotten{}, fmt.Errorf("read the episodes of group %s: %w", group, err)
	}
	slices.Sort(eps)
	f, err := e.forget(ctx, group, forgetting{episodes: slices.Compact(eps), entity: x.UUID, names: names})
	f.Entity = x.UUID
	return f, err
}

// entityByRef returns the entity of group whose uuid is ref or, failing
// that, whose name or alias normalizes as ref does.
func (e *Engine) entityByRef(ctx context.Context, group, ref string) (core.Entity, error) {
	if core.ValidateUUID(ref) == nil {
		es, err := e.store.Entities(ctx, []string{group}, []string{ref}, core.GetOptions{})
		if err != nil {
			return core.Entity{}, fmt.Errorf("read entity %s: %w", ref, err)
		}
		if len(es) == 1 && es[0].GroupID == group {
			return es[0], nil
		}
	}
	key := core.NormalizeName(ref)
	es, err := e.store.EntitiesByName(ctx, group, []string{key})
	if err != nil {
		return core.Entity{}, fmt.Errorf("find entities named %q: %w", ref, err)
	}
	var match []core.Entity
	for _, x := range es {
		if x.GroupID != group {
			continue
		}
		if core.NormalizeName(x.Name) == key || slices.ContainsFunc(x.Aliases(), func(a string) bool { return core.NormalizeName(a) == key }) {
			match = append(match, x)
		}
	}
	if len(match) == 0 {
		// Aliases are attributes, which no store indexes: a scan.
		err := eachPage(ctx, func(o core.ListOptions) (core.Page[core.Entity], error) { return e.store.ListEntities(ctx, group, o) }, core.ListOptions{},
			func(x core.Entity) {
				if x.GroupID == group && slices.ContainsFunc(x.Aliases(), func(a string) bool { return core.NormalizeName(a) == key }) {
					match = append(match, x)
				}
			})
		if err != nil {
			return core.Entity{}, fmt.Errorf("find entities named %q: %w", ref, err)
		}
	}
	switch len(match) {
	case 0:
		return core.Entity{}, fmt.Errorf("no entity of group %s has the uuid or the name %q: %w", group, ref, core.ErrNotFound)
	case 1:
		return match[0], nil
	}
	ids := make([]string, len(match))
	for i, x := range match {
		ids[i] = x.UUID
	}
	slices.Sort(ids)
	return core.Entity{}, fmt.Errorf("%w: %d entities of group %s have the name %q: forget one by its uuid (%s)", core.ErrConflict, len(match), group, ref, strings.Join(ids, ", "))
}

// forget plans and writes the erasure of what w names, in one Change. The
// caller holds the group's lock.
func (e *Engine) forget(ctx context.Context, group string, w forgetting) (Forgotten, error) {
	groups := []string{group}
	forgotten := map[string]bool{}
	// mentionedBy counts, for each entity, the forgotten episodes that
	// mention it.
	mentionedBy := map[string]int{}
	var stated []string
	for _, id := range w.episodes {
		links, err := e.store.EpisodeLinks(ctx, groups, id)
		if err != nil {
			return Forgotten{}, fmt.Errorf("episode %s: %w", id, err)
		}
		forgotten[id] = true
		for _, x := range links.Entities {
			mentionedBy[x]++
		}
		stated = append(stated, links.Facts...)
	}
	slices.Sort(stated)
	facts, err := e.store.Facts(ctx, groups, slices.Compact(stated), core.GetOptions{})
	if err != nil {
		return Forgotten{}, fmt.Errorf("read the facts of the forgotten episodes: %w", err)
	}
	// A fact goes when every episode that stated it is forgotten, and, when
	// an entity is forgotten, when the entity is one of its ends or its
	// text names the entity.
	gone := map[string]core.Fact{}
	for _, f := range facts {
		if !slices.ContainsFunc(f.Episodes, func(ep string) bool { return !forgotten[ep] }) {
			gone[f.UUID] = f
		}
	}
	if w.entity != "" {
		opts := core.ListOptions{Filter: core.Filter{IncludeInvalid: true, Now: e.now()}}
		err := eachPage(ctx, func(o core.ListOptions) (core.Page[core.Fact], error) { return e.store.ListFacts(ctx, group, o) }, opts, func(f core.Fact) {
			if f.GroupID == group && (f.SourceUUID == w.entity || f.TargetUUID == w.entity || namesAny(w.names, f.Text)) {
				gone[f.UUID] = f
			}
		})
		if err != nil {
			return Forgotten{}, fmt.Errorf("read the facts of group %s: %w", group, err)
		}
	}
	goneIDs := make([]string, 0, len(gone))
	ends := map[string]int{}
	for id, f := range gone {
		goneIDs = append(goneIDs, id)
		ends[f.SourceUUID]++
		if f.TargetUUID != f.SourceUUID {
			ends[f.TargetUUID]++
		}
	}
	slices.Sort(goneIDs)
	isGone := func(id string) bool { _, ok := gone[id]; return ok }
	restored, err := e.restorable(ctx, group, append(slices.Clone(w.episodes), goneIDs...), mapOf(goneIDs))
	if err != nil {
		return Forgotten{}, err
	}
	// The entities touched: mentioned by a forgotten episode or an end of
	// a fact deleted or restored. Those that nothing else supports go; the
	// others get their summaries rebuilt.
	touched := map[string]bool{}
	for id := range mentionedBy {
		touched[id] = true
	}
	for id := range ends {
		touched[id] = true
	}
	for _, f := range restored {
		touched[f.SourceUUID], touched[f.TargetUUID] = true, true
	}
	// Summaries can name an entity without any link to it: the
	// summaries that name the forgotten entity are rebuilt, and the
	// communities whose name or summary does go, like those of the
	// affected entities.
	named := map[string]bool{}
	if w.entity != "" {
		touched[w.entity] = true
		err := eachPage(ctx, func(o core.ListOptions) (core.Page[core.Entity], error) { return e.store.ListEntities(ctx, group, o) }, core.ListOptions{}, func(x core.Entity) {
			if x.GroupID == group && namesAny(w.names, x.Summary) {
				touched[x.UUID] = true
			}
		})
		if err != nil {
			return Forgotten{}, fmt.Errorf("read the entities of group %s: %w", group, err)
		}
		err = eachPage(ctx, func(o core.ListOptions) (core.Page[core.Community], error) {
			return e.store.ListCommunities(ctx, group, o)
		}, core.ListOptions{}, func(c core.Community) {
			if c.GroupID == group && namesAny(w.names, c.Name, c.Summary) {
				named[c.UUID] = true
			}
		})
		if err != nil {
			return Forgotten{}, fmt.Errorf("read the communities of group %s: %w", group, err)
		}
	}
	ids := slices.Sorted(maps.Keys(touched))
	refs, err := e.store.EntityReferences(ctx, group, ids)
	if err != nil {
		return Forgotten{}, fmt.Errorf("count the references of the affected entities: %w", err)
	}
	// An entity goes when the forget takes what supported it: a mention or
	// a fact, and then all of them.
	lost := func(id string) bool { return mentionedBy[id] > 0 || ends[id] > 0 }
	var orphans, keep []string
	for _, id := range ids {
		r, ok := refs[id]
		switch {
		case !ok:
		case id == w.entity || lost(id) && r.Mentions <= mentionedBy[id] && r.Facts <= ends[id]:
			orphans = append(orphans, id)
		default:
			keep = append(keep, id)
		}
	}
	comms, err := e.store.CommunitiesOf(ctx, group, ids)
	if err != nil {
		return Forgotten{}, fmt.Errorf("read the communities of the affected entities: %w", err)
	}
	summaries, err := e.rebuiltSummaries(ctx, group, keep, isGone, restored)
	if err != nil {
		return Forgotten{}, err
	}
	for _, c := range comms {
		named[c] = true
	}
	delComms := slices.Sorted(maps.Keys(named))
	// The facts that stay forget, in their records, what the forgotten
	// episodes did (core.WhyAttribute).
	changed := restored
	for i := range changed {
		for _, ep := range w.episodes {
			changed[i].Attributes = core.WithoutWhyOf(changed[i].Attributes, ep)
		}
	}
	for _, f := range facts {
		if isGone(f.UUID) || len(core.WhyOf(f.Attributes)) == 0 || slices.ContainsFunc(changed, func(x core.Fact) bool { return x.UUID == f.UUID }) {
			continue
		}
		for _, ep := range w.episodes {
			f.Attributes = core.WithoutWhyOf(f.Attributes, ep)
		}
		f.Episodes, f.Embedding = nil, nil
		changed = append(changed, f)
	}
	ch := core.Change{Group: group, Facts: changed, Entities: summaries, DeleteCommunities: delComms,
		DeleteEpisodes: w.episodes, DeleteFacts: goneIDs, DeleteEntities: orphans}
	if err := e.store.Apply(ctx, ch); err != nil {
		return Forgotten{}, fmt.Errorf("forget: %w", err)
	}
	e.q.drop(group, w.episodes...)
	return Forgotten{
		Deleted:    core.Deleted{Episodes: len(w.episodes), Facts: len(goneIDs), Entities: len(orphans), Communities: len(delComms), Restored: len(restored)},
		EpisodeIDs: slices.Clone(w.episodes), Summaries: len(summaries),
	}, nil
}

// rebuiltSummaries returns the entities ids, whose summaries are rebuilt
// from the facts that remain after the forget: their facts that are not
// expired and not gone, and the restored facts. Entities whose summary
// does not change are left out.
func (e *Engine) rebuiltSummaries(ctx context.Context, group string, ids []string, gone func(string) bool, restored []core.Fact) ([]core.Entity, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	byEntity := map[string][]core.Fact{}
	add := func(f core.Fact) {
		byEntity[f.SourceUUID] = append(byEntity[f.SourceUUID], f)
		if f.TargetUUID != f.SourceUUID {
			byEntity[f.TargetUUID] = append(byEntity[f.TargetUUID], f)
		}
	}
	reopened := map[string]bool{}
	for _, f := range restored {
		reopened[f.UUID] = true
		add(f)
	}
	ents := make([]core.Entity, 0, len(ids))
	for lo := 0; lo < len(ids); lo += readChunk {
		chunk := ids[lo:min(lo+readChunk, len(ids))]
		fs, err := e.store.FactsOfEntities(ctx, group, chunk, 0)
		if err != nil {
			return nil, fmt.Errorf("read the facts of the affected entities: %w", err)
		}
		for _, f := range fs {
			if !gone(f.UUID) && !reopened[f.UUID] && f.ExpiredAt.IsZero() {
				add(f)
			}
		}
		es, err := e.store.Entities(ctx, []string{group}, chunk, core.GetOptions{})
		if err != nil {
			return nil, fmt.Errorf("read the affected entities: %w", err)
		}
		ents = append(ents, es...)
	}
	var out []core.Entity
	for _, en := range ents {
		if summary := text.FactSummary(byEntity[en.UUID], e.ingest.MaxSummaryChars); summary != en.Summary {
			en.Summary = summary
			en.NameEmbedding = nil // keep the stored vector: it embeds the name
			out = append(out, en)
		}
	}
	return out, nil
}

// rebuildCommunities rebuilds the group's communities after a forget that
// deleted some, and records in f what it did.
func (e *Engine) rebuildCommunities(ctx context.Context, group string, f *Forgotten) {
	if f.Communities == 0 {
		return
	}
	rep, err := e.BuildCommunities(ctx, group)
	if err != nil {
		f.Warnings = append(f.Warnings, fmt.Sprintf("the communities of group %s were deleted with what they summarized but not rebuilt (%v): run mnemo communities build --group %s", group, err, group))
		return
	}
	f.Rebuilt = rep.Communities
}

// eachPage calls f on every item of a listing, page after page.
func eachPage[T any](ctx context.Context, list func(core.ListOptions) (core.Page[T], error), opts core.ListOptions, f func(T)) error {
	opts.Limit = 1000
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		p, err := list(opts)
		if err != nil {
			return err
		}
		for _, x := range p.Items {
			f(x)
		}
		if p.Next == "" {
			return nil
		}
		opts.Cursor = p.Next
	}
}

// namesAny reports whether one of names appears in one of texts as a
// word: case folded, not inside a longer word. Names shorter than two
// letters are ignored.
func namesAny(names []string, texts ...string) bool {
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		if len([]rune(n)) < 2 {
			continue
		}
		for _, t := range texts {
			if hasWord(strings.ToLower(t), n) {
				return true
			}
		}
	}
	return false
}

// hasWord reports whether w occurs in s with no letter or digit right
// before or after it.
func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(w)
		before, _ := utf8.DecodeLastRuneInString(s[:at])
		after, _ := utf8.DecodeRuneInString(s[end:])
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
		i = at + 1
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func mapOf(ids []string) map[string]bool {
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// readChunk bounds the uuids sent in one store read.
const readChunk = 2000
