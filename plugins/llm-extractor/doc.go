// Command llm-extractor is mnemo's LLM-mode plugin: it extracts entities and
// facts from episodes, resolves extracted entities and facts against the
// graph, and writes community summaries, by prompting the host's LLM
// through the llm_complete host function. docs/llm-extractor.md describes
// the prompts, the answer schemas, the configuration and the use with a
// local model.
//
// Built for wasip1 (main.go), it registers its handlers with the SDK:
// extract, resolve_entities, resolve_facts and summarize. Built for the
// host (main_host.go), it is a small command that prints the prompts the
// plugin would send for a request read from standard input, and what it
// makes of a model's answer:
//
//	go run ./plugins/llm-extractor -call extract [-config c.json] [-answer a.json] < request.json
//
// # Calls per episode
//
// A message episode costs at most three LLM calls: one extraction (entities
// and facts together, model "main"), and at most one entity resolution
// and one fact resolution (model "small"), which the engine asks for only
// when the graph holds candidates. Resolution prompts are split into
// several calls only when their questions exceed max_prompt_chars, which
// a message never does; a JSON array longer than max_episode_chars takes
// one call per run of its elements only when max_extract_calls is raised
// from its default of 1.
//
// # Layout
//
// The instructions of each prompt are text files in prompts/, embedded;
// prompts.go renders them with the request's ontology, episodes and
// settings. The system message holds what is the same for every episode
// of a tenant and the user message what changes, so servers with prompt
// caching reuse the long prefix. schema.go builds the answer schemas,
// clean.go and dates.go check and repair extraction answers,
// resolve_entities.go and resolve_facts.go validate resolution answers
// against the questions asked, and config.go reads the configuration.
//
// The logic never calls the host directly: it receives a Completer and a
// Logger (sdk.Complete and sdk.Log in the plugin), so host-side tests
// script the model.
package main
