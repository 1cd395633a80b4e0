// Package exchange reads and writes mnemo's export format: JSON Lines, a
// header line naming the format, its version and the embedder that made
// the vectors, then one line per object of each group (episodes,
// entities, facts, mentions, communities), in a fixed order so that the
// same memory always exports to the same bytes. docs/export-format.md
// documents it for other programs.
//
// What a group holds, how an import is checked and written, and what a
// renamed group's uuids become are core's (engine.GroupData,
// engine.Engine.ImportGroup); this package only turns them into lines and
// back. A Writer is not safe for concurrent use; Read holds a whole file
// in memory.
package exchange
