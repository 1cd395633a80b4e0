// Package community is the community stage of the engine: it groups a
// group's entities into communities by label propagation over the entity
// graph (weighted by the facts between entities), names and summarizes
// each with the group's summarizer plugin or the LLM (map-reduce over the
// members' summaries, or offline from the members' facts), embeds them for
// search, and keeps them up to date as ingestion brings entities: a new
// entity joins the community most of its neighbours belong to, and a
// group whose communities have drifted too far is rebuilt in the
// background.
//
// A Keeper holds each group's community state; it reads and writes a
// narrow Store, and takes what it needs of its owner through Deps: the
// embedder, the LLM and plugin sets, a clock, a channel closed when the
// owner closes, and a function that runs (and waits for) background
// rebuilds. It imports core and engine/text only, never package engine,
// which opens one Keeper per Engine (engine.Engine.BuildCommunities,
// CommunityStatus) and tells it of the entities each episode brought.
package community
