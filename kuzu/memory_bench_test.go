//go:build linux

package kuzu_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	gokuzu "github.com/kuzudb/go-kuzu"

	"github.com/mnemohq/mnemo/kuzu"
)

// BenchmarkOpenMemory measures what an open database holds in anonymous
// memory (RssAnon, almost all of it Kuzu's C++ objects in malloc arenas),
// for the edge footprint (docs/edge.md):
//
//	go test -run '^$' -bench OpenMemory/tables -benchtime 1x ./kuzu/
//	go test -run '^$' -bench OpenMemory/store -benchtime 1x ./kuzu/
//
// "tables" creates node tables in a bare Kuzu database, one row each, and
// reports the memory per table; "store" opens an empty mnemo store (seven
// node tables: ten before Record and the community tables were made on
// demand, lazytables.go). Run each alone: the arenas keep what one frees for the
// next, which then seems to cost less.
func BenchmarkOpenMemory(b *testing.B) {
	b.Run("tables", func(b *testing.B) {
		const n = 10
		for range b.N {
			cfg := gokuzu.DefaultSystemConfig()
			cfg.BufferPoolSize, cfg.MaxDbSize, cfg.MaxNumThreads = 256<<20, 1<<30, 2
			db, err := gokuzu.OpenDatabase(b.TempDir()+"/g.kuzu", cfg)
			if err != nil {
				b.Fatal(err)
			}
			c, err := gokuzu.OpenConnection(db)
			if err != nil {
				b.Fatal(err)
			}
			before := rssAnon(b)
			for i := range n {
				for _, q := range []string{fmt.Sprintf("CREATE NODE TABLE T%d(id STRING, PRIMARY KEY(id))", i), fmt.Sprintf("CREATE (:T%d {id: 'a'})", i)} {
					r, err := c.Query(q)
					if err != nil {
						b.Fatal(err)
					}
					r.Close()
				}
			}
			b.ReportMetric(float64(rssAnon(b)-before)/(1<<20)/n, "MiB/table")
			c.Close()
			db.Close()
		}
	})
	b.Run("store", func(b *testing.B) {
		for range b.N {
			before := rssAnon(b)
			s, err := kuzu.Open(b.Context(), kuzu.Options{Dir: b.TempDir(), Dimension: 256, BufferPoolBytes: 256 << 20})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(rssAnon(b)-before)/(1<<20), "MiB")
			if err := s.Close(b.Context()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// rssAnon is the process's resident anonymous memory in bytes.
func rssAnon(tb testing.TB) int64 {
	tb.Helper()
	st, err := os.ReadFile("/proc/self/status")
	if err != nil {
		tb.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(st))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "RssAnon:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb << 10
		}
	}
	tb.Fatal("no RssAnon in /proc/self/status")
	return 0
}
