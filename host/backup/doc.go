// Package backup reads and writes mnemo's backups: a directory holding
// the store's database files and manifest.json, which names the format
// and its version, when and by which mnemo the backup was taken, the
// schema version, the embedder that made the vectors, what each group
// held, how long writers waited, and each file's size and SHA-256.
//
// Taking a snapshot is the store's business (host.Host.Backup); this
// package finishes a snapshot directory with its manifest, checks one
// (Verify), installs a directory atomically (Install: written beside its
// final name, then renamed), and carries a backup over HTTP as a tar
// stream (WriteArchive, ReadArchive), checked on arrival. Its functions
// are safe for concurrent use on different directories.
package backup
