// Package evolve is the evolution stage of the engine (GraphMem §4): it
// counts what searches return and episodes mention, scores every entity
// and fact of a group by importance (recency, frequency, feedback,
// centrality), archives what went unused and restores what is important
// again, merges the near-duplicates resolution missed (Consolidate) and
// undoes such merges (Unmerge).
//
// An Evolver holds the access counts of one owner; it reads and writes a
// core.Store and takes what it needs of its owner through Deps: plugin
// sets (resolvers, ontologies), a clock, the owner's id source and group
// lock, and a channel closed when the owner closes. It imports core and
// engine/text only, never package engine, which opens one Evolver per
// Engine (engine.Engine.Evolve, Consolidate, Unmerge, Feedback) and tells
// it of what each episode created or mentioned and each search returned.
package evolve
