package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Sources of a setting, as AnnotatedTOML names them.
const (
	SourceDefault = "default"
	SourceFile    = "file"
	// An environment variable is named: "env MNEMO_LLM_MODEL".
	sourceEnv = "env "
)

// setSource records where the setting at path (its TOML keys joined by
// ".") came from.
func (c *Config) setSource(path, source string) {
	if c.sources == nil {
		c.sources = map[string]string{}
	}
	c.sources[path] = source
}

// Source says where the setting at path (TOML keys joined by ".", as
// "llm.timeout") came from: SourceFile, "env NAME" or SourceDefault. The
// elements of an array of tables ([[plugins.tenants]]) share their paths:
// a key set in one of them counts as set in all.
func (c Config) Source(path string) string {
	if s, ok := c.sources[path]; ok {
		return s
	}
	return SourceDefault
}

// fileKeys lists the settings a configuration file sets, as paths.
func fileKeys(md toml.MetaData) []string {
	var out []string
	for _, k := range md.Keys() {
		out = append(out, strings.Join(k, "."))
	}
	return out
}

// jsonKeys lists the settings a JSON configuration file sets, as paths.
func jsonKeys(b []byte) []string {
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	var out []string
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		if prefix != "" {
			out = append(out, prefix)
		}
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(strings.TrimPrefix(prefix+"."+k, "."), x)
			}
		case []any:
			for _, x := range v {
				if _, ok := x.(map[string]any); ok {
					walk(prefix, x)
				}
			}
		}
	}
	walk("", m)
	return out
}

// AnnotatedTOML returns the configuration as the TOML a user writes, with
// secrets masked, durations as "2m" and, after each setting, where it came
// from: "# default", "# file" or "# env MNEMO_…". It is what `mnemo config
// check` prints of Effective(); parsed again, it gives the same settings.
func (c Config) AnnotatedTOML() string {
	var tree map[string]any
	dec := json.NewDecoder(strings.NewReader(c.Masked()))
	dec.UseNumber()
	if err := dec.Decode(&tree); err != nil {
		// Masked marshals a Config, which always decodes into a map.
		panic(fmt.Sprintf("host: decode masked configuration: %v", err))
	}
	durations := map[string]bool{}
	durationPaths(reflect.TypeOf(c), "", durations)
	var b bytes.Buffer
	b.WriteString("# The configuration in effect. After each setting, where it came from:\n# default, file (--config) or env (the variable named).\n\n")
	c.writeTable(&b, nil, tree, durations)
	return b.String()
}

// writeTable writes the table at path: its values first, then its
// sub-tables and arrays of tables, keys sorted.
func (c Config) writeTable(b *bytes.Buffer, path []string, m map[string]any, durations map[string]bool) {
	keys := slices.Sorted(mapsKeys(m))
	var tables, arrays []string
	wroteHeader := len(path) == 0
	header := func() {
		if !wroteHeader {
			fmt.Fprintf(b, "\n[%s]\n", joinKeys(path))
			wroteHeader = true
		}
	}
	for _, k := range keys {
		switch v := m[k].(type) {
		case nil:
		case map[string]any:
			tables = append(tables, k)
		case []any:
			if len(v) > 0 && isTableArray(v) {
				arrays = append(arrays, k)
				continue
			}
			header()
			c.writeValue(b, path, k, v, durations)
		default:
			header()
			c.writeValue(b, path, k, v, durations)
		}
	}
	for _, k := range tables {
		sub := m[k].(map[string]any)
		p := append(slices.Clone(path), k)
		if len(sub) == 0 {
			// An empty map the user may fill: show the table.
			fmt.Fprintf(b, "\n[%s]  # %s\n", joinKeys(p), c.Source(strings.Join(p, ".")))
			continue
		}
		c.writeTable(b, p, sub, durations)
	}
	for _, k := range arrays {
		p := append(slices.Clone(path), k)
		for _, e := range m[k].([]any) {
			fmt.Fprintf(b, "\n[[%s]]  # %s\n", joinKeys(p), c.Source(strings.Join(p, ".")))
			var inner bytes.Buffer
			c.writeTable(&inner, p, e.(map[string]any), durations)
			// The element's own values follow its [[header]]; its
			// sub-tables carry their own headers.
			b.WriteString(strings.TrimPrefix(inner.String(), "\n["+joinKeys(p)+"]\n"))
		}
	}
}

func (c Config) writeValue(b *bytes.Buffer, path []string, key string, v any, durations map[string]bool) {
	p := strings.Join(append(slices.Clone(path), key), ".")
	if n, ok := v.(json.Number); ok && isDuration(durations, append(slices.Clone(path), key)) {
		if d, err := n.Int64(); err == nil {
			v = shortDuration(time.Duration(d))
		}
	}
	fmt.Fprintf(b, "%s = %s  # %s\n", quoteKey(key), tomlValue(v), c.Source(p))
}

// tomlValue encodes one value with the TOML library.
func tomlValue(v any) string {
	out, err := toml.Marshal(map[string]any{"v": v})
	if err != nil {
		panic(fmt.Sprintf("host: encode %v as TOML: %v", v, err))
	}
	return strings.TrimSpace(strings.TrimPrefix(string(out), "v = "))
}

// shortDuration writes d as a user would: "2m", "1h30m", "500ms".
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

var bareKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

func quoteKey(k string) string {
	if bareKey.MatchString(k) {
		return k
	}
	return tomlValue(k)
}

func joinKeys(path []string) string {
	q := make([]string, len(path))
	for i, k := range path {
		q[i] = quoteKey(k)
	}
	return strings.Join(q, ".")
}

func isTableArray(v []any) bool {
	for _, e := range v {
		if _, ok := e.(map[string]any); !ok {
			return false
		}
	}
	return true
}

func mapsKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// durationPaths records the paths of t's time.Duration fields, with "*"
// for a map's keys, by their TOML keys.
func durationPaths(t reflect.Type, prefix string, out map[string]bool) {
	join := func(k string) string { return strings.TrimPrefix(prefix+"."+k, ".") }
	if t == reflect.TypeOf(time.Duration(0)) {
		out[prefix] = true
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		durationPaths(t.Elem(), prefix, out)
	case reflect.Map:
		durationPaths(t.Elem(), join("*"), out)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
			if f.Anonymous && tag == "" {
				durationPaths(f.Type, prefix, out)
				continue
			}
			durationPaths(f.Type, join(tag), out)
		}
	}
}

// isDuration reports whether the setting at path is a duration: whether
// a pattern of durations matches it, "*" matching any one key.
func isDuration(durations map[string]bool, path []string) bool {
	for pattern := range durations {
		ps := strings.Split(pattern, ".")
		if len(ps) != len(path) {
			continue
		}
		match := true
		for i := range ps {
			if ps[i] != "*" && ps[i] != path[i] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
