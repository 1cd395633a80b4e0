package v1

import (
	"net/http"
	"slices"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// Query parameters shared by the listings.
var (
	limitParam  = api.Param{Name: "limit", Type: "integer", Description: "Page size: 1 to 1000. Default: 100."}
	cursorParam = api.Param{Name: "cursor", Type: "string", Description: "The next_cursor of the previous page; absent for the first page."}
)

// server serves the /v1 routes on the shared Env.
type server struct{ *api.Env }

// Routes returns the routes of mnemo's own API, under /v1, in the order
// the OpenAPI document lists them.
func Routes(e *api.Env) []*api.Route {
	s := &server{e}
	return slices.Concat(s.v1Routes(), s.inspectRoutes())
}

func (s *server) v1Routes() []*api.Route {
	return []*api.Route{
		{
			Method: "GET", Path: "/v1/plugins", Auth: api.AuthKey, Handle: s.listPlugins, Tag: "plugins",
			Summary: "Loaded plugins and their health",
			Description: "The plugins of the running plugin sets, with their calls, failures and last error, and the " +
				"error of the last hot reload if it failed (the previous set then keeps running).",
			Response: pluginList{},
		},
		{
			Method: "GET", Path: "/v1/recipes", Auth: api.AuthKey, Handle: s.listRecipes, Tag: "search",
			Summary: "Search recipes",
			Description: "Every recipe a search may name, built-in and defined in the configuration (search.recipes), " +
				"with the scopes each searches, its methods, reranker, rerank plugin and limit, and the default recipe. " +
				"Reloaded recipes show at once.",
			Response: wire.RecipeList{},
		},
		{
			Method: "POST", Path: "/v1/admin/backup", Auth: api.AuthKey, Handle: s.backup, Tag: "admin",
			Summary: "Back up the whole database, as a tar stream",
			Description: "A consistent snapshot taken while the server serves: writes wait while the store checkpoints and " +
				"copies its database file (reads go on), then the copy is checksummed and sent as a tar stream of " +
				"manifest.json and the database files (docs/guide.md, Backups). `mnemo backup DIR` writes it to a directory " +
				"and `mnemo restore DIR` brings it back. It holds every group: it takes a key bound to \"*\" (403 otherwise).",
			Response: api.Stream{ContentType: "application/x-tar"},
		},
		{
			Method: "GET", Path: "/v1/export", Auth: api.AuthKey, Handle: s.exportAll, Tag: "groups",
			Summary: "Export every group the key may use, as JSON Lines",
			Description: "The format of `mnemo export` without --group (docs/export-format.md): one header naming every " +
				"group the key may use that holds data, then each group as GET /v1/groups/{group}/export writes it.",
			Response: api.Stream{},
		},
		{
			Method: "POST", Path: "/v1/import", Auth: api.AuthKey, Handle: s.importAll, Tag: "groups",
			MaxBody: func(e *api.Env) api.BodyLimit { return api.MaxImportLimit(e.Host.Config.HTTP.MaxImportMB) },
			Summary: "Import an export of any number of groups",
			Description: "What `mnemo import` does on the database: the body is an export (GET /v1/export, or `mnemo " +
				"export`), read and checked whole before anything is written (a bad line is a 400 naming the line, vectors " +
				"of another embedder a 409), then written one transaction per group; group_map=OLD=NEW imports group OLD " +
				"as NEW under new uuids. It may write every group and keeps the file's uuids: it takes a key bound to \"*\" " +
				"(403 otherwise; a group's key imports with POST /v1/groups/{group}/import). Importing a file twice changes nothing.",
			Query:   []api.Param{{Name: "group_map", Type: "string", Description: "OLD=NEW: import group OLD as NEW (repeatable)."}},
			Request: api.Raw{}, Response: wire.ImportedList{},
		},
		{
			Method: "GET", Path: "/v1/groups", Auth: api.AuthKey, Handle: s.listGroups, Tag: "groups",
			Summary: "Groups holding episodes that the key may use", Response: groupList{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}", Auth: api.AuthGroup, Handle: s.groupStats, Tag: "groups",
			Summary: "What a group holds", Response: groupStats{},
		},
		{
			Method: "DELETE", Path: "/v1/groups/{group}", Auth: api.AuthGroup, Handle: s.deleteGroup, Tag: "groups",
			Summary: "Delete everything a group holds", Description: "Pending episodes included. The group is erased: the " +
				"database is rewritten before the answer so that its files hold none of the group's data (reads and writes " +
				"wait meanwhile), and an audit record is kept (GET .../erasures; docs/erasure.md).",
			Response: wire.Deleted{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/forget", Auth: api.AuthGroup, Handle: s.forget, Tag: "groups",
			Summary: "Forget an episode or an entity, for real",
			Description: "{\"episode\": UUID} forgets an episode: it goes with the facts only it stated and the entities only " +
				"it mentioned. {\"entity\": UUID or name} forgets an entity: it goes with every fact that has it as an end or " +
				"names it, and the episodes that mention it or name it. The summaries of the entities that remain and the " +
				"group's communities are rebuilt from what remains, and the database is rewritten before the answer so that " +
				"its files hold no byte of what was forgotten (reads and writes wait meanwhile). The answer is the erasure's " +
				"audit record, which holds no content (docs/erasure.md). A name several entities have is a 409 listing their uuids.",
			Request: forgetRequest{}, Response: host.Erasure{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/erasures", Auth: api.AuthGroup, Handle: s.listErasures, Tag: "groups",
			Summary: "The group's erasures",
			Description: "The audit records of what was forgotten in the group and of its deletions, oldest first: kind, uuid, " +
				"counts, time and key, never content. They survive the group's deletion.",
			Response: erasureList{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/export", Auth: api.AuthGroup, Handle: s.exportGroup, Tag: "groups",
			Summary: "Export everything a group holds, as JSON Lines",
			Description: "The format of `mnemo export` (docs/export-format.md): a header naming the format, its version and the " +
				"embedder, then the group's episodes, entities, facts (all four times, provenance), mentions and communities, " +
				"with their vectors, in a fixed order: the same memory exports to the same bytes but for the header's time.",
			Response: api.Stream{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/import", Auth: api.AuthGroup, Handle: s.importGroup, Tag: "groups",
			MaxBody: func(e *api.Env) api.BodyLimit { return api.MaxImportLimit(e.Host.Config.HTTP.MaxImportMB) },
			Summary: "Import an export of one group into this group",
			Description: "The body is an export (GET .../export, or `mnemo export --group`) of one group; it is imported " +
				"into {group}, under new uuids if it was exported from a group of another name. The whole body is read and " +
				"checked before anything is written (a bad line is a 400 naming the line), then written in one transaction. " +
				"Objects already stored are replaced by the body's: importing the same export twice changes nothing. Vectors " +
				"of another embedder than the server's are a 409. The body may be up to http.max_import_mb.",
			Request: api.Raw{}, Response: wire.Imported{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/episodes", Auth: api.AuthGroup, Handle: s.addEpisodes, Tag: "episodes",
			Status: http.StatusAccepted, Ingests: true, Summary: "Add episodes",
			Description: "One episode, or {\"episodes\": [...]}. They are validated (all or none), stored as pending " +
				"in the database, which is the ingestion queue, and processed in the background in reference-time order. " +
				"The answer gives each episode's status URL. Re-sending an episode with the same uuid and content is a no-op " +
				"(created: false), except for a failed episode, which is queued again (requeued: true, status: pending); " +
				"other content under the same uuid is a 409. learned_at=reference records each episode as learned at its " +
				"reference time instead of now, for replaying an archive (docs/guide.md, \"Replaying history\"): only for keys " +
				"with http.keys.replay (else 403), and a 400 where an episode would come before what the group already knows.",
			Query:   []api.Param{{Name: "learned_at", Type: "string", Description: "now (default) or reference: when mnemo records it learned each episode."}},
			Request: api.OneOf{wire.EpisodeInput{}, episodeBatch{}}, Response: accepted{},
			Example: episodeBatch{Episodes: []wire.EpisodeInput{{
				Source: "message", Content: rawJSON(`"Alice: I moved to Lisbon last month, and I started at Acme Corp."`),
				ReferenceTime: "2024-06-03T09:30:00Z", SourceDescription: "chat",
			}}},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/episodes", Auth: api.AuthGroup, Handle: s.listEpisodes, Tag: "episodes",
			Summary: "List episodes by reference time",
			Description: "status=failed lists the episodes whose extraction failed, with their error and attempts: " +
				"POST .../episodes/retry queues them again.",
			Query: []api.Param{limitParam, cursorParam,
				{Name: "status", Type: "string", Description: "Only episodes with this status: pending, done or failed."}},
			Response: episodeList{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/episodes/retry", Auth: api.AuthGroup, Handle: s.retryGroup, Tag: "episodes",
			Status: http.StatusAccepted, Summary: "Queue every failed episode of the group again",
			Description: "Each failed episode becomes pending with its attempts reset and is processed again in " +
				"reference-time order; its last error is kept until then. The answer lists them (none if no episode failed).",
			Response: retried{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/episodes/{uuid}/retry", Auth: api.AuthGroup, Handle: s.retryEpisode, Tag: "episodes",
			Status: http.StatusAccepted, Summary: "Queue a failed episode again",
			Description: "As the group's retry, for one episode. An episode already pending is left as it is; a done " +
				"episode is a 409.",
			Response: retried{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/episodes/{uuid}", Auth: api.AuthGroup, Handle: s.getEpisode, Tag: "episodes",
			Summary: "One episode", Response: wire.Episode{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/episodes/{uuid}/status", Auth: api.AuthGroup, Handle: s.episodeStatus, Tag: "episodes",
			Summary: "What became of an episode",
			Description: "pending, done or failed (with the error); once this process has processed it, what it " +
				"produced (entities, facts, invalidations) and cost (LLM calls and tokens).",
			Response: wire.Report{},
		},
		{
			Method: "DELETE", Path: "/v1/groups/{group}/episodes/{uuid}", Auth: api.AuthGroup, Handle: s.deleteEpisode, Tag: "episodes",
			Summary:     "Delete an episode",
			Description: "With the facts and entities nothing else supports; facts those facts had superseded become current again.",
			Response:    wire.Deleted{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/entities", Auth: api.AuthGroup, Handle: s.listEntities, Tag: "graph",
			Summary: "List entities in creation order",
			Query: []api.Param{limitParam, cursorParam, {Name: "label", Type: "string", Description: "Only entities with this label (ontology type)."},
				includeArchivedParam},
			Response: entityList{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/facts", Auth: api.AuthGroup, Handle: s.listFacts, Tag: "graph",
			Summary: "List facts in creation order",
			Description: "By default the facts true now. history=true adds ended and superseded facts; valid_at keeps " +
				"the facts true at that event time; known_at shows the facts as mnemo knew them at that system time. " +
				"Quarantined facts (docs/trust.md) are left out unless include_quarantined or quarantined asks for them; " +
				"each carries its source_class, and a quarantined one quarantined_at and why (quarantine).",
			Query: []api.Param{limitParam, cursorParam,
				{Name: "history", Type: "boolean", Description: "Include ended and superseded facts."},
				{Name: "valid_at", Type: "string", Description: "Facts true at this time (RFC 3339 or a date)."},
				{Name: "known_at", Type: "string", Description: "Facts as mnemo knew them at this time (RFC 3339 or a date)."},
				{Name: "relation", Type: "string", Description: "Only facts of this relation, e.g. LIVES_IN."}, includeArchivedParam,
				includeQuarantinedParam, quarantinedParam},
			Response: factList{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/facts", Auth: api.AuthGroup, Handle: s.addFact, Tag: "graph",
			Status: http.StatusCreated, Summary: "Add a fact by hand",
			Description: "The fact is recorded as an episode (its provenance) and goes through the same resolution " +
				"and invalidation as extracted facts: a new LIVES_IN supersedes the old one. The answer comes once it is written.",
			Request: addFactRequest{}, Response: addFactResponse{},
			Example: addFactRequest{Source: "Alice", SourceType: "Person", Relation: "WORKS_AT", Target: "Globex",
				TargetType: "Organization", ValidAt: "2024-07-01"},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/facts/{uuid}", Auth: api.AuthGroup, Handle: s.getFact, Tag: "graph",
			Summary: "One fact, current or not", Response: wire.Fact{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/facts/{uuid}/why", Auth: api.AuthGroup, Handle: s.whyFact, Tag: "graph",
			Summary: "Why mnemo believes a fact",
			Description: "The fact (current, ended, quarantined or not) with its source class, level and the group's trust " +
				"threshold, and its record, oldest first: the episodes that stated it with their class, the extractor and " +
				"rule or model, and the sentence (span: byte offsets in the episode's content); then the steps that changed " +
				"it (quarantined, corroborated, approved, invalidated by another fact, ended, vetoed, marked wrong), each " +
				"with its time and the other fact or episode involved. A forgotten episode leaves no step (docs/trust.md).",
			Response: wire.Why{},
		},
		{
			Method: "DELETE", Path: "/v1/groups/{group}/facts/{uuid}", Auth: api.AuthGroup, Handle: s.deleteFact, Tag: "graph",
			Summary: "Delete a fact", Description: "Facts it had superseded become current again.", Response: wire.Deleted{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/consolidate", Auth: api.AuthGroup, Handle: s.consolidate, Tag: "graph",
			Summary: "Merge the group's duplicate entities",
			Description: "Finds the duplicate entities resolution missed (by name, name vector and shared neighbours), decides " +
				"through the group's resolver plugin and merges them: the entity merged away is kept and hidden, its facts are " +
				"copied onto the survivor with their four times, its name becomes an alias. Entities with different identifiers " +
				"are never merged. Then duplicate facts between the same entities collapse into one with every provenance. " +
				"Ingestion of the group waits while it runs.",
			Query: []api.Param{dryRunParam}, Response: wire.ConsolidateReport{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/entities/{uuid}/unmerge", Auth: api.AuthGroup, Handle: s.unmerge, Tag: "graph",
			Summary: "Undo the merge of an entity",
			Description: "The entity and the facts the merge had moved are shown again as they were, the facts the merge made " +
				"are deleted and the survivor loses the aliases the merge gave it. 409 when what the merge made has changed since.",
			Query: []api.Param{dryRunParam}, Response: wire.UnmergeReport{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/facts/{uuid}/unmerge", Auth: api.AuthGroup, Handle: s.unmerge, Tag: "graph",
			Summary: "Undo a merge of duplicate facts",
			Description: "Named by the fact the merge made: it is deleted and the facts it stood for are shown again as they " +
				"were. 409 when the fact made has changed since.",
			Query: []api.Param{dryRunParam}, Response: wire.UnmergeReport{},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/communities", Auth: api.AuthGroup, Handle: s.listCommunities, Tag: "graph",
			Summary: "List communities", Query: []api.Param{limitParam, cursorParam}, Response: communityList{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/communities/build", Auth: api.AuthGroup, Handle: s.buildCommunities, Tag: "graph",
			Summary: "Build the group's communities",
			Description: "A full build: label propagation over the entity graph, then a summary and a name for each " +
				"community; the group's previous communities are replaced in one write. The answer comes when the build is " +
				"written; a request cancelled before then writes nothing. Builds of one group run one at a time.",
			Response: wire.CommunityReport{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/feedback", Auth: api.AuthGroup, Handle: s.feedback, Tag: "evolve",
			Summary: "Mark a fact or an entity useful, wrong or pinned, or approve a quarantined fact",
			Description: "Feedback weighs into importance (docs/evolve.md). wrong invalidates a fact: it is expired now " +
				"with the reason in its attributes (invalid_reason), kept in history, never deleted. A pinned object never " +
				"decays or archives; unpin undoes it. approve releases a quarantined fact (docs/trust.md): the approver's " +
				"source class (source_class if the key may claim it, else the key's) must be at or above the group's " +
				"trust threshold (400 otherwise; 403 for a class the key may not claim).",
			Request: wire.FeedbackInput{}, Response: wire.FeedbackResult{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/evolve", Auth: api.AuthGroup, Handle: s.evolve, Tag: "evolve",
			Summary: "Score, decay and archive the group's memory",
			Description: "Scores every entity and current fact (importance), archives what falls below the threshold " +
				"unless pinned, restores what is pinned or important again, and keeps the report. Nothing is deleted. " +
				"dry_run reports without changing anything; now simulates a later day.",
			Request: wire.EvolveInput{}, Response: wire.EvolveReport{},
			Example: wire.EvolveInput{DryRun: true},
		},
		{
			Method: "GET", Path: "/v1/groups/{group}/evolve/reports", Auth: api.AuthGroup, Handle: s.evolveReports, Tag: "evolve", Reads: true,
			Summary: "The reports of the group's evolution runs, oldest first", Response: wire.EvolveReports{},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/search", Auth: api.AuthGroup, Handle: s.search, Tag: "search", Reads: true,
			Summary: "Search facts, entities, episodes and communities",
			Description: "Each scope of the recipe finds candidates by cosine similarity, BM25 or breadth-first search " +
				"and reranks them; results come best first with their scores. Facts default to those true now; valid_at, " +
				"known_at and include_history travel in time. An unknown recipe, scope or reranker is a 400.",
			Request: wire.SearchInput{}, Response: wire.SearchResults{},
			Example: wire.SearchInput{Query: "Where does Alice work?", Scopes: []string{"facts", "entities"}, Limit: 5},
		},
		{
			Method: "POST", Path: "/v1/groups/{group}/context", Auth: api.AuthGroup, Handle: s.getContext, Tag: "search", Reads: true,
			Summary: "The context of a query, for an agent's prompt",
			Description: "The search's facts with the period each held, entities with their summaries, and episodes, " +
				"most relevant first within the token budget; an item that does not fit is left out whole.",
			Request: contextRequest{}, Response: contextResponse{},
			Example: contextRequest{SearchInput: wire.SearchInput{Query: "Where does Alice live?"}, Budget: 500},
		},
	}
}
