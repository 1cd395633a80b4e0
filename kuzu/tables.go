package kuzu

import "github.com/mnemohq/mnemo/core"

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

// Episodes are keyed by group and uuid. An episode's uuid may be chosen by
// the client that sends it, so two groups may hold episodes of the same
// uuid; a table keyed by uuid alone would refuse the second one and so tell
// a tenant that the uuid exists in another group. The Episode and
// EpisodeVec tables (and the staging table of their vectors) therefore
// have a primary key, key, joining group_id and uuid with the unit
// separator 0x1f, as the Record table does (recordKey); uuid is a column
// of its own. The other tables hold uuids mnemo makes, and stay keyed by
// uuid.

// episodeKey is the primary key of the episode uuid of group.
func episodeKey(group, uuid string) string { return group + keySep + uuid }

// keySep joins a group and a uuid in a key; neither holds it (a NUL would
// end the string at Kuzu's C boundary).
const keySep = "\x1f"

// groupKeyed reports whether table is keyed by group and uuid.
func groupKeyed(table string) bool {
	switch table {
	case "Episode", "EpisodeVec", "EpisodeVecNext":
		return true
	}
	return false
}

// pkCol is the primary-key column of table (Record's key joins group,
// kind and id: recordKey).
func pkCol(table string) string {
	if groupKeyed(table) || table == "Record" {
		return "key"
	}
	return "uuid"
}

// keysOf returns the primary keys under which table may hold the objects
// ids of groups: the ids themselves for a table keyed by uuid, else every
// pair of a group and an id.
func keysOf(table string, groups, ids []string) []string {
	if !groupKeyed(table) {
		return ids
	}
	out := make([]string, 0, len(groups)*len(ids))
	for _, g := range uniq(groups) {
		for _, id := range ids {
			if id != "" {
				out = append(out, episodeKey(g, id))
			}
		}
	}
	return out
}

// keyProp is the property a CREATE of table from a row r sets for the key,
// before uuid: "key: r.key, " for a table keyed by group and uuid.
func keyProp(table string) string {
	if groupKeyed(table) {
		return "key: r.key, "
	}
	return ""
}
