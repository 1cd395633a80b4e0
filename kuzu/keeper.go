package kuzu

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// keeper runs a journaled store's upkeep on a goroutine of its own: the
// checkpoints the write policy finds due (durable.go), a new
// journal base once the journal has grown past Options.RebaseBytes
// (base.go), a compaction once a string column holds mostly replaced
// values (dictionary.go), a checkpoint once the writes have stopped
// (durable.go), and, after Kuzu failed to write (a full disk),
// opening the database again once the disk has room. A write or a health
// check kicks it; it also looks every few seconds. The zero keeper does
// nothing.
type keeper struct {
	kicks chan struct{}
	// idleKicks arms the idle pass (checkpointIfIdle) without the rest
	// of the upkeep; readKicks arms the trim after reads (readIdle),
	// made with the store, before any read.
	idleKicks chan struct{}
	readKicks chan struct{}
	stop      chan struct{}
	done      sync.WaitGroup
}

// keeperTick is how often the keeper looks without being kicked.
const keeperTick = 5 * time.Second

// kick asks the keeper to look now.
func (k *keeper) kick() {
	select {
	case k.kicks <- struct{}{}:
	default:
	}
}

// kickIdle asks the keeper to arm its idle pass.
func (k *keeper) kickIdle() {
	select {
	case k.idleKicks <- struct{}{}:
	default:
	}
}

// startKeeper starts the keeper of a journaled store.
func (s *Store) startKeeper() {
	// The first commit arms the idle pass; after commits before the
	// keeper (the schema, a replay at open) it is armed at once.
	s.idleDone.Store(s.lastCommit.Load() == 0)
	s.keeper.kicks = make(chan struct{}, 1)
	s.keeper.idleKicks = make(chan struct{}, 1)
	if !s.idleDone.Load() {
		s.keeper.kickIdle()
	}
	s.keeper.stop = make(chan struct{})
	s.keeper.done.Add(1)
	go func() {
		defer s.keeper.done.Done()
		t := time.NewTicker(keeperTick)
		defer t.Stop()
		idle := time.NewTimer(time.Hour)
		idle.Stop()
		defer idle.Stop()
		reads := time.NewTimer(time.Hour)
		reads.Stop()
		defer reads.Stop()
		for {
			select {
			case <-s.keeper.stop:
				return
			case <-s.keeper.kicks:
				s.upkeep()
			case <-t.C:
				s.upkeep()
			case <-s.keeper.idleKicks:
			case <-s.keeper.readKicks:
				reads.Reset(s.opts.IdleCheckpoint)
				continue
			case <-reads.C:
				if wait := s.readIdle(time.Now()); wait > 0 {
					reads.Reset(wait)
				}
				continue
			case <-idle.C:
				s.checkpointIfIdle(context.Background())
			}
			// Armed for the idle checkpoint while commits wait for one;
			// once due, upkeep took it or found it not worth taking, and
			// the next commit after a checkpoint, or the ticker, looks
			// again.
			if wait, ok := s.idleWait(time.Now()); ok && wait > 0 {
				idle.Reset(wait)
			}
		}
	}()
}

// Reads and the C heap.
//
// On a small machine (a buffer pool of at most SmallPool) the C heap
// goes back to the kernel when the store falls idle after writes
// (checkpointIfIdle), and after reads too: malloc keeps the blocks of a
// vector scan in its arena for the next search (fitMalloc), about 4 MiB
// after one search, which a board that searches now and then holds for
// nothing. The first read after a trim arms the keeper, which trims once
// no read has come for Options.IdleCheckpoint; a search after that finds
// the arena's pages gone and faults them in again (no mapping), once.

// afterRead notes a read's end and, on a small machine, arms the trim
// after reads if a trim was made since the last read.
func (s *Store) afterRead() {
	if s.opts.BufferPoolBytes > SmallPool || s.opts.IdleCheckpoint <= 0 {
		return
	}
	s.lastRead.Store(time.Now().UnixNano())
	if s.readsTrimmed.CompareAndSwap(true, false) {
		select {
		case s.keeper.readKicks <- struct{}{}:
		default:
		}
	}
}

// readIdle trims the C heap if no read has come for
// Options.IdleCheckpoint, and otherwise returns how long to wait before
// looking again. It runs on the keeper.
func (s *Store) readIdle(now time.Time) time.Duration {
	if wait := time.Unix(0, s.lastRead.Load()).Add(s.opts.IdleCheckpoint).Sub(now); wait > 0 {
		return wait
	}
	s.readsTrimmed.Store(true)
	releaseCHeap()
	return 0
}

// stopKeeper stops the keeper and waits for it. It runs before Close
// takes the store's lock.
func (s *Store) stopKeeper() {
	if s.keeper.stop == nil {
		return
	}
	select {
	case <-s.keeper.stop:
	default:
		close(s.keeper.stop)
	}
	s.keeper.done.Wait()
}

// upkeep does what the keeper found to do.
func (s *Store) upkeep() {
	ctx := context.Background()
	s.writeMu.Lock()
	degraded := s.degraded != nil
	journalBytes := int64(0)
	if s.journal != nil {
		journalBytes = s.journal.Bytes()
	}
	s.writeMu.Unlock()
	if degraded {
		s.heal(ctx)
		return
	}
	if err := s.health.get(); err != nil {
		// Only the journal failed to write: Kuzu holds nothing half
		// written, and writes resume as soon as the disk has room.
		if free, ferr := freeBytes(s.opts.Dir); ferr == nil && free >= lowDisk {
			s.health.ok()
		}
	}
	s.checkpointIfDue(ctx)
	s.checkpointIfIdle(ctx)
	s.compactIfDue(ctx)
	s.renewIfDue(ctx)
	if journalBytes > s.rebaseBytes() {
		if _, err := s.takeBase(ctx); err != nil {
			s.log.Warn("take a journal base", "err", err)
		}
	}
}

// heal opens the database again after Kuzu failed to write, once the disk
// has room: the database is closed (Kuzu writes what it buffers, so it
// needs room), then opened the way Open opens it, which replays the
// journal. Until then writes fail with core.ErrStorage and reads go on.
func (s *Store) heal(ctx context.Context) {
	if free, err := freeBytes(s.opts.Dir); err != nil || free < lowDisk {
		return
	}
	s.ops.Lock()
	defer s.ops.Unlock()
	if s.closed || s.degraded == nil {
		return
	}
	cause := s.degraded
	s.log.Info("the disk has room again: opening the database again", "after", cause)
	s.closeDatabase()
	s.closeJournal()
	s.degraded = nil
	if err := s.startJournaled(holdingOps(ctx), filepath.Join(s.opts.Dir, dbFile), ""); err != nil {
		s.closeDatabase()
		s.closeJournal()
		s.degraded = fmt.Errorf("%w: the database did not open again after a failed write (%w): %w", core.ErrStorage, cause, err)
		s.health.fail(s.degraded)
		s.log.Error("open the database again", "err", err)
		return
	}
	s.health.ok()
	s.log.Info("the database is open again; writes resume")
}
