package kuzu

import (
	"context"
	"fmt"
	"sync"

	"mnemo/core"
)

// counts tracks how many vectors each group has per scope. Searches use it
// to choose between an exact scan of a group's vectors and the shared HNSW
// index with over-fetching. It is a hint: a stale count only makes a search
// take the slower path, never return wrong results, because the index path
// falls back to the exact scan whenever it cannot fill the page.
type counts struct {
	mu      sync.Mutex
	byGroup map[core.Scope]map[string]int
	total   map[core.Scope]int
}

func (n *counts) load(ctx context.Context, c *conn) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.byGroup = map[core.Scope]map[string]int{}
	n.total = map[core.Scope]int{}
	for _, sc := range core.Scopes {
		rows, err := c.query(ctx, fmt.Sprintf("MATCH (v:%s) RETURN v.group_id, count(*)", vecTable(sc)), nil)
		if err != nil {
			return fmt.Errorf("count vectors: %w", err)
		}
		m := map[string]int{}
		for _, r := range rows {
			m[str(r[0])] = int(i64(r[1]))
			n.total[sc] += int(i64(r[1]))
		}
		n.byGroup[sc] = m
	}
	return nil
}

func (n *counts) add(sc core.Scope, group string, delta int) {
	if delta == 0 {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.byGroup == nil {
		return
	}
	m := n.byGroup[sc]
	m[group] = max(0, m[group]+delta)
	n.total[sc] = max(0, n.total[sc]+delta)
}

func (n *counts) dropGroup(group string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for sc, m := range n.byGroup {
		n.total[sc] = max(0, n.total[sc]-m[group])
		delete(m, group)
	}
}

// get returns the vectors of groups and of the whole table for a scope.
func (n *counts) get(sc core.Scope, groups []string) (inGroups, total int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, g := range groups {
		inGroups += n.byGroup[sc][g]
	}
	return inGroups, n.total[sc]
}

// vecTable is the table holding the embeddings of a scope.
func vecTable(sc core.Scope) string {
	switch sc {
	case core.ScopeEntities:
		return "EntityVec"
	case core.ScopeFacts:
		return "FactVec"
	case core.ScopeEpisodes:
		return "EpisodeVec"
	case core.ScopeCommunities:
		return "CommunityVec"
	}
	panic("kuzu: unknown scope " + string(sc))
}

// nodeTable is the table holding the objects of a scope.
func nodeTable(sc core.Scope) string {
	switch sc {
	case core.ScopeEntities:
		return "Entity"
	case core.ScopeFacts:
		return "Fact"
	case core.ScopeEpisodes:
		return "Episode"
	case core.ScopeCommunities:
		return "Community"
	}
	panic("kuzu: unknown scope " + string(sc))
}
