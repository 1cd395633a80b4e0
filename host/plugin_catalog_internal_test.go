package host

import "testing"

func TestOnlyTheBuiltInRuleExtractorIsUninterruptible(t *testing.T) {
	cfg, err := Load("", func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	srcs, err := readSources("")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, src := range srcs {
		got[src.name] = manifestOf(cfg, src.name, src, "").Uninterruptible
	}
	want := map[string]bool{"rule-extractor": true, "llm-extractor": false, "script-reranker": false}
	for name, w := range want {
		if g, ok := got[name]; !ok || g != w {
			t.Errorf("built-in %s: Uninterruptible = %v (listed %v), want %v", name, g, ok, w)
		}
	}
	// A file of the plugins directory that describes itself as the rule
	// extractor replaces it, but not its trust.
	file := source{name: "rule-extractor", file: "mine", origin: "/plugins/mine.wasm", code: []byte("\x00asm")}
	if manifestOf(cfg, "rule-extractor", file, "").Uninterruptible {
		t.Error("a plugins-directory file named rule-extractor is Uninterruptible, want the checks")
	}
	// Pieces larger than the extractor is known to finish quickly keep
	// the checks, and the call timeout with them.
	big := cfg
	big.Ingest.MaxExtractKB = 64
	for _, src := range srcs {
		if src.name == "rule-extractor" && manifestOf(big, "rule-extractor", src, "").Uninterruptible {
			t.Error("with ingest.max_extract_kb = 64 the rule extractor is Uninterruptible, want the checks")
		}
	}
	// A tenant's configuration of the built-in keeps it.
	for _, src := range srcs {
		if src.name == "rule-extractor" && !manifestOf(cfg, "rule-extractor", src, `{"x":1}`).Uninterruptible {
			t.Error("the configured built-in rule extractor lost Uninterruptible")
		}
	}
}
