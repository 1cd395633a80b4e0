package kuzu

import (
	"context"
	"fmt"
	"strings"
)

// Replaced strings. Kuzu 0.11.3 keeps, in a node group's dictionary, every
// value a STRING column ever held: an update appends the new value and
// leaves the old one, and a checkpoint that rewrites the column copies the
// whole dictionary, replaced values included, into buffer-pool memory
// (TestStringDictionaryKeepsReplacedValues). The columns mnemo rewrites
// most — a fact's attributes, which hold its why record, rewritten whole
// at each step the record gains (until December 2026 at every
// restatement too; see core.MaxStatedSteps); an entity's summary — thus
// grow with the writes, not with the data: at 4,050 episodes of the edge
// benchmark the facts' attributes weighed 1.7 MB and their column 23.7
// MB, and near 6,500 episodes a checkpoint of it no longer fitted a 256
// MiB pool. Kuzu then holds the database half checkpointed, and the
// process crashed at the next scan of the column or lost an update
// (docs/edge.md).
//
// Only a rewrite of the database drops the replaced values, and Compact
// does one (EXPORT and IMPORT DATABASE; 1.1 s for that 141 MB database,
// which became 37 MB). So every dictionaryCheckEvery checkpoints the
// store asks Kuzu how large the string columns of the tables it updates
// are (CALL storage_info, about 1 ms), and when one holds more than a
// sixteenth of the buffer pool and more than dictionaryWaste times its
// live values, the keeper compacts the database.

// The replaced strings are not all: a checkpoint writes the columns it
// changes to new pages and the file keeps the old ones. Over 20,000
// episodes of bench-soak the file reached 297 MiB, of which a compaction
// kept 82; left alone it reached 1 GiB at 41,000 episodes, and its
// compaction then held ingestion for half a minute. A compaction costs
// what the database holds, not what it wastes: 5.4 s for that 297 MiB
// file and 5.3 s for the 82 MiB one it left (the rewrite, then the
// opening), so compacting at each doubling of the file made 16 over
// 50,000 episodes, 110 s of ingestion held up. So after each checkpoint
// the store compares the files' size with their size when the database
// was last compacted or opened, and compacts once they have grown
// compactGrowth times and past compactFloor: a database whose files grow
// by what it holds is rewritten when it has grown fourfold, which costs
// it at most a third as much again as its writes; one whose files grow
// by waste is rewritten before a rewrite costs much.

// compactGrowth is how many times their size when last compacted or
// opened the database's files may grow before the store compacts them.
const compactGrowth = 4

// compactFloor is the size of the database's files under which the
// store does not compact for their growth (tests lower it).
var compactFloor int64 = 64 << 20

// dictionaryCheckEvery is how many checkpoints pass between two looks at
// the string columns' sizes.
const dictionaryCheckEvery = 16

// dictionaryWaste is how many times its live values a string column may
// hold before the database is compacted.
const dictionaryWaste = 4

// updatedTables are the node tables whose STRING columns mnemo updates in
// place, and FactAttrs, whose rows are deleted and written again (the
// others only gain rows).
var updatedTables = []string{"Fact", "Entity", "Episode", "Community", "FactAttrs"}

// dictionaryBloated reports whether a string column of updatedTables
// holds more than a sixteenth of the buffer pool, and more than
// dictionaryWaste times its live values. It runs on the writer, under the
// write lock, outside a transaction.
func (s *Store) dictionaryBloated(ctx context.Context, c *conn) (bool, error) {
	floor := int64(s.opts.BufferPoolBytes / 16)
	for _, table := range updatedTables {
		if table == "Community" && !s.communities.Load() || table == "FactAttrs" && !s.factAttrs.Load() {
			continue // no community was ever written, no fact's attributes changed
		}
		stored, err := stringColumnBytes(ctx, c, table)
		if err != nil {
			return false, err
		}
		for prop, n := range stored {
			if n <= floor {
				continue
			}
			rows, err := c.query(ctx, fmt.Sprintf("MATCH (x:%s) RETURN sum(size(x.%s))", table, prop), nil)
			if err != nil {
				return false, fmt.Errorf("size the live values of %s.%s: %w", table, prop, err)
			}
			var live int64
			if len(rows) == 1 {
				live = i64(rows[0][0])
			}
			if n > dictionaryWaste*live {
				s.log.Info("a string column holds mostly replaced values: compacting the database", "column", table+"."+prop, "stored_bytes", n, "live_bytes", live)
				return true, nil
			}
		}
	}
	return false, nil
}

// stringColumnBytes returns the bytes Kuzu stores for each top-level
// STRING property of table, over all node groups: storage_info names a
// property's string data "<property>_data" (a list's strings are
// "<property>_data_data", which are left out).
func stringColumnBytes(ctx context.Context, c *conn, table string) (map[string]int64, error) {
	rows, err := c.query(ctx, "CALL storage_info('"+table+"') RETURN column_name, num_values", nil)
	if err != nil {
		return nil, fmt.Errorf("read the storage of %s: %w", table, err)
	}
	out := map[string]int64{}
	for _, r := range rows {
		name := str(r[0])
		prop, ok := strings.CutSuffix(name, "_data")
		if !ok || strings.HasSuffix(prop, "_data") || strings.Contains(prop, "_data_") {
			continue
		}
		out[prop] += i64(r[1])
	}
	return out, nil
}

// checkDictionaries runs after a checkpoint: when the database's files
// have grown compactGrowth times since it was last compacted or opened,
// or, every dictionaryCheckEvery checkpoints, when a string column is
// bloated, it has the keeper compact the database. A store without a
// keeper (in memory, or without a journal) never compacts by itself.
func (s *Store) checkDictionaries(ctx context.Context, c *conn) {
	if s.keeper.kicks == nil || s.opts.Dir == "" {
		return
	}
	if size, then := s.filesSize(), s.compactedBytes.Load(); size > compactFloor && size > compactGrowth*then {
		s.log.Info("the database's files have grown since it was last compacted or opened: compacting", "bytes", size, "then_bytes", then)
		s.compactDue.Store(true)
		s.keeper.kick()
		return
	}
	s.sinceDictionaryCheck++
	if s.sinceDictionaryCheck < dictionaryCheckEvery {
		return
	}
	s.sinceDictionaryCheck = 0
	bloated, err := s.dictionaryBloated(ctx, c)
	if err != nil {
		s.log.Warn("check the string columns", "err", err)
		return
	}
	if bloated {
		s.compactDue.Store(true)
		s.keeper.kick()
	}
}

// compactIfDue compacts the database when checkDictionaries asked for it.
// It runs on the keeper.
func (s *Store) compactIfDue(ctx context.Context) {
	if !s.compactDue.Swap(false) {
		return
	}
	if _, err := s.compact(ctx, true); err != nil {
		s.log.Error("compact the database", "err", err)
		// Not again at each checkpoint: when the files have grown as
		// much again, or when a column is found bloated.
		s.compactedBytes.Store(s.filesSize())
		return
	}
	s.stats.compactions.Add(1)
}
