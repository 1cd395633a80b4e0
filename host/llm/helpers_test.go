package llm_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/llm"
	"github.com/mnemohq/mnemo/host/llm/llmtest"
)

// fakeClock is an injected clock whose Sleep records the wait and moves
// the clock forward at once.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	c.sleeps = append(c.sleeps, d)
	c.now = c.now.Add(d)
	c.mu.Unlock()
	return nil
}

func (c *fakeClock) Sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.sleeps...)
}

// newClient returns a Client on srv with a fake clock, after edit.
func newClient(t *testing.T, srv *llmtest.Server, clock *fakeClock, edit func(*llm.Options)) *llm.Client {
	t.Helper()
	o := srv.ClientOptions()
	o.Now, o.Sleep = clock.Now, clock.Sleep
	if edit != nil {
		edit(&o)
	}
	c, err := llm.New(o)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func newEmbedder(t *testing.T, srv *llmtest.Server, edit func(*llm.EmbedderOptions)) *llm.Embedder {
	t.Helper()
	o := srv.EmbedderOptions()
	if edit != nil {
		edit(&o)
	}
	e, err := llm.NewEmbedder(o)
	if err != nil {
		t.Fatalf("NewEmbedder: %v", err)
	}
	return e
}

func userRequest(prompt, text string, schema []byte) core.CompletionRequest {
	return core.CompletionRequest{
		Prompt: prompt,
		Messages: []core.Message{
			{Role: "system", Content: "You extract entities."},
			{Role: "user", Content: text},
		},
		Schema: schema,
	}
}

// entitiesSchema is the schema of most tests.
var entitiesSchema = []byte(`{
	"type": "object",
	"properties": {
		"entities": {
			"type": "array",
			"items": {
				"type": "object",
				"properties": {"name": {"type": "string", "minLength": 1}, "kind": {"enum": ["person", "org"]}},
				"required": ["name", "kind"],
				"additionalProperties": false
			}
		}
	},
	"required": ["entities"],
	"additionalProperties": false
}`)

const validEntities = `{"entities":[{"name":"Alice","kind":"person"},{"name":"Acme","kind":"org"}]}`
