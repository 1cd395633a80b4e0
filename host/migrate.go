package host

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"

	"github.com/mnemohq/mnemo/core"
)

// MigrateReport counts what Migrate copied.
type MigrateReport struct {
	Groups, Episodes, Entities, Facts, Communities, Mentions int
	// Records counts the records (core.RecordStore) copied, of every
	// group and kind.
	Records int
}

// migrateBatch is the most objects one write of a migration carries.
const migrateBatch = 500

// Migrate copies every group of the store that from configures into the
// store that to configures (`mnemo migrate`), then reads both back and
// compares them: episodes, entities, facts with their provenance,
// communities, each episode's links and the counts. The target records
// the source's embedder, whose vectors it receives. Episodes are written
// pending first and given their status last, so a migration cut short
// leaves them pending; run it again (every write is idempotent) before
// serving the target.
// Groups are the source's Groups: a group without an episode is not
// copied. Records (the Zep-compatible API's users and threads,
// evolution's statistics, erasures' audit records) are copied after the
// groups, those of every group, with or without episodes, and read back
// from the target; a source with records and a target that keeps none is
// core.ErrUnsupported, before anything is written.
func Migrate(ctx context.Context, from, to Config, log *slog.Logger) (MigrateReport, error) {
	var rep MigrateReport
	if err := from.Validate(); err != nil {
		return rep, err
	}
	if err := to.Validate(); err != nil {
		return rep, err
	}
	// The vectors are copied as they are: the target records the source's
	// embedder, whatever embedder to's configuration names.
	id := from.Embedder.id(from.Embedder.Dimensions)
	src, err := openStore(ctx, from, id, false, log, nil)
	if err != nil {
		return rep, fmt.Errorf("open the source store: %w", err)
	}
	defer src.Close(context.WithoutCancel(ctx))
	id.Dimension = src.Dimension()
	dst, err := openStore(ctx, to, id, false, log, nil)
	if err != nil {
		return rep, fmt.Errorf("open the target store: %w", err)
	}
	defer dst.Close(context.WithoutCancel(ctx))
	records, err := readRecords(ctx, src, dst)
	if err != nil {
		return rep, err
	}
	groups, err := src.Groups(ctx)
	if err != nil {
		return rep, err
	}
	for _, g := range groups {
		if err := migrateGroup(ctx, src, dst, g, &rep); err != nil {
			return rep, fmt.Errorf("migrate group %s: %w", g, err)
		}
		a, err := readGroup(ctx, src, g)
		if err != nil {
			return rep, err
		}
		b, err := readGroup(ctx, dst, g)
		if err != nil {
			return rep, err
		}
		if !reflect.DeepEqual(a, b) {
			return rep, fmt.Errorf("%w: group %s reads differently in the target after its migration", core.ErrConflict, g)
		}
		rep.Groups++
	}
	if err := copyRecords(ctx, dst, records); err != nil {
		return rep, err
	}
	rep.Records = len(records)
	return rep, nil
}

// readRecords reads every record of the source, of every group and kind;
// none when the source keeps no records.
func readRecords(ctx context.Context, src, dst core.Store) ([]core.Record, error) {
	from, ok := src.(core.RecordStore)
	if !ok {
		return nil, nil
	}
	rs, err := from.Records(ctx, core.RecordQuery{AllKinds: true, AllGroups: true})
	if err != nil {
		return nil, fmt.Errorf("read the source's records: %w", err)
	}
	if _, ok := dst.(core.RecordStore); !ok && len(rs) > 0 {
		return nil, fmt.Errorf("%w: the source holds %d records and the target store keeps none", core.ErrUnsupported, len(rs))
	}
	return rs, nil
}

// copyRecords writes records into the target and checks that each group
// reads them back as they were (the target may hold others).
func copyRecords(ctx context.Context, dst core.Store, rs []core.Record) error {
	if len(rs) == 0 {
		return nil
	}
	to := dst.(core.RecordStore)
	if err := batches(rs, func(b []core.Record) error { return to.PutRecords(ctx, b) }); err != nil {
		return fmt.Errorf("copy records: %w", err)
	}
	type key struct{ group, kind, id string }
	want := make(map[key]string, len(rs))
	var groups []string
	for _, r := range rs {
		want[key{r.GroupID, r.Kind, r.ID}] = string(r.Data)
		if len(groups) == 0 || groups[len(groups)-1] != r.GroupID { // rs is ordered by group
			groups = append(groups, r.GroupID)
		}
	}
	for _, g := range groups {
		got, err := to.Records(ctx, core.RecordQuery{AllKinds: true, Groups: []string{g}})
		if err != nil {
			return fmt.Errorf("read the target's records: %w", err)
		}
		for _, r := range got {
			k := key{r.GroupID, r.Kind, r.ID}
			if d, ok := want[k]; ok {
				if d != string(r.Data) {
					return fmt.Errorf("%w: record %s/%s of group %s reads differently in the target", core.ErrConflict, r.Kind, r.ID, g)
				}
				delete(want, k)
			}
		}
	}
	for _, r := range rs {
		if _, ok := want[key{r.GroupID, r.Kind, r.ID}]; ok {
			return fmt.Errorf("%w: record %s/%s of group %s is missing from the target", core.ErrConflict, r.Kind, r.ID, r.GroupID)
		}
	}
	return nil
}

// listEvery pages through a listing.
func listEvery[T any](ctx context.Context, list func(context.Context, string, core.ListOptions) (core.Page[T], error), g string, o core.ListOptions) ([]T, error) {
	var all []T
	o.Limit = 1000
	for {
		p, err := list(ctx, g, o)
		if err != nil {
			return nil, err
		}
		all = append(all, p.Items...)
		if p.Next == "" {
			return all, nil
		}
		o.Cursor = p.Next
	}
}

// batches calls f with chunks of xs of at most migrateBatch.
func batches[T any](xs []T, f func([]T) error) error {
	for len(xs) > 0 {
		n := min(len(xs), migrateBatch)
		if err := f(xs[:n]); err != nil {
			return err
		}
		xs = xs[n:]
	}
	return nil
}

func migrateGroup(ctx context.Context, src, dst core.Store, g string, rep *MigrateReport) error {
	all := core.ListOptions{Embeddings: true, Filter: core.Filter{IncludeInvalid: true}}
	eps, err := listEvery(ctx, src.ListEpisodes, g, all)
	if err != nil {
		return err
	}
	ents, err := listEvery(ctx, src.ListEntities, g, all)
	if err != nil {
		return err
	}
	facts, err := listEvery(ctx, src.ListFacts, g, all)
	if err != nil {
		return err
	}
	comms, err := listEvery(ctx, src.ListCommunities, g, all)
	if err != nil {
		return err
	}
	var mentions []core.Mention
	for _, e := range eps {
		l, err := src.EpisodeLinks(ctx, []string{g}, e.UUID)
		if err != nil {
			return err
		}
		for _, x := range l.Entities {
			mentions = append(mentions, core.Mention{Episode: e.UUID, Entity: x})
		}
	}
	steps := []func() error{
		func() error {
			return batches(eps, func(b []core.Episode) error { _, err := dst.AddEpisodes(ctx, b); return err })
		},
		func() error {
			return batches(ents, func(b []core.Entity) error { return dst.Apply(ctx, core.Change{Entities: b}) })
		},
		func() error {
			return batches(facts, func(b []core.Fact) error { return dst.Apply(ctx, core.Change{Facts: b}) })
		},
		func() error {
			return batches(mentions, func(b []core.Mention) error { return dst.Apply(ctx, core.Change{Group: g, Mentions: b}) })
		},
		func() error {
			return batches(comms, func(b []core.Community) error { return dst.Apply(ctx, core.Change{Communities: b}) })
		},
		func() error {
			return batches(eps, func(b []core.Episode) error { return dst.Apply(ctx, core.Change{Episodes: b}) })
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	rep.Episodes += len(eps)
	rep.Entities += len(ents)
	rep.Facts += len(facts)
	rep.Communities += len(comms)
	rep.Mentions += len(mentions)
	return nil
}

// groupState is what a group reads as, for Migrate's comparison.
type groupState struct {
	Stats       core.Stats
	Episodes    []core.Episode
	Entities    []core.Entity
	Facts       []core.Fact
	Communities []core.Community
	Links       []core.Links
}

func readGroup(ctx context.Context, s core.Store, g string) (groupState, error) {
	var sn groupState
	var err error
	all := core.ListOptions{Filter: core.Filter{IncludeInvalid: true}}
	if sn.Stats, err = s.Stats(ctx, g); err != nil {
		return sn, err
	}
	if sn.Episodes, err = listEvery(ctx, s.ListEpisodes, g, all); err != nil {
		return sn, err
	}
	if sn.Entities, err = listEvery(ctx, s.ListEntities, g, all); err != nil {
		return sn, err
	}
	if sn.Facts, err = listEvery(ctx, s.ListFacts, g, all); err != nil {
		return sn, err
	}
	if sn.Communities, err = listEvery(ctx, s.ListCommunities, g, all); err != nil {
		return sn, err
	}
	for _, e := range sn.Episodes {
		l, err := s.EpisodeLinks(ctx, []string{g}, e.UUID)
		if err != nil {
			return sn, err
		}
		sn.Links = append(sn.Links, l)
	}
	return sn, nil
}
