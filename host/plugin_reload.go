package host

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/wasm"
)

// This file reloads the plugin sets when the configuration or a plugin
// file changes (plugins.reload), or on Reload.

// stampOf is a file's size and modification time, or "" if it is missing.
func stampOf(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d-%d", st.Size(), st.ModTime().UnixNano())
}

// watch checks the watched files every interval and reloads on change.
func (ps *PluginSets) watch(every time.Duration) {
	defer ps.wg.Done()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ps.stop:
			return
		case <-t.C:
		}
		ps.mu.Lock()
		changed := false
		for path, st := range ps.stamps {
			if stampOf(path) != st {
				changed = true
				break
			}
		}
		ps.mu.Unlock()
		if changed {
			if err := ps.Reload(context.Background()); err != nil {
				ps.log.Error("reload plugins: keeping the running set", "err", err)
			}
		}
	}
}

// Reload re-reads the configuration file (its [plugins] and [search]
// sections: the recipes and the recipe choice) and the plugin and ontology
// files, and swaps in the new plugins and recipes. On error the running
// set and recipes stay, and LastError returns the error.
func (ps *PluginSets) Reload(ctx context.Context) error {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	// The watched files as they are before this reload reads them: a file
	// that changes while the reload runs (a configuration written just
	// after a plugin was copied) must trigger the next one, so its stamp
	// is kept from before.
	before := map[string]string{}
	for path := range ps.stamps {
		before[path] = stampOf(path)
	}
	if ps.cfg.path != "" {
		before[ps.cfg.path] = stampOf(ps.cfg.path)
	}
	cfg := ps.cfg
	if cfg.path != "" {
		next, err := Load(cfg.path, ps.getenv)
		if err != nil {
			return ps.failed(err)
		}
		cfg.Plugins = next.Plugins
		cfg.Search = next.Search
	}
	refuse := func(err error) error {
		// Remember the files as they are, so one broken file is reported
		// once, not on every tick.
		for path := range ps.stamps {
			ps.stamps[path] = stampOf(path)
		}
		return ps.failed(err)
	}
	old := ps.cur.Load()
	s, stamps, err := ps.build(ctx, cfg, old)
	if err != nil {
		return refuse(err)
	}
	// The recipe choice is checked now and applied just after the new
	// plugins are swapped in. A search reads its recipe before it asks for
	// the group's plugins, so one that sees the new choice finds the new
	// plugins too; applied before the (slow) build, the choice would send
	// searches to plugins not loaded yet, which fall back to rrf.
	search := retrieval.Options{Recipes: cfg.Search.CoreRecipes(), DefaultRecipe: cfg.Search.DefaultRecipe, GroupRecipes: cfg.Search.GroupRecipes}
	if err := search.Validate(); err != nil {
		for key, lp := range s.loaded {
			if _, ok := old.loaded[key]; !ok {
				_ = lp.p.Close(context.Background())
			}
		}
		return refuse(err)
	}
	for path, st := range stamps {
		if was, ok := before[path]; ok && was != st {
			stamps[path] = was
		}
	}
	ps.cfg, ps.stamps = cfg, stamps
	ps.cur.Store(s)
	if ps.onReload != nil {
		if err := ps.onReload(cfg); err != nil {
			// Checked above with the same rule; nothing else sets recipes.
			ps.log.Error("apply the reloaded recipe choice", "err", err)
		}
	}
	ps.lastErr.Store(nil)
	for _, n := range cfg.Notices() {
		ps.log.Warn("setting without effect", "notice", n)
	}
	var retired []*wasm.Plugin
	for key, lp := range old.loaded {
		if _, ok := s.loaded[key]; !ok {
			retired = append(retired, lp.p)
		}
	}
	ps.log.Info("plugins reloaded", "loaded", len(s.loaded), "retired", len(retired))
	if len(retired) > 0 {
		ps.wg.Add(1)
		go func() {
			defer ps.wg.Done()
			select {
			case <-time.After(ps.grace):
			case <-ps.stop:
			}
			for _, p := range retired {
				_ = p.Close(context.Background())
			}
		}()
	}
	return nil
}

func (ps *PluginSets) failed(err error) error {
	ps.lastErr.Store(&reloadError{err: err, at: time.Now()})
	return err
}
