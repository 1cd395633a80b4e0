package kuzu

import (
	"errors"
	"slices"
)

// Relationships are deleted only once checkpointed.
//
// Kuzu 0.11.3 crashes the process (SIGSEGV in ChunkedNodeGroup::isDeleted
// under CSRNodeGroup::collectInMemRegionChangesAndUpdateHeaderLength) in
// the checkpoint after one that found, in a node group of a relationship
// table that has checkpointed data, no change but relationships created
// and deleted since the checkpoint before. That checkpoint marks the
// deleted rows invalid in the table's in-memory index (row UINT64_MAX),
// sees that no region needs rewriting and returns early
// (CSRNodeGroup::checkpointInMemAndOnDisk) without clearing the index;
// the next checkpoint of the table, or a read of it, looks the invalid row
// up out of bounds. LadybugDB, a fork of Kuzu, has the same code
// (LadybugDB/ladybug#611). A node group is 131,072 nodes of the table the
// relationships start from (or end at, for the backward index), so in a
// database of fewer nodes deleting a group's freshly written relationships
// is enough. Measured on 0.11.3: the checkpoint is fine when the node
// group also gains relationships that stay or loses checkpointed ones, and
// relationships created and deleted in one transaction never reach it; an
// in-memory database never checkpoints. The crash may leave a write-ahead
// log that no longer replays (RecoverWithoutWAL).
//
// So on disk the store never deletes a relationship still in memory: it
// remembers the ends of the relationships committed since its last
// checkpoint (freshRels), and a transaction about to delete one of them
// fails with errCheckpointFirst; transact rolls it back, checkpoints and
// runs it again, when every relationship it deletes is in the database
// file. Community members are rewritten by difference, so that a
// community that only gains members deletes nothing.

// errCheckpointFirst is a write's refusal to delete relationships that
// are not checkpointed yet. transact answers it by checkpointing and
// running the transaction again; it never reaches a caller.
var errCheckpointFirst = errors.New("kuzu: relationships to delete are not checkpointed yet")

// freshRels are the ends of the relationships committed since the last
// checkpoint (or, in a pending, created by the transaction): the groups
// they belong to, their nodes (nodeKey), and community memberships as
// (community, entity) pairs. The zero value is empty and ready to use.
type freshRels struct {
	groups  map[string]bool
	nodes   map[string]bool
	members map[[2]string]bool
}

// nodeKey names a node of table by its primary key.
func nodeKey(table, key string) string { return table + "\x1f" + key }

// link records relationships of group between the nodes of table1 and
// table2 that each row (a map[string]any) names by its fields field1 and
// field2 (primary keys).
func (f *freshRels) link(group, table1, field1, table2, field2 string, rows []any) {
	if len(rows) == 0 {
		return
	}
	f.init()
	f.groups[group] = true
	for _, r := range rows {
		m := r.(map[string]any)
		f.nodes[nodeKey(table1, m[field1].(string))] = true
		f.nodes[nodeKey(table2, m[field2].(string))] = true
	}
}

// member records that entity became a member of community, of group.
func (f *freshRels) member(group, community, entity string) {
	f.init()
	f.groups[group] = true
	f.nodes[nodeKey("Community", community)] = true
	f.nodes[nodeKey("Entity", entity)] = true
	f.members[[2]string{community, entity}] = true
}

func (f *freshRels) init() {
	if f.groups == nil {
		f.groups, f.nodes, f.members = map[string]bool{}, map[string]bool{}, map[[2]string]bool{}
	}
}

// merge adds what o holds.
func (f *freshRels) merge(o *freshRels) {
	if o.groups == nil {
		return
	}
	f.init()
	for k := range o.groups {
		f.groups[k] = true
	}
	for k := range o.nodes {
		f.nodes[k] = true
	}
	for k := range o.members {
		f.members[k] = true
	}
}

// guarded reports whether deletions must wait for checkpointed
// relationships: only a database on disk checkpoints.
func (s *Store) guarded() bool { return s.opts.Dir != "" }

// mayDeleteGroup returns errCheckpointFirst if group has relationships
// committed since the last checkpoint. It runs under the write lock.
func (s *Store) mayDeleteGroup(group string) error {
	if s.guarded() && s.fresh.groups[group] {
		return errCheckpointFirst
	}
	return nil
}

// mayDeleteNodes returns errCheckpointFirst if a node of table among keys
// (primary keys) has relationships committed since the last checkpoint.
// It runs under the write lock.
func (s *Store) mayDeleteNodes(table string, keys []string) error {
	if s.guarded() && s.fresh.nodes != nil && slices.ContainsFunc(keys, func(k string) bool { return s.fresh.nodes[nodeKey(table, k)] }) {
		return errCheckpointFirst
	}
	return nil
}

// mayDeleteMembers returns errCheckpointFirst if one of the (community,
// entity) memberships was committed since the last checkpoint. It runs
// under the write lock.
func (s *Store) mayDeleteMembers(pairs [][2]string) error {
	if s.guarded() && slices.ContainsFunc(pairs, func(p [2]string) bool { return s.fresh.members[p] }) {
		return errCheckpointFirst
	}
	return nil
}
