package llm

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/openai/openai-go/v3"
)

// cache keeps validated answers on disk, one JSON file per request under
// dir/<first two hex digits>/<sha256>.json. Files are written to a
// temporary name and renamed, so concurrent writers and readers (in this
// process or another) never see a partial file. Nothing is ever evicted:
// delete the directory to empty it.
type cache struct {
	dir string
}

// cacheEntry is one stored answer.
type cacheEntry struct {
	Content string `json:"content"`
	Model   string `json:"model"`
}

// cacheVersion changes when the key or the entry format changes, so that
// old entries are ignored rather than misread.
const cacheVersion = "mnemo-llm-cache-v1\n"

// cacheKey hashes the whole request as it is sent: model, messages (with
// the schema instruction in the prompt modes), response format and schema,
// temperature and token cap.
func cacheKey(p openai.ChatCompletionNewParams) string {
	b, err := json.Marshal(p)
	if err != nil {
		return ""
	}
	h := sha256.New()
	h.Write([]byte(cacheVersion))
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

func (c *cache) path(key string) string {
	return filepath.Join(c.dir, key[:2], key+".json")
}

func (c *cache) get(key string) (cacheEntry, bool) {
	if key == "" {
		return cacheEntry{}, false
	}
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		return cacheEntry{}, false
	}
	var e cacheEntry
	if err := json.Unmarshal(b, &e); err != nil {
		return cacheEntry{}, false
	}
	return e, true
}

func (c *cache) put(key string, e cacheEntry) error {
	p := c.path(key)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("create cache directory: %w", err)
	}
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encode cache entry: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return fmt.Errorf("create cache file: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		os.Remove(f.Name())
		return fmt.Errorf("write cache file: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write cache file: %w", err)
	}
	if err := os.Rename(f.Name(), p); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("rename cache file: %w", err)
	}
	return nil
}
