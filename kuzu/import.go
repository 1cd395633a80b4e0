package kuzu

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Bulk import.
//
// Apply writes a change the way ingestion needs: it merges with what is
// stored, one statement per relationship, and vectors cross into Kuzu as
// text that Kuzu parses at about 1 ms per 256-dimension vector (reading
// FLOAT[N] columns from CSV is slower still). Import is the path for
// loading many new objects at once: rows go in with COPY FROM, and the
// vectors through a NumPy file that Kuzu reads as binary into a staging
// table (measured: 100,000 vectors of 256 floats staged in 2.6 s and
// copied into their table in 20 s, against about two minutes as text).

// importStage is the staging table of an import's vectors; it exists only
// during Import, under the write lock, or when a process was killed
// during one.
const importStage = "ImportVec"

// Import writes ch, a change made of new objects only (episodes, entities,
// facts and mentions of one group; no communities), in one transaction
// through Kuzu's bulk loader. Facts' endpoints and episodes must be in ch
// or already stored; a uuid that exists already fails the whole import
// with core.ErrConflict. Fact provenance (Fact.Episodes) is kept in the
// order given. The catalog's vector offsets are re-read after the commit,
// which costs about a second per million vectors: import in large changes.
func (s *Store) Import(ctx context.Context, ch core.Change) error {
	e, err := s.live(recImport, recordArgs{Change: &ch})
	if err != nil {
		return err
	}
	return s.importChange(ctx, e, ch)
}

// importChange is Import, journaled as e says.
func (s *Store) importChange(ctx context.Context, e entry, ch core.Change) error {
	group, err := s.checkChange(&ch)
	if err != nil || group == "" {
		return err
	}
	if len(ch.Communities) > 0 || len(ch.DeleteCommunities) > 0 {
		return fmt.Errorf("%w: Import writes episodes, entities, facts and mentions; communities go through Apply", core.ErrInvalid)
	}
	if len(ch.DeleteEpisodes) > 0 || len(ch.DeleteFacts) > 0 || len(ch.DeleteEntities) > 0 {
		return fmt.Errorf("%w: Import writes new objects; deletions go through Apply", core.ErrInvalid)
	}
	var vecs []vecRow
	scopeOf := map[int]core.Scope{}
	add := func(sc core.Scope, uuid, g string, v []float32) {
		if v != nil {
			scopeOf[len(vecs)] = sc
			vecs = append(vecs, vecRow{uuid, g, v})
		}
	}
	for _, e := range ch.Episodes {
		add(core.ScopeEpisodes, e.UUID, e.GroupID, e.Embedding)
	}
	for _, e := range ch.Entities {
		add(core.ScopeEntities, e.UUID, e.GroupID, e.NameEmbedding)
	}
	for _, f := range ch.Facts {
		add(core.ScopeFacts, f.UUID, f.GroupID, f.Embedding)
	}
	tmp, err := os.MkdirTemp("", "mnemo-import-")
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	defer os.RemoveAll(tmp)
	if len(vecs) > 0 {
		if err := writeNpy(filepath.Join(tmp, "id.npy"), "<i8", []int{len(vecs)}, func(w *bufio.Writer) {
			for i := range vecs {
				binary.Write(w, binary.LittleEndian, int64(i))
			}
		}); err != nil {
			return fmt.Errorf("import: %w", err)
		}
		if err := writeNpy(filepath.Join(tmp, "vec.npy"), "<f4", []int{len(vecs), s.dim}, func(w *bufio.Writer) {
			var b [4]byte
			for _, v := range vecs {
				for _, x := range v.vec {
					binary.LittleEndian.PutUint32(b[:], math.Float32bits(x))
					w.Write(b[:])
				}
			}
		}); err != nil {
			return fmt.Errorf("import: %w", err)
		}
	}
	return s.exclusive(ctx, func(c *conn) error {
		// Its COPY statements fail while reads keep coming.
		defer s.holdReaders()()
		err := s.journaled(e, func(seq uint64) error { return s.importLocked(ctx, c, group, ch, vecs, scopeOf, tmp, seq) })
		if err != nil {
			return err
		}
		// The new rows' offsets: Kuzu's bulk loader does not return them;
		// the vector indexes kept in memory are built again with them.
		if err := s.cat.loadSlots(context.WithoutCancel(ctx), c); err != nil {
			return err
		}
		return s.rebuildVecIndexes(context.WithoutCancel(ctx), c)
	})
}

// importLocked is the work of Import on the writer, under the write lock,
// with the vectors written to files in tmp; the transaction records seq.
func (s *Store) importLocked(ctx context.Context, c *conn, group string, ch core.Change, vecs []vecRow, scopeOf map[int]core.Scope, tmp string, seq uint64) error {
	{
		if err := s.checkImport(ctx, c, group, &ch); err != nil {
			return err
		}
		if len(vecs) > 0 {
			// The table and its rows are committed before the import's
			// transaction: a process killed in between leaves them, and
			// the journal replays the import when the database opens.
			if err := c.exec(ctx, "DROP TABLE IF EXISTS "+importStage, nil); err != nil {
				return fmt.Errorf("import: drop a staging table left by a killed import: %w", err)
			}
			if err := c.exec(ctx, fmt.Sprintf("CREATE NODE TABLE %s(id INT64 PRIMARY KEY, vec FLOAT[%d])", importStage, s.dim), nil); err != nil {
				return fmt.Errorf("import: create staging table: %w", err)
			}
			defer func() {
				if err := c.exec(context.WithoutCancel(ctx), "DROP TABLE "+importStage, nil); err != nil {
					s.log.Error("drop import staging table", "err", err)
				}
			}()
			stmt := fmt.Sprintf("COPY %s FROM ('%s', '%s') BY COLUMN", importStage, filepath.Join(tmp, "id.npy"), filepath.Join(tmp, "vec.npy"))
			if err := c.exec(ctx, stmt, nil); err != nil {
				return fmt.Errorf("import: stage vectors: %w", err)
			}
			crashpoint("import-staged")
		}
		return s.transact(ctx, c, withSeq(func(ctx context.Context, c *conn, p *pending) error {
			if err := s.importRows(ctx, c, p, group, ch); err != nil {
				return err
			}
			byScope := map[core.Scope][]any{}
			for i, v := range vecs {
				byScope[scopeOf[i]] = append(byScope[scopeOf[i]], map[string]any{"i": int64(i), "key": episodeKey(v.group, v.uuid), "uuid": v.uuid, "g": v.group})
			}
			for _, sc := range core.Scopes {
				ret := "RETURN r.uuid, r.g, s.vec"
				if groupKeyed(vecTable(sc)) {
					ret = "RETURN r.key, r.uuid, r.g, s.vec"
				}
				if err := copyRows(ctx, c, vecTable(sc), "", fmt.Sprintf("MATCH (s:%s {id: r.i}) %s", importStage, ret), byScope[sc]); err != nil {
					return err
				}
			}
			return nil
		}, seq))
	}
}

// checkImport refuses, before anything is copied, an import whose
// relationships would not find their ends or whose objects exist already.
// Kuzu 0.11.3 must not be left to find out: a COPY of RELATES_TO that fails
// on an unknown end rolls back by dropping existing Entity→Fact
// relationships of the database, for good (the rows stay).
func (s *Store) checkImport(ctx context.Context, c *conn, group string, ch *core.Change) error {
	ents := map[string]bool{}
	for _, e := range ch.Entities {
		if _, ok := s.cat.committedEntity(e.UUID); ok {
			return fmt.Errorf("%w: entity %s exists already", core.ErrConflict, e.UUID)
		}
		ents[e.UUID] = true
	}
	for _, f := range ch.Facts {
		if _, ok := s.cat.committedFact(f.UUID); ok {
			return fmt.Errorf("%w: fact %s exists already", core.ErrConflict, f.UUID)
		}
	}
	endOK := func(id string) bool {
		if ents[id] {
			return true
		}
		e, ok := s.cat.committedEntity(id)
		return ok && e.group == group
	}
	for _, f := range ch.Facts {
		if !endOK(f.SourceUUID) || !endOK(f.TargetUUID) {
			return fmt.Errorf("%w: fact %s: an end is neither imported nor an entity of group %s", core.ErrInvalid, f.UUID, group)
		}
	}
	for _, m := range ch.Mentions {
		if !endOK(m.Entity) {
			return fmt.Errorf("%w: mention of entity %s, neither imported nor of group %s", core.ErrInvalid, m.Entity, group)
		}
	}
	eps := map[string]bool{}
	for _, ep := range ch.Episodes {
		eps[ep.UUID] = true
	}
	var others []string
	for _, f := range ch.Facts {
		for _, ep := range f.Episodes {
			if !eps[ep] {
				others = append(others, ep)
			}
		}
	}
	for _, m := range ch.Mentions {
		if !eps[m.Episode] {
			others = append(others, m.Episode)
		}
	}
	if err := requireAll(ctx, c, "Episode", group, others); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	return nil
}

// importRows copies the objects and relationships of ch, of group.
func (s *Store) importRows(ctx context.Context, c *conn, p *pending, group string, ch core.Change) error {
	var eps, ents, facts, loose, states, mentions []any
	for _, ep := range ch.Episodes {
		eps = append(eps, episodeRow(ep))
		p.put(core.ScopeEpisodes, ep.GroupID, ep.UUID, episodeText(ep.Content))
		p.addEpisode(ep)
	}
	for _, e := range ch.Entities {
		ents = append(ents, entityRow(e))
		p.touch(core.ScopeEntities, e.UUID)
	}
	for _, f := range ch.Facts {
		fe := uniq(f.Episodes)
		row := factRow(f)
		if len(fe) == 0 {
			// No provenance: a NULL column, copied apart (a list
			// parameter cannot be empty for some rows only).
			loose = append(loose, row)
		} else {
			row["eps"] = fe
			facts = append(facts, row)
		}
		for _, ep := range fe {
			states = append(states, map[string]any{"e": episodeKey(group, ep), "x": f.UUID})
		}
		p.touch(core.ScopeFacts, f.UUID)
	}
	seen := map[core.Mention]bool{}
	for _, m := range ch.Mentions {
		if !seen[m] {
			seen[m] = true
			mentions = append(mentions, map[string]any{"e": episodeKey(group, m.Episode), "x": m.Entity})
		}
	}
	// Relationship steps also say how to find an existing relationship
	// (match) and how to create one row at a time (create, with the row
	// fields it takes): see relsExist.
	steps := []struct {
		table, opts, ret string
		rows             []any
		match, create    string
		fields           []string
	}{
		{"Episode", "", `RETURN r.key, r.uuid AS uuid, r.g AS g, r.name AS name, r.source AS source, r.sdesc AS sdesc, r.content AS content,
			` + copyTSExpr("r.valid_at") + ` AS valid_at, ` + copyTSExpr("r.created_at") + ` AS created_at, r.status AS status, r.attempts AS attempts, r.error AS error, r.warnings AS warnings, r.trust AS trust`, eps, "", "", nil},
		{"Entity", "", `RETURN r.uuid, r.g AS g, r.name AS name, r.nkey AS nkey, r.acro AS acro, ` + labelsExpr + ` AS labels,
			r.summary AS summary, r.attrs AS attrs, ` + copyTSExpr("r.created_at") + ` AS created_at, ` + copyTSExpr("r.archived_at") + ` AS archived_at`, ents, "", "", nil},
		{"Fact", "", factColumns + `, r.eps AS eps, ` + factTail, facts, "", "", nil},
		{"Fact", "", factColumns + `, CAST(NULL AS STRING[]) AS eps, ` + factTail, loose, "", "", nil},
		{"RELATES_TO", "(from='Entity', to='Fact')", "RETURN r.src, r.uuid", append(facts, loose...),
			"(:Entity)-[r:RELATES_TO]->(:Fact)", "MATCH (s:Entity {uuid: $src}), (f:Fact {uuid: $uuid}) CREATE (s)-[:RELATES_TO]->(f)", []string{"src", "uuid"}},
		{"RELATES_TO", "(from='Fact', to='Entity')", "RETURN r.uuid, r.tgt", append(facts, loose...),
			"(:Fact)-[r:RELATES_TO]->(:Entity)", "MATCH (f:Fact {uuid: $uuid}), (t:Entity {uuid: $tgt}) CREATE (f)-[:RELATES_TO]->(t)", []string{"uuid", "tgt"}},
		{"STATES", "", "RETURN r.e, r.x", states,
			"()-[r:STATES]->()", "MATCH (e:Episode {key: $e}), (f:Fact {uuid: $x}) CREATE (e)-[:STATES]->(f)", []string{"e", "x"}},
		{"MENTIONS", "", "RETURN r.e, r.x", mentions,
			"()-[r:MENTIONS]->()", "MATCH (e:Episode {key: $e}), (n:Entity {uuid: $x}) CREATE (e)-[:MENTIONS]->(n)", []string{"e", "x"}},
	}
	for _, fs := range [][]any{facts, loose} {
		p.fresh.link(group, "Fact", "uuid", "Entity", "src", fs)
		p.fresh.link(group, "Fact", "uuid", "Entity", "tgt", fs)
	}
	p.fresh.link(group, "Episode", "e", "Fact", "x", states)
	p.fresh.link(group, "Episode", "e", "Entity", "x", mentions)
	for _, st := range steps {
		if st.create != "" && len(st.rows) > 0 {
			held, err := relsExist(ctx, c, st.match)
			if err != nil {
				return err
			}
			if held {
				if err := runRows(ctx, c, "import "+strings.ToLower(st.table), st.create, st.rows, st.fields...); err != nil {
					return err
				}
				continue
			}
		}
		if err := copyRows(ctx, c, st.table, st.opts, st.ret, st.rows); err != nil {
			return err
		}
	}
	return nil
}

// relsExist reports whether the relationships match finds (a pattern
// naming one relationship r) hold at least one.
//
// A COPY into a relationship table is what makes a bulk import fast, but
// in Kuzu 0.11.3 rolling back a transaction after such a COPY drops the
// relationships the table held before it, for good (the nodes stay;
// TestImportRolledBackKeepsRelationships). A transaction can roll back
// after any statement: a full buffer pool (then the store checkpoints and
// tries again), an interrupt, a later step that fails. So Import copies
// only into relationship tables that are empty, where a rollback has
// nothing to lose, and creates relationships one statement each in the
// others.
func relsExist(ctx context.Context, c *conn, match string) (bool, error) {
	rows, err := c.query(ctx, "MATCH "+match+" RETURN 1 LIMIT 1", nil)
	if err != nil {
		return false, fmt.Errorf("import: look for relationships: %w", err)
	}
	return len(rows) > 0, nil
}

// factTail is the Fact table's columns after episodes, in its order.
var factTail = copyTSExpr("r.archived_at") + ` AS archived_at, r.trust AS trust, ` + copyTSExpr("r.quarantined_at") + ` AS quarantined_at, ` + copyTSExpr("r.released_at") + ` AS released_at`

// factColumns are a factRow's columns in the Fact table's order, up to
// episodes (factTail is the rest).
var factColumns = `RETURN r.uuid, r.g AS g, r.rel AS rel, r.fact AS fact, r.src AS src, r.tgt AS tgt, r.attrs AS attrs,
	` + copyTSExpr("r.valid_at") + ` AS valid_at, ` + copyTSExpr("r.invalid_at") + ` AS invalid_at, ` + copyTSExpr("r.stated") + ` AS stated,
	` + copyTSExpr("r.created_at") + ` AS created_at, ` + copyTSExpr("r.expired_at") + ` AS expired_at, r.invby AS invby`

// copyTSExpr is tsExpr for COPY FROM a subquery: there Kuzu evaluates both
// branches of the CASE on every row, so parsing the empty string fails the
// copy when some rows have the timestamp and others do not; the empty ones
// parse a placeholder that the CASE then discards.
func copyTSExpr(field string) string {
	return fmt.Sprintf("CASE WHEN %s = '' THEN NULL ELSE timestamp(CASE WHEN %s = '' THEN '1970-01-01' ELSE %s END) END", field, field, field)
}

// copyRows bulk-loads rows into table: each row r becomes what ret (a
// RETURN clause, possibly after a MATCH) makes of it.
func copyRows(ctx context.Context, c *conn, table, opts, ret string, rows []any) error {
	if len(rows) == 0 {
		return nil
	}
	stmt := fmt.Sprintf("COPY %s FROM (UNWIND $rows AS r %s) %s", table, ret, opts)
	if err := c.exec(ctx, stmt, map[string]any{"rows": rows}); err != nil {
		return fmt.Errorf("import %s: %w", strings.ToLower(table), err)
	}
	return nil
}

// writeNpy writes a NumPy array file (format version 1.0) of the given
// dtype and shape, whose data body writes in C order.
func writeNpy(path, dtype string, shape []int, body func(*bufio.Writer)) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	dims := make([]string, len(shape))
	for i, n := range shape {
		dims[i] = fmt.Sprint(n)
	}
	tuple := strings.Join(dims, ", ")
	if len(shape) == 1 {
		tuple += ","
	}
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", dtype, tuple)
	// Magic (6), version (2), header length (2), header and a newline,
	// padded with spaces to a multiple of 64 bytes.
	pad := (64 - (10+len(header)+1)%64) % 64
	header += strings.Repeat(" ", pad) + "\n"
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString("\x93NUMPY\x01\x00")
	binary.Write(w, binary.LittleEndian, uint16(len(header)))
	w.WriteString(header)
	body(w)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
