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
