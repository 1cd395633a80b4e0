// Package ingest is the pipeline stage that turns an episode into an
// applied change: the episode is cut into pieces for the extractor
// (split.go), extracted and embedded, its entities resolved against the
// graph (resolve_entities.go) and its facts deduplicated and invalidated
// (resolve_facts.go), and the change written, with the writes of several
// episodes grouped over an overlay of what is not written yet
// (overlay.go, pipeline.go).
//
// The engine's queue hands a group's due episodes to Pipeline.Process one
// batch at a time and keeps the reports; the pipeline takes what it needs
// of the engine through Deps. It imports core and engine/text only.
package ingest
