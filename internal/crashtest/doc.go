// Package crashtest kills the real mnemo binary at the worst moments and
// checks what it finds when it starts again (issue 34). TestMain builds
// mnemo once with the build tag crashpoints (kuzu/crashpoint_on.go), so
// that MNEMO_CRASHPOINT=NAME:N kills the process with SIGKILL the N-th
// time it passes a named point; the checkpoint tests instead watch Kuzu's
// shadow file and kill the process while a checkpoint writes it.
//
// Every test asserts the same four things: the database opens by itself,
// with no manual step (any command does it); every acknowledged episode
// is there and, once the workers finish, done; the graph is the graph of
// an uninterrupted run of the same episodes (graph_test.go compares
// exports by content, since entity and fact uuids and system times
// differ from run to run); and nothing is there twice.
//
// The tests and what they kill:
//
//   - TestKillInCheckpoint: mnemo ingest (once it has queued every
//     episode) and mnemo serve (HTTP batches, killed while posting too),
//     in turn, in checkpoints 2 to the last but one the ingest reaches
//     (lastCheckpoint); after the kills of mnemo ingest each database is
//     also reopened with Kuzu's files deleted, which the journal rebuilds.
//   - TestKillAtCommit: journaled (after the journal's sync, before
//     Kuzu's commit) and committed (after the commit, before the answer).
//   - TestKillInErasure: mnemo forget and mnemo delete --all, inside the
//     rewrite that takes the forgotten bytes off the disk; no file under
//     the database directory holds them after the restart, and every
//     erasure is recorded.
//   - TestKillInImport: a group is absent or whole, never partial.
//   - TestKillInReembed: the staged vectors of an interrupted mnemo
//     reembed resume.
//   - TestFullDisk: a tmpfs fills during mnemo ingest, during mnemo
//     serve, and between two writes, so that the journal's append is the
//     write that fails (root or sudo; MNEMO_FULLDISK_REQUIRED=1 fails
//     instead of skipping).
//
// MNEMO_CRASH_RUNS (2 by default) and MNEMO_CRASH_EPISODES (3,000) size
// the checkpoint test; make test-crash runs 50 kills at 6,000 episodes.
// MNEMO_FULLDISK_MIB sizes the tmpfs (128). MNEMO_CRASH_BIN names a
// binary built with -tags crashpoints instead of building one. The
// package holds tests only.
package crashtest
