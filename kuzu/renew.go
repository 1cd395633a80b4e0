package kuzu

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
)

// Renewal: a database open for too many checkpoints is opened again.
//
// Kuzu 0.11.3 reserves the address space of Options.MaxDBSizeBytes when
// it opens a database and hands it out in frame groups of 8 MiB; each
// checkpoint takes a frame group that is given back only when the
// database closes. Once none is left, the next checkpoint fails with "No
// more frame groups can be added to the allocator" and the process dies
// soon after in Kuzu's code (TestRenewal without the renewal: with a
// 64 MiB maximum, the eighth checkpoint fails and the tenth crashes).
// The default maximum, 64 GiB, holds 8,192 frame groups: a server that
// checkpoints once a minute runs out in under six days.
//
// So the store counts the checkpoints since the database opened, and once
// they reach a quarter of its frame groups (renewAfter; 2,048 by default)
// it opens the database again, the way a compaction does after its
// rewrite: the connections and the database are closed, and start opens
// them and reloads what the store keeps beside Kuzu. The keeper does it
// when it next looks, and Checkpoint, which backups and tests call, does it
// before it returns. A checkpoint taken when only an eighth of the frame
// groups is left is refused, so that the database never reaches the
// failure while a renewal waits.

// frameGroup is the address space Kuzu 0.11.3 hands out at a time.
const frameGroup = 8 << 20

// errWorn is the answer of a checkpoint refused until the database is
// opened again.
var errWorn = errors.New("the database has been open for too many checkpoints: it is opened again first")

// frameGroups is how many frame groups the database's address space holds.
func (s *Store) frameGroups() int64 {
	return max(int64(s.opts.MaxDBSizeBytes/frameGroup), 1)
}

// renewAfter is the number of checkpoints after which the database is
// opened again.
func (s *Store) renewAfter() int64 {
	return max(s.frameGroups()/4, 1)
}

// wornOut reports whether a checkpoint now would come too close to the
// end of the frame groups.
func (s *Store) wornOut() bool {
	return s.opts.Dir != "" && s.openCheckpoints.Load() >= s.frameGroups()-max(s.frameGroups()/8, 1)
}

// checkpointTaken counts a checkpoint and asks for a renewal when due.
func (s *Store) checkpointTaken() {
	if n := s.openCheckpoints.Add(1); s.opts.Dir != "" && n >= s.renewAfter() {
		s.renewDue.Store(true)
		s.keeper.kick()
	}
}

// renewIfDue opens the database again when checkpointTaken asked for it.
func (s *Store) renewIfDue(ctx context.Context) {
	if !s.renewDue.Load() {
		return
	}
	if err := s.renew(ctx); err != nil {
		s.log.Error("open the database again", "err", err)
	}
}

// renew closes the database and opens it again under s.ops held for
// writing. What the WAL holds is checkpointed first (there is room: the
// renewal comes long before the last frame groups), so that the opening
// replays nothing.
func (s *Store) renew(ctx context.Context) error {
	s.ops.Lock()
	defer s.ops.Unlock()
	if s.closed || !s.renewDue.Load() {
		return nil
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if s.degraded != nil || s.writer == nil {
		return nil // heal opens it again
	}
	if s.walSize() > 0 {
		if err := s.checkpoint(ctx, s.writer); err != nil {
			return fmt.Errorf("checkpoint before opening the database again: %w", err)
		}
	}
	n := s.openCheckpoints.Load()
	s.carryVecIndexes() // the offsets do not change
	defer s.dropCarried()
	s.closeDatabase()
	if err := s.start(holdingOps(context.WithoutCancel(ctx)), filepath.Join(s.opts.Dir, dbFile)); err != nil {
		s.closed = true
		s.closeAll()
		return fmt.Errorf("the database was closed to be opened again after %d checkpoints and did not open (open mnemo again): %w", n, err)
	}
	s.renewDue.Store(false)
	s.stats.renewals.Add(1)
	s.log.Info("opened the database again", "checkpoints", n)
	return nil
}
