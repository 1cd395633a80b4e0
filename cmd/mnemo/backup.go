package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/backup"
)

func runBackup(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("backup", "[--server URL] DIR", `Write a consistent backup of the whole database into DIR, a new or empty
directory: the database files and manifest.json (time, versions, embedder,
what each group holds, checksums). It runs while mnemo serve runs: writes
wait for the snapshot, a fraction of a second for thousands of episodes,
and searches go on. If another process has the database open, the backup is
asked of the server it advertises (or --server). mnemo restore brings it
back.`)
	var server serverFlags
	server.register(fs, g.getenv)
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return g.usageError(fs, "want one backup directory, got %d arguments", fs.NArg())
	}
	dir := fs.Arg(0)
	rc, err := server.client()
	if err != nil {
		return g.fail(err)
	}
	start := time.Now()
	var m backup.Manifest
	if rc == nil {
		h, err := g.open(ctx, readOnly, false)
		switch {
		case err == nil:
			defer g.closeHost(h)
			if m, err = h.Backup(ctx, dir, host.BackupOptions{Version: version}); err != nil {
				return g.fail(fmt.Errorf("backup: %w", err))
			}
			g.reportBackup(dir, m, time.Since(start))
			return 0
		case errors.Is(err, core.ErrLocked):
			cfg, lerr := g.load()
			url := ""
			if lerr == nil {
				url = host.ServedURL(cfg)
			}
			if url == "" {
				return g.fail(err)
			}
			fmt.Fprintf(g.stderr, "mnemo: the database is open in the mnemo serving %s: asking it for the backup\n", url)
			server.url = url
			if rc, err = server.client(); err != nil {
				return g.fail(err)
			}
		default:
			return g.fail(err)
		}
	}
	if m, err = remoteBackup(ctx, rc, dir); err != nil {
		return g.fail(fmt.Errorf("backup: %w", err))
	}
	g.reportBackup(dir, m, time.Since(start))
	return 0
}

// remoteBackup asks the server for a backup and writes it into dir,
// checked against its manifest before it is moved into place.
func remoteBackup(ctx context.Context, rc *remote, dir string) (backup.Manifest, error) {
	var m backup.Manifest
	err := backup.Install(dir, func(tmp string) error {
		body, err := rc.Open(ctx, "POST", "/v1/admin/backup")
		if err != nil {
			return err
		}
		defer body.Close()
		if m, err = backup.ReadArchive(body, tmp); err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, body)
		return nil
	})
	return m, err
}

// reportBackup says what a backup holds and what it cost.
func (g *globals) reportBackup(dir string, m backup.Manifest, took time.Duration) {
	var eps, facts int
	var size int64
	for _, c := range m.Groups {
		eps += c.Episodes
		facts += c.Facts
	}
	for _, f := range m.Files {
		size += f.Size
	}
	fmt.Fprintf(g.stderr, "backed up %s (%s, %s; %.1f MiB) to %s in %s; writers waited %.0f ms\n",
		plural(len(m.Groups), "group", "groups"), plural(eps, "episode", "episodes"), plural(facts, "fact", "facts"),
		float64(size)/(1<<20), dir, took.Round(time.Millisecond), m.WritersBlockedMS)
}

func runRestore(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("restore", "[--force] DIR", `Restore the backup in DIR (written by mnemo backup) into the database
directory (--db), after checking every file against the backup's manifest.
The database must not be open in any process, and a database directory
that holds a database is replaced only with --force. A damaged backup is
refused and changes nothing.`)
	force := fs.Bool("force", false, "replace the database the directory holds")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return g.usageError(fs, "want one backup directory, got %d arguments", fs.NArg())
	}
	cfg, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	m, err := host.Restore(cfg, fs.Arg(0), *force)
	if err != nil {
		code := g.fail(fmt.Errorf("restore: %w", err))
		if errors.Is(err, core.ErrConflict) && !*force {
			fmt.Fprintln(g.stderr, "mnemo: pass --force to replace it, or --db for another directory")
		}
		return code
	}
	var eps int
	for _, c := range m.Groups {
		eps += c.Episodes
	}
	fmt.Fprintf(g.stderr, "restored the backup of %s (%s, %s) into %s\n",
		m.CreatedAt.Format(time.RFC3339), plural(len(m.Groups), "group", "groups"), plural(eps, "episode", "episodes"), cfg.DB)
	return 0
}
