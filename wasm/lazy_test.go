package wasm_test

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// tinyDescribe is validTiny's describe answer.
var tinyDescribe = abi.Describe{Name: "tiny", Version: "1", ABIVersion: 1, Capabilities: []string{abi.CapRerank}}

// lazyTiny loads m lazily into a runtime with a compilation cache of its
// own, and counts the reads of its code.
func lazyTiny(t *testing.T, m tinyModule, d abi.Describe) (p *wasm.Plugin, cache string, reads *atomic.Int64) {
	t.Helper()
	cache = t.TempDir()
	rt := openRuntime(t, wasm.Options{CacheDir: cache})
	reads = new(atomic.Int64)
	code := m.assemble()
	p, err := rt.LoadLazily(context.Background(), "tiny", func() ([]byte, error) {
		reads.Add(1)
		return code, nil
	}, wasm.Manifest{}, d)
	if err != nil {
		t.Fatalf("LoadLazily() = %v", err)
	}
	return p, cache, reads
}

// cached reports how many files the compilation cache directory holds.
func cached(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(_ string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			n++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func rerankTiny(p *wasm.Plugin) ([]core.Scored, error) {
	r, err := wasm.NewReranker(p, "g")
	if err != nil {
		return nil, err
	}
	return r.Rerank(context.Background(), core.RerankRequest{Candidates: []core.RerankCandidate{{UUID: "a"}, {UUID: "b"}}})
}

// TestLoadLazily loads a module lazily: nothing is read or compiled (the
// compilation cache directory stays empty) until the first call, the
// recorded answer serves Has and Describe meanwhile, and the first call,
// however many arrive at once, compiles the module once and is answered.
func TestLoadLazily(t *testing.T) {
	p, cache, reads := lazyTiny(t, validTiny(), tinyDescribe)
	if !p.Has(abi.CapRerank) || p.Has(abi.CapExtract) {
		t.Errorf("Has(rerank), Has(extract) = %v, %v; want true, false", p.Has(abi.CapRerank), p.Has(abi.CapExtract))
	}
	if d := p.Describe(); d.Name != "tiny" || d.Version != "1" {
		t.Errorf("Describe() = %+v, want the recorded answer", d)
	}
	if s := p.Stats(); s.Compiled || s.Instances != 0 {
		t.Errorf("Stats() before a call = %+v, want not compiled and no instance", s)
	}
	if n := reads.Load(); n != 0 {
		t.Errorf("code read %d times before a call, want 0", n)
	}
	if n := cached(t, cache); n != 0 {
		t.Errorf("compilation cache holds %d files before a call, want 0", n)
	}

	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			got, err := rerankTiny(p)
			if err == nil && (len(got) != 2 || got[0].UUID != "b") {
				err = errors.New("wrong answer")
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("call %d: Rerank() = %v", i, err)
		}
	}
	if n := reads.Load(); n != 1 {
		t.Errorf("code read %d times by the first calls, want 1", n)
	}
	if s := p.Stats(); !s.Compiled || s.Calls != 4 || s.Failures != 0 {
		t.Errorf("Stats() after the calls = %+v, want compiled, 4 calls, no failure", s)
	}
	if n := cached(t, cache); n == 0 {
		t.Error("compilation cache is empty after the first call, want the compiled module")
	}
}

// TestLoadLazilyRefuses: a module Load would refuse, or one that describes
// itself otherwise than recorded, fails its calls with core.ErrInvalid,
// and each call tries again; a recorded answer outside the ABI is refused
// at once; a plugin never called closes without compiling.
func TestLoadLazilyRefuses(t *testing.T) {
	t.Run("describes itself otherwise", func(t *testing.T) {
		d := tinyDescribe
		d.Version = "2"
		p, _, reads := lazyTiny(t, validTiny(), d)
		for range 2 {
			_, err := rerankTiny(p)
			wantPluginError(t, err, "tiny", abi.ExportDescribe, core.ErrInvalid)
			if !strings.Contains(err.Error(), "not as recorded") {
				t.Errorf("Rerank() = %q, want it to say the answer is not as recorded", err)
			}
		}
		if n := reads.Load(); n != 2 {
			t.Errorf("code read %d times by two failed calls, want 2", n)
		}
		if s := p.Stats(); s.Compiled || s.Failures != 2 || s.Instances != 0 {
			t.Errorf("Stats() = %+v, want not compiled, 2 failures, no instance", s)
		}
	})
	t.Run("invalid module", func(t *testing.T) {
		m := validTiny()
		delete(m.exports, abi.ExportAlloc)
		p, _, _ := lazyTiny(t, m, tinyDescribe)
		_, err := rerankTiny(p)
		wantPluginError(t, err, "tiny", "compile", core.ErrInvalid)
	})
	t.Run("recorded answer outside the ABI", func(t *testing.T) {
		rt := openRuntime(t, wasm.Options{CacheDir: t.TempDir()})
		d := tinyDescribe
		d.Capabilities = []string{"fly"}
		_, err := rt.LoadLazily(context.Background(), "tiny", func() ([]byte, error) { return validTiny().assemble(), nil }, wasm.Manifest{}, d)
		wantPluginError(t, err, "tiny", "load", core.ErrInvalid)
	})
	t.Run("closed before a call", func(t *testing.T) {
		p, cache, reads := lazyTiny(t, validTiny(), tinyDescribe)
		if err := p.Close(context.Background()); err != nil {
			t.Fatalf("Close() = %v", err)
		}
		_, err := rerankTiny(p)
		wantPluginError(t, err, "tiny", "mnemo_rerank", core.ErrClosed)
		if n, files := reads.Load(), cached(t, cache); n != 0 || files != 0 {
			t.Errorf("code read %d times, %d files cached; want 0 and 0", n, files)
		}
	})
}
