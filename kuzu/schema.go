package kuzu

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// schemaVersion is the version of schema.cypher. Opening a database with an
// older version runs the migrations from its version up; a newer version is
// refused.
const schemaVersion = 10

//go:embed schema.cypher
var schemaText string

// migrations[v] upgrades a database from version v to v+1. A new database
// is created at schemaVersion by createSchema and needs none.
var migrations = map[int]func(ctx context.Context, c *conn, dim int) error{
	1: addFactEpisodes,
	2: addEpisodeWarnings,
	3: addRecords,
	4: keyEpisodes,
	5: addArchivedAt,
	6: addTrust,
	7: addReleasedAt,
	8: lazyTables,
	9: factAttrs,
}

// factAttrs is the step to version 10, from which a fact's changed
// attributes may be rows of the FactAttrs table (factattrs.go), made by
// the first change: the step has nothing to do, and the version keeps a
// mnemo that would read the Fact table's column alone from opening the
// database.
func factAttrs(context.Context, *conn, int) error { return nil }

// lazyTables is the step to version 9, from which the Record table and
// the community tables are made by the first record and the first
// community (lazytables.go). Opening drops them when empty, whatever the
// version, so the step has nothing to do; the version keeps a mnemo that
// expects them from opening a database without them.
func lazyTables(context.Context, *conn, int) error { return nil }

// addTrust adds the source class of episodes and facts and the quarantine
// stamp of facts (version 7): empty and NULL for everything stored
// before, which counts as the trust policy's default class, never
// quarantined. It can run again after an interruption: a column is added
// only if missing.
func addTrust(ctx context.Context, c *conn, _ int) error {
	for _, col := range []struct{ table, name, typ string }{
		{"Episode", "trust", "STRING DEFAULT ''"}, {"Fact", "trust", "STRING DEFAULT ''"}, {"Fact", "quarantined_at", "TIMESTAMP"},
	} {
		rows, err := c.query(ctx, "CALL TABLE_INFO('"+col.table+"') RETURN name", nil)
		if err != nil {
			return fmt.Errorf("read %s columns: %w", strings.ToLower(col.table), err)
		}
		if slices.ContainsFunc(rows, func(r row) bool { return str(r[0]) == col.name }) {
			continue
		}
		if err := c.exec(ctx, "ALTER TABLE "+col.table+" ADD "+col.name+" "+col.typ, nil); err != nil {
			return fmt.Errorf("add %s %s: %w", strings.ToLower(col.table), col.name, err)
		}
	}
	return nil
}

// addReleasedAt adds the release stamp of facts (version 8): when a
// fact left quarantine, NULL for every fact stored before, which reads as
// never released. It can run again after an interruption: the column is
// added only if missing.
func addReleasedAt(ctx context.Context, c *conn, _ int) error {
	rows, err := c.query(ctx, "CALL TABLE_INFO('Fact') RETURN name", nil)
	if err != nil {
		return fmt.Errorf("read fact columns: %w", err)
	}
	if slices.ContainsFunc(rows, func(r row) bool { return str(r[0]) == "released_at" }) {
		return nil
	}
	if err := c.exec(ctx, "ALTER TABLE Fact ADD released_at TIMESTAMP", nil); err != nil {
		return fmt.Errorf("add fact released_at: %w", err)
	}
	return nil
}

// addArchivedAt adds the archived_at column of the Entity and Fact tables
// (version 6), NULL for every object: nothing was archived before
// evolution existed. It can run again after an interruption: a column is
// added only if missing.
func addArchivedAt(ctx context.Context, c *conn, _ int) error {
	for _, table := range []string{"Entity", "Fact"} {
		rows, err := c.query(ctx, "CALL TABLE_INFO('"+table+"') RETURN name", nil)
		if err != nil {
			return fmt.Errorf("read %s columns: %w", strings.ToLower(table), err)
		}
		if slices.ContainsFunc(rows, func(r row) bool { return str(r[0]) == "archived_at" }) {
			continue
		}
		if err := c.exec(ctx, "ALTER TABLE "+table+" ADD archived_at TIMESTAMP", nil); err != nil {
			return fmt.Errorf("add %s archived_at: %w", strings.ToLower(table), err)
		}
	}
	return nil
}

// addRecords was the step to version 4, which added the Record table. The
// table is now made by the first record (lazytables.go), so the step has
// nothing to do.
func addRecords(context.Context, *conn, int) error { return nil }

// addEpisodeWarnings adds the Episode table's warnings column (version 3),
// empty for the episodes processed before. It can run again after an
// interruption.
func addEpisodeWarnings(ctx context.Context, c *conn, _ int) error {
	rows, err := c.query(ctx, "CALL TABLE_INFO('Episode') RETURN name", nil)
	if err != nil {
		return fmt.Errorf("read episode columns: %w", err)
	}
	for _, r := range rows {
		if str(r[0]) == "warnings" {
			return nil
		}
	}
	if err := c.exec(ctx, "ALTER TABLE Episode ADD warnings STRING DEFAULT ''", nil); err != nil {
		return fmt.Errorf("add episode warnings: %w", err)
	}
	return nil
}

// addFactEpisodes adds the Fact table's episodes column (version 2) and
// fills it from the STATES relationships. It can run again after an
// interruption: the column is added only if missing, and the fill is
// idempotent.
func addFactEpisodes(ctx context.Context, c *conn, _ int) error {
	rows, err := c.query(ctx, "CALL TABLE_INFO('Fact') RETURN name", nil)
	if err != nil {
		return fmt.Errorf("read fact columns: %w", err)
	}
	have := false
	for _, r := range rows {
		have = have || str(r[0]) == "episodes"
	}
	if !have {
		if err := c.exec(ctx, "ALTER TABLE Fact ADD episodes STRING[]", nil); err != nil {
			return fmt.Errorf("add fact episodes: %w", err)
		}
	}
	return fillProvenanceColumn(ctx, c)
}

// Vector index build parameters: a smaller graph degree and build beam
// than Kuzu's defaults (mu 30, ml 60, efc 200) build and insert about twice
// as fast at the recall mnemo measured (0.94 recall@10 against exact search
// on 20k text embeddings).
const vectorIndexParams = "metric := 'cosine', mu := 16, ml := 32, efc := 100"

// setup creates the schema of a new database, or checks and migrates an
// existing one, and makes sure every index exists.
func (s *Store) setup(ctx context.Context) error {
	c := s.writer
	rows, err := c.query(ctx, "CALL SHOW_TABLES() RETURN name", nil)
	if err != nil {
		return fmt.Errorf("list tables: %w", err)
	}
	tables := map[string]bool{}
	for _, r := range rows {
		tables[str(r[0])] = true
	}
	if e := s.opts.Embedder; e.Dimension != 0 && s.opts.Dimension != 0 && e.Dimension != s.opts.Dimension {
		return fmt.Errorf("%w: the embedder %s does not have the dimension %d", core.ErrInvalid, e, s.opts.Dimension)
	}
	version, dim := 0, s.opts.Dimension
	var meta map[string]string
	switch {
	case len(tables) == 0:
		if dim == 0 {
			return fmt.Errorf("%w: a new database needs an embedding dimension", core.ErrInvalid)
		}
	case !tables["Meta"]:
		return fmt.Errorf("%w: the database holds tables but no mnemo metadata; it is not a mnemo database", core.ErrInvalid)
	default:
		meta, err = readMeta(ctx, c)
		if err != nil {
			return err
		}
		if meta["app"] != "mnemo" {
			return fmt.Errorf("%w: the database's metadata does not name mnemo; it is not a mnemo database", core.ErrInvalid)
		}
		version, _ = strconv.Atoi(meta["schema_version"])
		stored, _ := strconv.Atoi(meta["dimension"])
		if version > schemaVersion {
			return fmt.Errorf("%w: database schema version %d is newer than this mnemo's (%d): upgrade mnemo", core.ErrConflict, version, schemaVersion)
		}
		if dim != 0 && dim != stored {
			return fmt.Errorf("%w: the database was created with embedding dimension %d, the configuration asks for %d (use the same embedder or a new database)", core.ErrConflict, stored, dim)
		}
		dim = stored
		if err := s.checkEmbedder(meta, dim); err != nil {
			return err
		}
	}
	// Compact runs setup again on the rewritten file while writers read
	// s.dim without the store's lock: the dimension is the same then, and
	// is not written again.
	if s.dim != dim {
		s.dim = dim
	}
	if n := fitMalloc(dim); n > 0 {
		s.log.Debug("malloc maps blocks apart from", "bytes", n)
	}
	if version == 0 {
		if err := createSchema(ctx, c, dim); err != nil {
			return err
		}
		meta = nil
		version = schemaVersion
		if err := c.exec(ctx, "MERGE (m:Meta {key: 'schema_version'}) SET m.value = $v", map[string]any{"v": strconv.Itoa(version)}); err != nil {
			return fmt.Errorf("record schema version: %w", err)
		}
	}
	if err := s.recordEmbedder(ctx, c, meta, len(tables) > 0); err != nil {
		return err
	}
	for v := version; v < schemaVersion; v++ {
		m, ok := migrations[v]
		if !ok {
			return fmt.Errorf("%w: no migration from schema version %d", core.ErrConflict, v)
		}
		s.log.Info("migrating database schema", "from", v, "to", v+1)
		if err := m(ctx, c, dim); err != nil {
			return fmt.Errorf("migrate schema from version %d: %w", v, err)
		}
		if err := c.exec(ctx, "MERGE (m:Meta {key: 'schema_version'}) SET m.value = $v", map[string]any{"v": strconv.Itoa(v + 1)}); err != nil {
			return fmt.Errorf("record schema version: %w", err)
		}
	}
	return nil
}

// Metadata keys of the embedder identity; its dimension is "dimension".
const (
	metaEmbedderName  = "embedder_name"
	metaEmbedderModel = "embedder_model"
)

// storedEmbedder is the embedder identity meta records, zero when it
// records none.
func storedEmbedder(meta map[string]string, dim int) core.EmbedderID {
	name, ok := meta[metaEmbedderName]
	if !ok {
		return core.EmbedderID{}
	}
	return core.EmbedderID{Name: name, Model: meta[metaEmbedderModel], Dimension: dim}
}

// checkEmbedder refuses an existing database of dimension dim whose
// recorded embedder is not Options.Embedder.
func (s *Store) checkEmbedder(meta map[string]string, dim int) error {
	want := s.opts.Embedder
	if want.IsZero() || s.opts.Restage {
		return nil
	}
	if want.Dimension == 0 {
		want.Dimension = dim
	}
	stored := storedEmbedder(meta, dim)
	if stored.IsZero() {
		return nil
	}
	return core.CheckEmbedder(stored, want)
}

// recordEmbedder records Options.Embedder in a database that records no
// embedder yet (new, or existing: made before mnemo kept it, which is
// logged), and remembers the database's.
func (s *Store) recordEmbedder(ctx context.Context, c *conn, meta map[string]string, existing bool) error {
	id := storedEmbedder(meta, s.dim)
	if id.IsZero() && !s.opts.Embedder.IsZero() && !s.opts.Restage {
		id = s.opts.Embedder
		id.Dimension = s.dim
		for k, v := range map[string]string{metaEmbedderName: id.Name, metaEmbedderModel: id.Model} {
			if err := c.exec(ctx, "MERGE (m:Meta {key: $k}) SET m.value = $v", map[string]any{"k": k, "v": v}); err != nil {
				return fmt.Errorf("record the embedder: %w", err)
			}
		}
		if existing {
			s.log.Info("the database records no embedder: it adopts the configured one", "embedder", id.String())
		}
	}
	s.embedder = id
	return nil
}

// EmbedderID returns the embedder the database records (Options.Embedder),
// zero if it records none.
func (s *Store) EmbedderID() core.EmbedderID { return s.embedder }

func readMeta(ctx context.Context, c *conn) (map[string]string, error) {
	rows, err := c.query(ctx, "MATCH (m:Meta) RETURN m.key, m.value", nil)
	if err != nil {
		return nil, fmt.Errorf("read metadata: %w", err)
	}
	meta := map[string]string{}
	for _, r := range rows {
		meta[str(r[0])] = str(r[1])
	}
	return meta, nil
}

func createSchema(ctx context.Context, c *conn, dim int) error {
	text := strings.ReplaceAll(schemaText, "FLOAT[DIM]", "FLOAT["+strconv.Itoa(dim)+"]")
	for _, stmt := range splitStatements(text) {
		if err := c.exec(ctx, stmt, nil); err != nil {
			return fmt.Errorf("create schema: %w", err)
		}
	}
	for k, v := range map[string]string{"app": "mnemo", "dimension": strconv.Itoa(dim)} {
		if err := c.exec(ctx, "MERGE (m:Meta {key: $k}) SET m.value = $v", map[string]any{"k": k, "v": v}); err != nil {
			return fmt.Errorf("write metadata: %w", err)
		}
	}
	return nil
}

// splitStatements splits schema text into statements, dropping comments.
func splitStatements(text string) []string {
	var out []string
	var cur strings.Builder
	for line := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		cur.WriteString(t)
		cur.WriteByte(' ')
		if strings.HasSuffix(t, ";") {
			out = append(out, strings.TrimSuffix(strings.TrimSpace(cur.String()), ";"))
			cur.Reset()
		}
	}
	return out
}

// vectorIndex is the HNSW index of each scope's vector table.
var vectorIndex = map[core.Scope]string{
	core.ScopeEntities: "entity_vec", core.ScopeFacts: "fact_vec",
	core.ScopeEpisodes: "episode_vec", core.ScopeCommunities: "community_vec",
}

// syncIndexes records which vector tables have Kuzu's HNSW index (a
// database from before the index kept in memory: see vecindex.go), and
// starts building the in-memory index of every other table that has
// reached VectorIndexAt vectors and has none. It runs on the writer, under
// the write lock (or before the store is shared).
func (s *Store) syncIndexes(ctx context.Context, c *conn) error {
	var have map[string]bool
	for _, sc := range core.Scopes {
		if !s.hasTables(sc) {
			s.indexed.Store(sc, false)
			continue
		}
		v, known := s.indexed.Load(sc)
		if known && v.(bool) || s.vecIndexOf(sc) != nil {
			continue
		}
		if !known {
			if have == nil {
				var err error
				if have, err = listIndexes(ctx, c); err != nil {
					return err
				}
			}
			on := have[vecTable(sc)+"."+vectorIndex[sc]]
			s.indexed.Store(sc, on)
			if on {
				continue
			}
		}
		if _, total := s.cat.counts(sc, nil); s.opts.VectorIndexAt >= 0 && total >= s.opts.VectorIndexAt {
			if err := s.buildVecIndex(sc, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func listIndexes(ctx context.Context, c *conn) (map[string]bool, error) {
	rows, err := c.query(ctx, "CALL SHOW_INDEXES() RETURN table_name, index_name", nil)
	if err != nil {
		return nil, fmt.Errorf("list indexes: %w", err)
	}
	have := map[string]bool{}
	for _, r := range rows {
		have[str(r[0])+"."+str(r[1])] = true
	}
	return have, nil
}

func createVectorIndex(ctx context.Context, c *conn, sc core.Scope) error {
	stmt := fmt.Sprintf("CALL CREATE_VECTOR_INDEX('%s', '%s', 'vec', %s)", vecTable(sc), vectorIndex[sc], vectorIndexParams)
	if err := c.exec(ctx, stmt, nil); err != nil {
		return fmt.Errorf("create vector index %s: %w", vectorIndex[sc], err)
	}
	return nil
}

// hasIndex reports whether a scope's vector table has its HNSW index.
func (s *Store) hasIndex(sc core.Scope) bool {
	v, _ := s.indexed.Load(sc)
	on, _ := v.(bool)
	return on
}

// BuildVectorIndexes builds the in-memory vector index of every vector
// table that has neither it nor Kuzu's, whatever the table sizes, before
// it returns. A bulk load opens the store with VectorIndexAt < 0, writes,
// then calls it: one build per table instead of an insert per vector.
//
// The store never drops Kuzu's HNSW index of a database from before: in
// Kuzu 0.11.3 DROP_VECTOR_INDEX removes only part of the index and leaves
// one that can be neither recreated nor replaced.
func (s *Store) BuildVectorIndexes(ctx context.Context) error {
	return s.ddl(ctx, func(c *conn) error {
		if err := s.syncIndexes(ctx, c); err != nil {
			return err
		}
		for _, sc := range core.Scopes {
			if !s.hasTables(sc) || s.hasIndex(sc) {
				// No community yet: its index is built when the table
				// reaches VectorIndexAt vectors (syncIndexes).
				continue
			}
			if v := s.vecIndexOf(sc); v != nil && v.isReady() {
				continue
			}
			if err := s.buildVecIndex(sc, c); err != nil {
				return err
			}
		}
		return nil
	})
}

// ddl runs f on the writer under the write lock, outside any transaction.
func (s *Store) ddl(ctx context.Context, f func(c *conn) error) error {
	s.ops.RLock()
	defer s.ops.RUnlock()
	if s.closed {
		return errStoreClosed
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	return f(s.writer)
}
