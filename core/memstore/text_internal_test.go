package memstore

import "testing"

// TestTextIndexGroupStatistics checks that BM25 scores follow a document's
// own index: replacing and deleting documents leaves the statistics as if
// they had never been there.
func TestTextIndexGroupStatistics(t *testing.T) {
	fresh, churned := newTextIndex(), newTextIndex()
	for _, ix := range []*textIndex{fresh, churned} {
		ix.put("a", "Alice met the ferryman")
		ix.put("b", "the ferryman rowed across")
	}
	churned.put("c", "ferryman ferryman Alice")
	churned.put("a", "something else")
	churned.put("a", "Alice met the ferryman")
	churned.del("c")
	q := terms("Alice ferryman")
	want, got := fresh.score(q), churned.score(q)
	if len(got) != len(want) || got["a"] != want["a"] || got["b"] != want["b"] {
		t.Errorf("scores after churn = %v, want %v", got, want)
	}
	if !(want["a"] > want["b"] && want["b"] > 0) {
		t.Errorf("scores = %v, want a above b above zero", want)
	}
}
