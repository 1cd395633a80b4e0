package kuzu

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// Writing less. Every column a transaction SETs in Kuzu 0.11.3 costs a new
// version of its chunk held in the buffer pool until the next checkpoint,
// and every statement costs 0.3 to 1.5 ms whatever it does. Ingestion
// re-sends rows that mostly did not change (an episode's name and source,
// an entity's labels, a fact's text), so the write path compares each row
// with what is committed — the catalog's copy for entities and facts, one
// read for episodes — and sets only the columns that differ, skipping the
// rows that did not change at all. Existence, ownership and endpoint
// checks of entities and facts are answered by the catalog too, which
// holds every committed row (the writer holds the write lock, so the
// catalog is exactly the committed state; what this transaction created
// is in its pending).

// setColumn is one column an update writes: its Cypher name, the
// parameter holding its value and, for timestamps, the expression that
// turns the parameter into a TIMESTAMP.
type setColumn struct{ name, param, expr string }

// updateRow runs "MATCH (x:table {uuid: $pk}) SET x.col = …" (key for a
// table keyed by group and uuid: id is then the key) for the changed
// columns only (nothing when none changed).
func updateRow(ctx context.Context, c *conn, what, alias, table, id string, cols []setColumn, params map[string]any) error {
	if len(cols) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "MATCH (%s:%s {%s: $pk}) SET ", alias, table, pkCol(table))
	p := map[string]any{"pk": id}
	for i, col := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		v := "$" + col.param
		if col.expr != "" {
			v = col.expr
		}
		fmt.Fprintf(&b, "%s.%s = %s", alias, col.name, v)
		p[col.param] = params[col.param]
	}
	if err := c.exec(ctx, b.String(), p); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// upsertRow writes row r of entity or fact id: it adds r to fresh, to be
// created, when no committed row exists (committed is false), or sets the
// columns changes finds different from old. An object this transaction
// created already (listed twice in one change) gets every column set, as
// changes(nil) returns them: the later row wins.
func upsertRow[E any](ctx context.Context, c *conn, p *pending, sc core.Scope, alias, table, id string, r map[string]any,
	old *E, committed bool, changes func(*E) []setColumn, fresh *[]any) error {
	switch {
	case p.isCreated(sc, id):
		old = nil
	case !committed:
		*fresh = append(*fresh, r)
		p.touch(sc, id)
		return nil
	}
	cols := changes(old)
	if len(cols) == 0 {
		return nil
	}
	p.touch(sc, id)
	return updateRow(ctx, c, "update "+strings.ToLower(table), alias, table, id, cols, r)
}

// tsSet is a timestamp column set from a tsParam string.
func tsSet(name, param string) setColumn {
	return setColumn{name, param, "CASE WHEN $" + param + " = '' THEN NULL ELSE timestamp($" + param + ") END"}
}

// entityChanges returns the columns of e that differ from its committed
// row; every column when old is nil.
func entityChanges(old *entityEntry, e core.Entity, attrs string) []setColumn {
	if old == nil {
		old = &entityEntry{name: "\x00", labels: []string{"\x00"}, summary: "\x00", attrs: "\x00", archived: 1}
	}
	var cols []setColumn
	if old.name != e.Name {
		cols = append(cols, setColumn{"name", "name", ""}, setColumn{"name_key", "nkey", ""}, setColumn{"acronym", "acro", ""})
	}
	if !slices.Equal(old.labels, e.Labels) && (len(old.labels) > 0 || len(e.Labels) > 0) {
		cols = append(cols, setColumn{"labels", "labels", "CASE WHEN $labels = '' THEN CAST([] AS STRING[]) ELSE string_split($labels, '|') END"})
	}
	if old.summary != e.Summary {
		cols = append(cols, setColumn{"summary", "summary", ""})
	}
	if old.attrs != attrs {
		cols = append(cols, setColumn{"attributes", "attrs", ""})
	}
	if old.archived != unixMicro(micro(e.ArchivedAt)) {
		cols = append(cols, tsSet("archived_at", "archived_at"))
	}
	return cols
}

// factChanges returns the columns of f that differ from its committed
// row; every column when old is nil.
func factChanges(old *factEntry, f core.Fact, attrs string) []setColumn {
	if old == nil {
		old = &factEntry{relation: "\x00", text: "\x00", attrs: "\x00", invalidatedBy: "\x00", valid: 1, invalid: 1, expired: 1, archived: 1, trust: "\x00", quarantined: 1, released: 1}
	}
	var cols []setColumn
	if old.relation != f.Relation {
		cols = append(cols, setColumn{"relation", "rel", ""})
	}
	if old.text != f.Text {
		cols = append(cols, setColumn{"fact", "fact", ""})
	}
	if old.attrs != attrs {
		cols = append(cols, setColumn{"attributes", "attrs", ""})
	}
	if old.valid != unixMicro(micro(f.ValidAt)) {
		cols = append(cols, tsSet("valid_at", "valid_at"))
	}
	if old.invalid != unixMicro(micro(f.InvalidAt)) {
		cols = append(cols, tsSet("invalid_at", "invalid_at"))
	}
	if old.expired != unixMicro(micro(f.ExpiredAt)) {
		cols = append(cols, tsSet("expired_at", "expired_at"))
	}
	if old.invalidatedBy != f.InvalidatedBy {
		cols = append(cols, setColumn{"invalidated_by", "invby", ""})
	}
	if old.archived != unixMicro(micro(f.ArchivedAt)) {
		cols = append(cols, tsSet("archived_at", "archived_at"))
	}
	if old.trust != f.Trust {
		cols = append(cols, setColumn{"trust", "trust", ""})
	}
	if old.quarantined != unixMicro(micro(f.QuarantinedAt)) {
		cols = append(cols, tsSet("quarantined_at", "quarantined_at"))
	}
	if old.released != unixMicro(micro(f.ReleasedAt)) {
		cols = append(cols, tsSet("released_at", "released_at"))
	}
	return cols
}

// committedEntity and committedFact return the catalog's row of a
// committed object.
func (k *catalog) committedEntity(id string) (*entityEntry, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	e, ok := k.entities[id]
	return e, ok
}

func (k *catalog) committedFact(id string) (*factEntry, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	f, ok := k.facts[id]
	return f, ok
}

// existingLinks returns the entities each episode of eps (of group) already MENTIONS
// and the facts it already STATES, as (episode, object) pairs. It reads
// before the transaction creates any relationship (see link for why).
func existingLinks(ctx context.Context, c *conn, group string, eps []string) (map[[2]string]bool, error) {
	out := map[[2]string]bool{}
	for _, ep := range uniq(eps) {
		rows, err := c.query(ctx, "MATCH (e:Episode {key: $e})-[:MENTIONS|:STATES]->(x) RETURN x.uuid", map[string]any{"e": episodeKey(group, ep)})
		if err != nil {
			return nil, fmt.Errorf("read links of episode %s: %w", ep, err)
		}
		for _, r := range rows {
			out[[2]string{ep, str(r[0])}] = true
		}
	}
	return out, nil
}

// knowEpisode records that episode id of group exists in this
// transaction (read or created), so that links to it need no check.
func (p *pending) knowEpisode(id, group string) {
	if p.episodes == nil {
		p.episodes = map[string]string{}
	}
	p.episodes[id] = group
}

// unknownEpisodes returns the episodes of eps this transaction has not
// seen in group: they are checked in Kuzu.
func (p *pending) unknownEpisodes(group string, eps []string) []string {
	var out []string
	for _, id := range eps {
		if p.episodes[id] != group {
			out = append(out, id)
		}
	}
	return out
}
