package host

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/plugins/builtin"
	"github.com/mnemohq/mnemo/wasm"
)

// This file finds the plugins: their code in plugins.dir and the built-in
// ones, what each describes itself as, and the manifest each is loaded with.

// source is a plugin's code and where it came from.
type source struct {
	// name is the name the plugin describes itself with (its describe
	// answer); file is its file's base name without ".wasm". They differ
	// only for a file of the plugins directory named otherwise.
	name, file, origin string
	// code is the module of a file of the plugins directory; a built-in's
	// is read when it is loaded (bytes), so that the built-ins a
	// configuration does not use cost no memory (reading the three of
	// them copied 20 MiB out of the binary at every start).
	code []byte
}

// bytes returns the plugin's module.
func (s source) bytes() ([]byte, error) {
	if s.code != nil || !s.builtin() {
		return s.code, nil
	}
	b, err := builtin.FS.ReadFile(s.file + ".wasm")
	if err != nil {
		return nil, fmt.Errorf("read built-in plugin %s: %w", s.file, err)
	}
	return b, nil
}

// builtin reports whether the source is embedded in the binary.
func (s source) builtin() bool { return s.origin == "built-in" }

// readSources lists the available plugin files: the built-ins, then the
// .wasm files of dir, in file name order.
func readSources(dir string) ([]source, error) {
	var out []source
	names, err := fs.Glob(builtin.FS, "*.wasm")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		name := strings.TrimSuffix(n, ".wasm")
		// A built-in describes itself with its file name (TestBuiltinNames).
		out = append(out, source{name: name, file: name, origin: "built-in"})
	}
	if dir == "" {
		return out, nil
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read plugins directory: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".wasm" {
			continue
		}
		path := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("read plugin %s: %w", path, err)
		}
		out = append(out, source{file: strings.TrimSuffix(e.Name(), ".wasm"), origin: path, code: b})
	}
	return out, nil
}

// describer reads the name a plugin module describes itself with.
type describer func(ctx context.Context, origin string, code []byte) (string, error)

// catalog indexes the sources by the names a configuration may use. A
// plugin is known by the name it describes itself with; a file of the
// plugins directory describing a built-in's name replaces that built-in,
// and two files describing the same name are an error. So that
// configurations written for file names keep working, a file is also known
// by its base name, unless a plugin describes itself with that name
// (described names win); notes says where that happened.
func catalog(ctx context.Context, srcs []source, describe describer) (cat map[string]source, notes []string, err error) {
	cat = map[string]source{}
	byDescribed := map[string]source{}
	for i, src := range srcs {
		if !src.builtin() {
			name, err := describe(ctx, src.origin, src.code)
			if err != nil {
				if ctx.Err() != nil {
					return nil, nil, err
				}
				// Known by its file name, so that naming it reports why it
				// does not load, and a broken file nobody names stops nothing.
				notes = append(notes, fmt.Sprintf("plugin %s does not describe itself (%v); it is known by its file name", src.origin, err))
				name = src.file
			}
			src.name = name
			srcs[i] = src
			if prev, ok := byDescribed[name]; ok && !prev.builtin() {
				return nil, nil, fmt.Errorf("%w: plugins %s and %s both describe themselves as %q: a plugin is known by the name it describes; remove one (to run one plugin with two configurations, give the tenants their own plugin_config)",
					core.ErrInvalid, prev.origin, src.origin, name)
			}
		}
		byDescribed[src.name] = src
		cat[src.name] = src
	}
	for _, src := range srcs {
		if src.file == src.name {
			continue
		}
		if other, ok := byDescribed[src.file]; ok {
			notes = append(notes, fmt.Sprintf("plugin %s describes itself as %q and is known by that name only: its file name is the name of %s", src.origin, src.name, other.origin))
			continue
		}
		cat[src.file] = src
	}
	return cat, notes, nil
}

// describe reads the name a plugin module describes itself with, once per
// module content.
func (ps *PluginSets) describe(ctx context.Context, origin string, code []byte) (string, error) {
	sum := sha256.Sum256(code)
	if name, ok := ps.described[sum]; ok {
		return name, nil
	}
	d, err := ps.rt.Describe(ctx, filepath.Base(origin), code)
	if err != nil {
		return "", err
	}
	ps.described[sum] = d.Name
	return d.Name, nil
}

// manifestOf returns the manifest src is loaded with under cfg, named name
// by the configuration and configured with config: manifestFor's, and for
// a built-in that ends by itself, no checks that could stop its calls
// (builtin.Uninterruptible), while the pieces of an episode it is sent are
// at most uninterruptibleExtractKB. A file of the plugins directory never
// runs without them, whatever name it describes itself with.
func manifestOf(cfg Config, name string, src source, config string) wasm.Manifest {
	m := manifestFor(cfg, name, src.name, config)
	m.Uninterruptible = src.builtin() && builtin.Uninterruptible(src.name) &&
		cfg.Ingest.options().Effective().MaxExtractBytes <= uninterruptibleExtractKB<<10
	return m
}

// uninterruptibleExtractKB is the largest ingest.max_extract_kb under which
// the rule extractor runs without the deadline checks. Its time grows
// faster than its input: a piece of 32 KiB packed with facts takes it 1.9
// s, one of 64 KiB 6.7 s (BenchmarkRuleExtractorDense in package wasm) and
// one of 1 MiB minutes; past this size the checks and the call timeout
// bound it again.
const uninterruptibleExtractKB = 32

// manifestFor returns the manifest of a plugin under cfg, named name by
// the configuration and described as described: the operator's grant (by
// either name), else what a built-in needs.
func manifestFor(cfg Config, name, described, config string) wasm.Manifest {
	g, ok := cfg.Plugins.Grants[name]
	if !ok {
		g, ok = cfg.Plugins.Grants[described]
	}
	if !ok && described == "llm-extractor" {
		g = GrantConfig{AllowLLM: true}
	}
	return wasm.Manifest{
		AllowLLM:         g.AllowLLM,
		AllowEmbed:       g.AllowEmbed,
		MemoryLimitPages: uint32(cfg.Plugins.MemoryLimitMB * 16),
		CallTimeout:      cfg.Plugins.CallTimeout,
		Config:           []byte(config),
	}
}
