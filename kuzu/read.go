package kuzu

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Columns read for each kind of object, in decode order.
const (
	episodeCols   = "e.uuid, e.group_id, e.name, e.source, e.source_description, e.content, e.valid_at, e.created_at, e.status, e.attempts, e.error, e.warnings, e.trust"
	entityCols    = "n.uuid, n.group_id, n.name, n.labels, n.summary, n.attributes, n.created_at, n.archived_at"
	factCols      = "f.uuid, f.group_id, f.relation, f.fact, f.source_uuid, f.target_uuid, f.attributes, f.valid_at, f.invalid_at, f.stated_invalid_at, f.created_at, f.expired_at, f.invalidated_by, f.episodes, f.archived_at, f.trust, f.quarantined_at, f.released_at"
	communityCols = "c.uuid, c.group_id, c.name, c.summary, c.created_at"
)

func decodeEpisode(r row) core.Episode {
	return core.Episode{
		UUID: str(r[0]), GroupID: str(r[1]), Name: str(r[2]), Source: core.Source(str(r[3])),
		SourceDescription: str(r[4]), Content: str(r[5]), ValidAt: tm(r[6]), CreatedAt: tm(r[7]),
		Status: core.EpisodeStatus(str(r[8])), Attempts: int(i64(r[9])), Error: str(r[10]),
		Warnings: splitWarnings(str(r[11])), Trust: str(r[12]),
	}
}

// Warnings are stored one per line: joinWarnings keeps each on its line.
func joinWarnings(ws []string) string {
	lines := make([]string, len(ws))
	for i, w := range ws {
		lines[i] = strings.Join(strings.Fields(w), " ")
	}
	return strings.Join(lines, "\n")
}

func splitWarnings(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func decodeEntity(r row) (core.Entity, error) {
	attrs, err := decodeAttrs(str(r[5]))
	if err != nil {
		return core.Entity{}, fmt.Errorf("entity %s: %w", str(r[0]), err)
	}
	return core.Entity{
		UUID: str(r[0]), GroupID: str(r[1]), Name: str(r[2]), Labels: strs(r[3]),
		Summary: str(r[4]), Attributes: attrs, CreatedAt: tm(r[6]), ArchivedAt: tm(r[7]),
	}, nil
}

func decodeFact(r row) (core.Fact, error) {
	attrs, err := decodeAttrs(str(r[6]))
	if err != nil {
		return core.Fact{}, fmt.Errorf("fact %s: %w", str(r[0]), err)
	}
	return core.Fact{
		UUID: str(r[0]), GroupID: str(r[1]), Relation: str(r[2]), Text: str(r[3]),
		SourceUUID: str(r[4]), TargetUUID: str(r[5]), Attributes: attrs,
		ValidAt: tm(r[7]), InvalidAt: tm(r[8]), StatedInvalidAt: tm(r[9]),
		CreatedAt: tm(r[10]), ExpiredAt: tm(r[11]), InvalidatedBy: str(r[12]), Episodes: strs(r[13]),
		ArchivedAt: tm(r[14]), Trust: str(r[15]), QuarantinedAt: tm(r[16]), ReleasedAt: tm(r[17]),
	}, nil
}

func decodeCommunity(r row) core.Community {
	return core.Community{UUID: str(r[0]), GroupID: str(r[1]), Name: str(r[2]), Summary: str(r[3]), CreatedAt: tm(r[4])}
}

func decodeAttrs(s string) (map[string]any, error) {
	if s == "" || s == "{}" {
		return nil, nil
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, fmt.Errorf("decode attributes: %w", err)
	}
	return m, nil
}

func encodeAttrs(m map[string]any) (string, error) {
	if len(m) == 0 {
		return "", nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("%w: attributes are not JSON: %w", core.ErrInvalid, err)
	}
	return string(b), nil
}

// Episode reads one episode of groups: ErrNotFound when none holds it.
func (s *Store) Episode(ctx context.Context, groups []string, uuid string) (core.Episode, error) {
	eps, err := s.Episodes(ctx, groups, []string{uuid}, core.GetOptions{})
	if err != nil {
		return core.Episode{}, err
	}
	if len(eps) == 0 {
		return core.Episode{}, fmt.Errorf("episode %s: %w", uuid, core.ErrNotFound)
	}
	return eps[0], nil
}

// Episodes implements core.EpisodeStore. The timeline holds every
// episode's row but its content, and the contents of the latest: Kuzu is
// asked for the other contents alone, by key.
func (s *Store) Episodes(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Episode, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, nil
	}
	var eps []core.Episode
	var uncached []int
	if err := s.inMemory(func() error {
		eps, uncached = s.timeline.episodes(groups, uuids)
		return nil
	}); err != nil || len(eps) == 0 {
		return nil, err
	}
	var out []core.Episode
	read := func(c *conn) error {
		if err := readContents(ctx, c, s.lookupLimit(core.ScopeEpisodes), eps, uncached); err != nil {
			return err
		}
		byID := make(map[string]core.Episode, len(eps))
		for _, ep := range eps {
			if ep.UUID != "" {
				byID[ep.UUID] = ep
			}
		}
		out = ordered(uuids, byID)
		if opts.Embeddings {
			return fillVecs(ctx, c, core.ScopeEpisodes, out, func(e *core.Episode) (string, *[]float32) { return episodeKey(e.GroupID, e.UUID), &e.Embedding })
		}
		return nil
	}
	if len(uncached) == 0 && !opts.Embeddings {
		return out, read(nil)
	}
	return out, s.read(ctx, read)
}

// readContents reads the contents of the episodes of eps at the indexes
// uncached, by key, and clears the uuid of those Kuzu no longer holds
// (deleted since the timeline was read).
func readContents(ctx context.Context, c *conn, limit int, eps []core.Episode, uncached []int) error {
	if len(uncached) == 0 {
		return nil
	}
	keys := make([]string, len(uncached))
	for i, j := range uncached {
		keys[i] = episodeKey(eps[j].GroupID, eps[j].UUID)
	}
	rows, err := lookup(ctx, c, limit, "e", "Episode", "", "e.key, e.content", nil, keys)
	if err != nil {
		return fmt.Errorf("read episodes: %w", err)
	}
	content := make(map[string]string, len(rows))
	for _, r := range rows {
		content[str(r[0])] = str(r[1])
	}
	for i, j := range uncached {
		var ok bool
		if eps[j].Content, ok = content[keys[i]]; !ok {
			eps[j].UUID = ""
		}
	}
	return nil
}

// ListEpisodes implements core.EpisodeStore. The cursor is the reference
// time (Unix microseconds) and uuid of the last episode of the page.
func (s *Store) ListEpisodes(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Episode], error) {
	var page core.Page[core.Episode]
	if err := core.ValidateGroupID(group); err != nil {
		return page, err
	}
	w := newWhere()
	w.groups("e", []string{group})
	if err := opts.Filter.Validate(core.ScopeEpisodes); err != nil {
		return page, err
	}
	w.filter(core.ScopeEpisodes, "e", opts.Filter)
	if opts.Status != "" {
		w.add("e.status = %s", w.param(string(opts.Status)))
	}
	if opts.Cursor != "" {
		t, id, err := parseEpisodeCursor(opts.Cursor)
		if err != nil {
			return page, err
		}
		w.add("(e.valid_at > timestamp(%s) OR (e.valid_at = timestamp(%s) AND e.uuid > %s))", w.param(tsParam(t)), w.param(tsParam(t)), w.param(id))
	}
	n := opts.PageSize()
	err := s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, fmt.Sprintf("MATCH (e:Episode) WHERE %s RETURN %s ORDER BY e.valid_at, e.uuid LIMIT %d", w, episodeCols, n+1), w.params)
		if err != nil {
			return fmt.Errorf("list episodes: %w", err)
		}
		for i, r := range rows {
			if i == n {
				last := page.Items[n-1]
				page.Next = fmt.Sprintf("%d.%s", last.ValidAt.UnixMicro(), last.UUID)
				break
			}
			page.Items = append(page.Items, decodeEpisode(r))
		}
		if opts.Embeddings {
			return fillVecs(ctx, c, core.ScopeEpisodes, page.Items, func(e *core.Episode) (string, *[]float32) { return episodeKey(e.GroupID, e.UUID), &e.Embedding })
		}
		return nil
	})
	return page, err
}

func parseEpisodeCursor(cur string) (time.Time, string, error) {
	ts, id, ok := strings.Cut(cur, ".")
	var us int64
	if _, err := fmt.Sscan(ts, &us); !ok || err != nil || id == "" {
		return time.Time{}, "", fmt.Errorf("%w: cursor %q is malformed", core.ErrInvalid, cur)
	}
	return time.UnixMicro(us).UTC(), id, nil
}

// PendingGroups implements core.EpisodeStore.
func (s *Store) PendingGroups(ctx context.Context) ([]string, error) {
	var out []string
	err := s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, "MATCH (e:Episode) WHERE e.status = 'pending' RETURN DISTINCT e.group_id AS g ORDER BY g", nil)
		if err != nil {
			return fmt.Errorf("list pending groups: %w", err)
		}
		for _, r := range rows {
			out = append(out, str(r[0]))
		}
		return nil
	})
	return out, err
}

// PendingEpisodes implements core.EpisodeStore.
func (s *Store) PendingEpisodes(ctx context.Context, group string, limit int) ([]core.Episode, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 100
	}
	var eps []core.Episode
	err := s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, fmt.Sprintf("MATCH (e:Episode) WHERE e.group_id = $g AND e.status = 'pending' RETURN %s ORDER BY e.valid_at, e.uuid LIMIT %d", episodeCols, limit),
			map[string]any{"g": group})
		if err != nil {
			return fmt.Errorf("list pending episodes: %w", err)
		}
		for _, r := range rows {
			eps = append(eps, decodeEpisode(r))
		}
		return nil
	})
	return eps, err
}

// PreviousEpisodes implements core.EpisodeStore. The timeline finds them
// and holds their rows (Episodes).
func (s *Store) PreviousEpisodes(ctx context.Context, ep core.Episode, n int) ([]core.Episode, error) {
	if err := core.ValidateGroupID(ep.GroupID); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	var ids []string
	if err := s.inMemory(func() error {
		ids = s.timeline.before(ep.GroupID, unixMicro(micro(ep.ValidAt)), ep.UUID, n)
		return nil
	}); err != nil || len(ids) == 0 {
		return nil, err
	}
	eps, err := s.Episodes(ctx, []string{ep.GroupID}, ids, core.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("read previous episodes: %w", err)
	}
	return eps, nil
}

// EpisodeLinks implements core.EpisodeStore.
func (s *Store) EpisodeLinks(ctx context.Context, groups []string, uuid string) (core.Links, error) {
	var l core.Links
	ep, err := s.Episode(ctx, groups, uuid)
	if err != nil {
		return l, err
	}
	key := episodeKey(ep.GroupID, uuid)
	err = s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, "MATCH (e:Episode {key: $k})-[:MENTIONS]->(n:Entity) RETURN n.uuid ORDER BY n.uuid", map[string]any{"k": key})
		if err != nil {
			return fmt.Errorf("read episode entities: %w", err)
		}
		for _, r := range rows {
			l.Entities = append(l.Entities, str(r[0]))
		}
		rows, err = c.query(ctx, "MATCH (e:Episode {key: $k})-[:STATES]->(f:Fact) RETURN f.uuid ORDER BY f.uuid", map[string]any{"k": key})
		if err != nil {
			return fmt.Errorf("read episode facts: %w", err)
		}
		for _, r := range rows {
			l.Facts = append(l.Facts, str(r[0]))
		}
		return nil
	})
	return l, err
}

// Entities implements core.EntityStore. The entities come from the
// catalog, which holds every entity's row; only their embeddings, when
// asked for, are read from Kuzu.
func (s *Store) Entities(ctx context.Context, groups []string, uuids []string, opts core.GetOptions) ([]core.Entity, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	if len(uuids) == 0 {
		return nil, nil
	}
	return fromCatalog(ctx, s, core.ScopeEntities, opts, func() ([]core.Entity, error) { return s.cat.entitiesOf(groups, uuids) },
		func(e *core.Entity) (string, *[]float32) { return e.UUID, &e.NameEmbedding })
}

// EntityNames implements core.EntityStore from the catalog.
func (s *Store) EntityNames(ctx context.Context, groups []string, uuids []string) (map[string]string, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	var out map[string]string
	err := s.inMemory(func() error {
		out = s.cat.entityNames(groups, uuids)
		return nil
	})
	return out, err
}

// ListEntities implements core.EntityStore.
func (s *Store) ListEntities(ctx context.Context, group string, opts core.ListOptions) (core.Page[core.Entity], error) {
	var page core.Page[core.Entity]
	if err := opts.Filter.Validate(core.ScopeEntities); err != nil {
		return page, err
	}
	err := s.list(ctx, group, core.ScopeEntities, "n", opts, func(c *conn, rows []row) error {
		for _, r := range rows {
			e, err := decodeEntity(r)
			if err != nil {
				return err
			}
			page.Items = append(page.Items, e)
		}
		if opts.Embeddings {
			return fillVecs(ctx, c, core.ScopeEntities, page.Items, func(e *core.Entity) (string, *[]float32) { return e.UUID, &e.NameEmbedding })
		}
		return nil
	}, &page.Next)
	return page, err
}

// list runs a uuid-cursor listing of one node table.
func (s *Store) list(ctx context.Context, group string, sc core.Scope, alias string, opts core.ListOptions, decode func(*conn, []row) error, next *string) error {
	if err := core.ValidateGroupID(group); err != nil {
		return err
	}
	w := newWhere()
	w.groups(alias, []string{group})
	w.filter(sc, alias, opts.Filter)
	if opts.Cursor != "" {
		w.add("%s.uuid > %s", alias, w.param(opts.Cursor))
	}
	cols := map[core.Scope]string{core.ScopeEntities: entityCols, core.ScopeFacts: factCols, core.ScopeCommunities: communityCols}[sc]
	n := opts.PageSize()
	return s.read(ctx, func(c *conn) error {
		if !s.hasTables(sc) {
			return nil // no community was ever written
		}
		rows, err := c.query(ctx, fmt.Sprintf("MATCH (%s:%s) WHERE %s RETURN %s ORDER BY %s.uuid LIMIT %d", alias, nodeTable(sc), w, cols, alias, n+1), w.params)
		if err != nil {
			return fmt.Errorf("list %s: %w", sc, err)
		}
		if len(rows) > n {
			rows = rows[:n]
			*next = str(rows[n-1][0])
		}
		return decode(c, rows)
	})
}

// EntitiesByName implements core.EntityStore from the catalog's name
// index (see catalog_index.go).
func (s *Store) EntitiesByName(ctx context.Context, group string, keys []string) ([]core.Entity, error) {
	if err := core.ValidateGroupID(group); err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, nil
	}
	return fromCatalog(ctx, s, core.ScopeEntities, core.GetOptions{}, func() ([]core.Entity, error) { return s.cat.entitiesByName(group, keys) }, nil)
}

// EntityEpisodes implements core.EntityStore.
func (s *Store) EntityEpisodes(ctx context.Context, groups []string, uuid string) ([]string, error) {
	if err := core.ValidateGroups(groups); err != nil {
		return nil, err
	}
	var out []string
	err := s.read(ctx, func(c *conn) error {
		w := newWhere()
		w.groups("n", groups)
		rows, err := c.query(ctx, "MATCH (n:Entity {uuid: $u}) WHERE "+w.String()+" RETURN n.uuid", w.merge(map[string]any{"u": uuid}))
		if err != nil {
			return fmt.Errorf("read entity: %w", err)
		}
		if len(rows) == 0 {
			return fmt.Errorf("entity %s: %w", uuid, core.ErrNotFound)
		}
		rows, err = c.query(ctx, "MATCH (e:Episode)-[:MENTIONS]->(n:Entity {uuid: $u}) RETURN e.uuid ORDER BY e.valid_at, e.uuid", map[string]any{"u": uuid})
		if err != nil {
			return fmt.Errorf("read entity episodes: %w", err)
		}
		for _, r := range rows {
			out = append(out, str(r[0]))
		}
		return nil
	})
	return out, err
}

// readVecs reads the embeddings of uuids (for episodes, keys: see
// episodeKey) in a scope, by uuid (key).
func readVecs(ctx context.Context, c *conn, sc core.Scope, uuids []string) (map[string][]float32, error) {
	if len(uuids) == 0 {
		return nil, nil
	}
	rows, err := lookup(ctx, c, vecLookupLimit, "v", vecTable(sc), "", "v."+pkCol(vecTable(sc))+", CAST(v.vec AS STRING)", nil, uuids)
	if err != nil {
		return nil, fmt.Errorf("read embeddings: %w", err)
	}
	out := make(map[string][]float32, len(rows))
	for _, r := range rows {
		v, err := parseVec(str(r[1]))
		if err != nil {
			return nil, err
		}
		out[str(r[0])] = v
	}
	return out, nil
}

// fillVecs sets the embeddings of items from the vector table of sc.
func fillVecs[T any](ctx context.Context, c *conn, sc core.Scope, items []T, field func(*T) (string, *[]float32)) error {
	ids := make([]string, len(items))
	for i := range items {
		ids[i], _ = field(&items[i])
	}
	vecs, err := readVecs(ctx, c, sc, ids)
	if err != nil {
		return err
	}
	for i := range items {
		id, v := field(&items[i])
		*v = vecs[id]
	}
	return nil
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// ordered returns the values of byID in the order of ids, skipping unknown
// and repeated ids.
func ordered[V any](ids []string, byID map[string]V) []V {
	out := make([]V, 0, len(byID))
	seen := map[string]bool{}
	for _, id := range ids {
		if v, ok := byID[id]; ok && !seen[id] {
			out = append(out, v)
			seen[id] = true
		}
	}
	return out
}
