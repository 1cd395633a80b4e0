package kuzu

import (
	"os"
	"path/filepath"
	"testing"

	gokuzu "github.com/kuzudb/go-kuzu"
)

// TestReplayedLogIsCheckpointedApart opens a database whose log, left by
// a run killed before its checkpoint, created and deleted a relationship:
// replaying it leaves Kuzu's memory as the run did (freshrels.go), so the
// store replays and checkpoints it in a database opened for that alone
// and opens the database again. Before, the second checkpoint after the
// open crashed the process.
func TestReplayedLogIsCheckpointedApart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, dbFile)
	s := &Store{opts: Options{Dir: dir, BufferPoolBytes: 64 << 20, Threads: 1}.withDefaults()}
	s.log = s.opts.Logger
	exec := func(c *gokuzu.Connection, stmts ...string) int64 {
		t.Helper()
		var n int64
		for _, stmt := range stmts {
			res, err := c.Query(stmt)
			if err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
			for res.HasNext() {
				tp, _ := res.Next()
				v, _ := tp.GetValue(0)
				n, _ = v.(int64)
				tp.Close()
			}
			res.Close()
		}
		return n
	}

	db, err := gokuzu.OpenDatabase(path, s.systemConfig())
	if err != nil {
		t.Fatal(err)
	}
	c, err := gokuzu.OpenConnection(db)
	if err != nil {
		t.Fatal(err)
	}
	exec(c, "CREATE NODE TABLE N(id INT64 PRIMARY KEY)", "CREATE REL TABLE R(FROM N TO N)",
		"CREATE (:N {id: 1}), (:N {id: 2}), (:N {id: 3}), (:N {id: 4})",
		"MATCH (a:N {id: 1}), (b:N {id: 2}) CREATE (a)-[:R]->(b)", "CHECKPOINT",
		"MATCH (a:N {id: 3}), (b:N {id: 4}) CREATE (a)-[:R]->(b)", "MATCH (:N {id: 3})-[r:R]->() DELETE r")
	// What a kill leaves: the files as they are before the close.
	files := map[string][]byte{}
	for _, name := range []string{dbFile, walFile} {
		if files[name], err = os.ReadFile(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	c.Close()
	db.Close()
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	if db, err = s.openDatabase(path); err != nil {
		t.Fatalf("openDatabase: %v", err)
	}
	defer db.Close()
	if c, err = gokuzu.OpenConnection(db); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	exec(c, "CHECKPOINT", "MATCH (a:N {id: 1}), (b:N {id: 4}) CREATE (a)-[:R]->(b)", "CHECKPOINT")
	if n := exec(c, "MATCH ()-[r:R]->() RETURN count(r)"); n != 2 {
		t.Errorf("relationships after the replay = %d, want 2", n)
	}
}
