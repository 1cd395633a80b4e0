package httpapi

import (
	"net/http"
	"slices"

	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

// Query parameters shared by the listings.
var (
	limitParam  = param{"limit", "integer", "Page size: 1 to 1000. Default: 100."}
	cursorParam = param{"cursor", "string", "The next_cursor of the previous page; absent for the first page."}
)

// routeTable lists every route the server serves. The OpenAPI document is
// generated from it (see openapi_internal_test.go).
func (s *Server) routeTable() []*route {
	return slices.Concat(s.v1Routes(), s.inspectRoutes(), s.graphitiRoutes(), s.graphitiSearchRoutes())
}

func (s *Server) v1Routes() []*route {
	return []*route{
		{
			method: "GET", path: "/healthz", auth: authNone, handle: s.healthz, tag: "probes",
			summary: "Liveness", description: "Answers 200 while the process runs.", response: health{},
		},
		{
			method: "GET", path: "/readyz", auth: authNone, handle: s.readyz, tag: "probes",
			summary: "Readiness", description: "Answers 200 when the database answers and the server is not shutting down, else 503.",
			response: health{},
		},
		{
			method: "GET", path: "/metrics", auth: authNone, handle: s.metricsText, tag: "probes",
			summary: "Prometheus metrics",
			description: "Requests and latencies per route and status, queue depth (pending and failed episodes), " +
				"LLM calls and tokens per prompt, plugin calls and failures, in the Prometheus text format.",
			response: raw{},
		},
		{
			method: "GET", path: "/openapi.json", auth: authNone, handle: s.openAPI, tag: "probes",
			summary: "This API's OpenAPI 3.1 document", response: raw{},
		},
		{
			method: "GET", path: "/v1/plugins", auth: authKey, handle: s.listPlugins, tag: "plugins",
			summary: "Loaded plugins and their health",
			description: "The plugins of the running plugin sets, with their calls, failures and last error, and the " +
				"error of the last hot reload if it failed (the previous set then keeps running).",
			response: pluginList{},
		},
		{
			method: "GET", path: "/v1/recipes", auth: authKey, handle: s.listRecipes, tag: "search",
			summary: "Search recipes",
			description: "Every recipe a search may name, built-in and defined in the configuration (search.recipes), " +
				"with the scopes each searches, its methods, reranker, rerank plugin and limit, and the default recipe. " +
				"Reloaded recipes show at once.",
			response: wire.RecipeList{},
		},
		{
			method: "POST", path: "/v1/admin/backup", auth: authKey, handle: s.backup, tag: "admin",
			summary: "Back up the whole database, as a tar stream",
			description: "A consistent snapshot taken while the server serves: writes wait while the store checkpoints and " +
				"copies its database file (reads go on), then the copy is checksummed and sent as a tar stream of " +
				"manifest.json and the database files (docs/guide.md, Backups). `mnemo backup DIR` writes it to a directory " +
				"and `mnemo restore DIR` brings it back. It holds every group: it takes a key bound to \"*\" (403 otherwise).",
			response: stream{contentType: "application/x-tar"},
		},
		{
			method: "GET", path: "/v1/groups", auth: authKey, handle: s.listGroups, tag: "groups",
			summary: "Groups holding episodes that the key may use", response: groupList{},
		},
		{
			method: "GET", path: "/v1/groups/{group}", auth: authGroup, handle: s.groupStats, tag: "groups",
			summary: "What a group holds", response: groupStats{},
		},
		{
			method: "DELETE", path: "/v1/groups/{group}", auth: authGroup, handle: s.deleteGroup, tag: "groups",
			summary: "Delete everything a group holds", description: "Pending episodes included. The group is erased: the " +
				"database is rewritten before the answer so that its files hold none of the group's data (reads and writes " +
				"wait meanwhile), and an audit record is kept (GET .../erasures; docs/erasure.md).",
			response: wire.Deleted{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/forget", auth: authGroup, handle: s.forget, tag: "groups",
			summary: "Forget an episode or an entity, for real",
			description: "{\"episode\": UUID} forgets an episode: it goes with the facts only it stated and the entities only " +
				"it mentioned. {\"entity\": UUID or name} forgets an entity: it goes with every fact that has it as an end or " +
				"names it, and the episodes that mention it or name it. The summaries of the entities that remain and the " +
				"group's communities are rebuilt from what remains, and the database is rewritten before the answer so that " +
				"its files hold no byte of what was forgotten (reads and writes wait meanwhile). The answer is the erasure's " +
				"audit record, which holds no content (docs/erasure.md). A name several entities have is a 409 listing their uuids.",
			request: forgetRequest{}, response: host.Erasure{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/erasures", auth: authGroup, handle: s.listErasures, tag: "groups",
			summary: "The group's erasures",
			description: "The audit records of what was forgotten in the group and of its deletions, oldest first: kind, uuid, " +
				"counts, time and key, never content. They survive the group's deletion.",
			response: erasureList{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/export", auth: authGroup, handle: s.exportGroup, tag: "groups",
			summary: "Export everything a group holds, as JSON Lines",
			description: "The format of `mnemo export` (docs/export-format.md): a header naming the format, its version and the " +
				"embedder, then the group's episodes, entities, facts (all four times, provenance), mentions and communities, " +
				"with their vectors, in a fixed order: the same memory exports to the same bytes but for the header's time.",
			response: stream{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/import", auth: authGroup, handle: s.importGroup, tag: "groups",
			maxBody: func(s *Server) bodyLimit { return maxImportLimit(s.h.Config.HTTP.MaxImportMB) },
			summary: "Import an export of one group into this group",
			description: "The body is an export (GET .../export, or `mnemo export --group`) of one group; it is imported " +
				"into {group}, under new uuids if it was exported from a group of another name. The whole body is read and " +
				"checked before anything is written (a bad line is a 400 naming the line), then written in one transaction. " +
				"Objects already stored are replaced by the body's: importing the same export twice changes nothing. Vectors " +
				"of another embedder than the server's are a 409. The body may be up to http.max_import_mb.",
			request: raw{}, response: imported{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/episodes", auth: authGroup, handle: s.addEpisodes, tag: "episodes",
			status: http.StatusAccepted, summary: "Add episodes",
			description: "One episode, or {\"episodes\": [...]}. They are validated (all or none), stored as pending " +
				"in the database, which is the ingestion queue, and processed in the background in reference-time order. " +
				"The answer gives each episode's status URL. Re-sending an episode with the same uuid and content is a no-op " +
				"(created: false), except for a failed episode, which is queued again (requeued: true, status: pending); " +
				"other content under the same uuid is a 409.",
			request: oneOf{wire.EpisodeInput{}, episodeBatch{}}, response: accepted{},
			example: episodeBatch{Episodes: []wire.EpisodeInput{{
				Source: "message", Content: rawJSON(`"Alice: I moved to Lisbon last month, and I started at Acme Corp."`),
				ReferenceTime: "2024-06-03T09:30:00Z", SourceDescription: "chat",
			}}},
		},
		{
			method: "GET", path: "/v1/groups/{group}/episodes", auth: authGroup, handle: s.listEpisodes, tag: "episodes",
			summary: "List episodes by reference time",
			description: "status=failed lists the episodes whose extraction failed, with their error and attempts: " +
				"POST .../episodes/retry queues them again.",
			query: []param{limitParam, cursorParam,
				{"status", "string", "Only episodes with this status: pending, done or failed."}},
			response: episodeList{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/episodes/retry", auth: authGroup, handle: s.retryGroup, tag: "episodes",
			status: http.StatusAccepted, summary: "Queue every failed episode of the group again",
			description: "Each failed episode becomes pending with its attempts reset and is processed again in " +
				"reference-time order; its last error is kept until then. The answer lists them (none if no episode failed).",
			response: retried{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/episodes/{uuid}/retry", auth: authGroup, handle: s.retryEpisode, tag: "episodes",
			status: http.StatusAccepted, summary: "Queue a failed episode again",
			description: "As the group's retry, for one episode. An episode already pending is left as it is; a done " +
				"episode is a 409.",
			response: retried{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/episodes/{uuid}", auth: authGroup, handle: s.getEpisode, tag: "episodes",
			summary: "One episode", response: wire.Episode{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/episodes/{uuid}/status", auth: authGroup, handle: s.episodeStatus, tag: "episodes",
			summary: "What became of an episode",
			description: "pending, done or failed (with the error); once this process has processed it, what it " +
				"produced (entities, facts, invalidations) and cost (LLM calls and tokens).",
			response: wire.Report{},
		},
		{
			method: "DELETE", path: "/v1/groups/{group}/episodes/{uuid}", auth: authGroup, handle: s.deleteEpisode, tag: "episodes",
			summary:     "Delete an episode",
			description: "With the facts and entities nothing else supports; facts those facts had superseded become current again.",
			response:    wire.Deleted{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/entities", auth: authGroup, handle: s.listEntities, tag: "graph",
			summary: "List entities in creation order",
			query: []param{limitParam, cursorParam, {"label", "string", "Only entities with this label (ontology type)."},
				includeArchivedParam},
			response: entityList{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/facts", auth: authGroup, handle: s.listFacts, tag: "graph",
			summary: "List facts in creation order",
			description: "By default the facts true now. history=true adds ended and superseded facts; valid_at keeps " +
				"the facts true at that event time; known_at shows the facts as mnemo knew them at that system time.",
			query: []param{limitParam, cursorParam,
				{"history", "boolean", "Include ended and superseded facts."},
				{"valid_at", "string", "Facts true at this time (RFC 3339 or a date)."},
				{"known_at", "string", "Facts as mnemo knew them at this time (RFC 3339 or a date)."},
				{"relation", "string", "Only facts of this relation, e.g. LIVES_IN."}, includeArchivedParam},
			response: factList{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/facts", auth: authGroup, handle: s.addFact, tag: "graph",
			status: http.StatusCreated, summary: "Add a fact by hand",
			description: "The fact is recorded as an episode (its provenance) and goes through the same resolution " +
				"and invalidation as extracted facts: a new LIVES_IN supersedes the old one. The answer comes once it is written.",
			request: addFactRequest{}, response: addFactResponse{},
			example: addFactRequest{Source: "Alice", SourceType: "Person", Relation: "WORKS_AT", Target: "Globex",
				TargetType: "Organization", ValidAt: "2024-07-01"},
		},
		{
			method: "GET", path: "/v1/groups/{group}/facts/{uuid}", auth: authGroup, handle: s.getFact, tag: "graph",
			summary: "One fact, current or not", response: wire.Fact{},
		},
		{
			method: "DELETE", path: "/v1/groups/{group}/facts/{uuid}", auth: authGroup, handle: s.deleteFact, tag: "graph",
			summary: "Delete a fact", description: "Facts it had superseded become current again.", response: wire.Deleted{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/consolidate", auth: authGroup, handle: s.consolidate, tag: "graph",
			summary: "Merge the group's duplicate entities",
			description: "Finds the duplicate entities resolution missed (by name, name vector and shared neighbours), decides " +
				"through the group's resolver plugin and merges them: the entity merged away is kept and hidden, its facts are " +
				"copied onto the survivor with their four times, its name becomes an alias. Entities with different identifiers " +
				"are never merged. Then duplicate facts between the same entities collapse into one with every provenance. " +
				"Ingestion of the group waits while it runs.",
			query: []param{dryRunParam}, response: wire.ConsolidateReport{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/entities/{uuid}/unmerge", auth: authGroup, handle: s.unmerge, tag: "graph",
			summary: "Undo the merge of an entity",
			description: "The entity and the facts the merge had moved are shown again as they were, the facts the merge made " +
				"are deleted and the survivor loses the aliases the merge gave it. 409 when what the merge made has changed since.",
			query: []param{dryRunParam}, response: wire.UnmergeReport{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/facts/{uuid}/unmerge", auth: authGroup, handle: s.unmerge, tag: "graph",
			summary: "Undo a merge of duplicate facts",
			description: "Named by the fact the merge made: it is deleted and the facts it stood for are shown again as they " +
				"were. 409 when the fact made has changed since.",
			query: []param{dryRunParam}, response: wire.UnmergeReport{},
		},
		{
			method: "GET", path: "/v1/groups/{group}/communities", auth: authGroup, handle: s.listCommunities, tag: "graph",
			summary: "List communities", query: []param{limitParam, cursorParam}, response: communityList{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/communities/build", auth: authGroup, handle: s.buildCommunities, tag: "graph",
			summary: "Build the group's communities",
			description: "A full build: label propagation over the entity graph, then a summary and a name for each " +
				"community; the group's previous communities are replaced in one write. The answer comes when the build is " +
				"written; a request cancelled before then writes nothing. Builds of one group run one at a time.",
			response: wire.CommunityReport{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/feedback", auth: authGroup, handle: s.feedback, tag: "evolve",
			summary: "Mark a fact or an entity useful, wrong or pinned",
			description: "Feedback weighs into importance (docs/evolve.md). wrong invalidates a fact: it is expired now " +
				"with the reason in its attributes (invalid_reason), kept in history, never deleted. A pinned object never " +
				"decays or archives; unpin undoes it.",
			request: wire.FeedbackInput{}, response: wire.FeedbackResult{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/evolve", auth: authGroup, handle: s.evolve, tag: "evolve",
			summary: "Score, decay and archive the group's memory",
			description: "Scores every entity and current fact (importance), archives what falls below the threshold " +
				"unless pinned, restores what is pinned or important again, and keeps the report. Nothing is deleted. " +
				"dry_run reports without changing anything; now simulates a later day.",
			request: wire.EvolveInput{}, response: wire.EvolveReport{},
			example: wire.EvolveInput{DryRun: true},
		},
		{
			method: "GET", path: "/v1/groups/{group}/evolve/reports", auth: authGroup, handle: s.evolveReports, tag: "evolve", reads: true,
			summary: "The reports of the group's evolution runs, oldest first", response: wire.EvolveReports{},
		},
		{
			method: "POST", path: "/v1/groups/{group}/search", auth: authGroup, handle: s.search, tag: "search", reads: true,
			summary: "Search facts, entities, episodes and communities",
			description: "Each scope of the recipe finds candidates by cosine similarity, BM25 or breadth-first search " +
				"and reranks them; results come best first with their scores. Facts default to those true now; valid_at, " +
				"known_at and include_history travel in time. An unknown recipe, scope or reranker is a 400.",
			request: wire.SearchInput{}, response: wire.SearchResults{},
			example: wire.SearchInput{Query: "Where does Alice work?", Scopes: []string{"facts", "entities"}, Limit: 5},
		},
		{
			method: "POST", path: "/v1/groups/{group}/context", auth: authGroup, handle: s.getContext, tag: "search", reads: true,
			summary: "The context of a query, for an agent's prompt",
			description: "The search's facts with the period each held, entities with their summaries, and episodes, " +
				"most relevant first within the token budget; an item that does not fit is left out whole.",
			request: contextRequest{}, response: contextResponse{},
			example: contextRequest{SearchInput: wire.SearchInput{Query: "Where does Alice live?"}, Budget: 500},
		},
	}
}

// oneOf documents a body that may take several shapes.
type oneOf []any
