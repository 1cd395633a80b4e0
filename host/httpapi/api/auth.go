package api

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"strings"

	"github.com/mnemohq/mnemo/host"
)

// Key is a configured key: the groups (ids or '*' patterns) it may
// touch.
type Key struct {
	// index is the key's position in http.keys, for logs (never the key).
	index    int
	patterns []string
	// readOnly keys may not call a route that writes (Route.Writes).
	readOnly bool
	replay   bool
	// classes are the source classes the key may write as (empty: any);
	// trust is the class it writes as by default.
	classes []string
	trust   string
	budget  host.BudgetLimits
}

// Allows reports whether the key may touch group. A nil key (no keys
// configured) allows every group.
func (k *Key) Allows(group string) bool {
	if k == nil {
		return true
	}
	for _, p := range k.patterns {
		if host.MatchGroup(p, group) {
			return true
		}
	}
	return false
}

// Keyring holds the configured keys by digest.
type Keyring map[[32]byte]*Key

// NewKeyring returns the keys of http.keys; nil when there are none.
func NewKeyring(keys []host.APIKeyConfig) Keyring {
	if len(keys) == 0 {
		return nil
	}
	kr := Keyring{}
	for i, k := range keys {
		kr[sha256.Sum256([]byte(k.Key))] = &Key{index: i, patterns: k.Groups, readOnly: k.ReadOnly, replay: k.Replay, trust: k.Trust, classes: k.TrustClasses, budget: k.Budget}
	}
	return kr
}

// Authenticate returns the request's key: nil when no keys are configured,
// ErrUnauthorized when keys are and the request has no valid one.
func (kr Keyring) Authenticate(r *http.Request) (*Key, error) {
	if kr == nil {
		return nil, nil
	}
	key := KeyOf(r)
	if key == "" {
		return nil, ErrUnauthorized
	}
	k, ok := kr[sha256.Sum256([]byte(key))]
	if !ok {
		return nil, ErrUnauthorized
	}
	return k, nil
}

// KeyOf returns the key a request sends: X-API-Key, else the token of
// "Authorization: Bearer" or "Authorization: Api-Key"; empty when it
// sends none.
func KeyOf(r *http.Request) string {
	key := r.Header.Get("X-API-Key")
	if auth := r.Header.Get("Authorization"); key == "" && auth != "" {
		scheme, token, ok := strings.Cut(auth, " ")
		// Api-Key is the scheme of Zep's SDKs.
		if ok && (strings.EqualFold(scheme, "Bearer") || strings.EqualFold(scheme, "Api-Key")) {
			key = strings.TrimSpace(token)
		}
	}
	return key
}

// Context returns ctx with the key's ingestion budgets (http.keys.budget),
// which the engine counts besides each group's. A nil key has none.
func (k *Key) Context(ctx context.Context) context.Context {
	if k == nil {
		return ctx
	}
	return host.KeyBudget(ctx, k.index, k.budget)
}

// MayWrite reports whether the key may change data. A nil key (no keys
// configured) may.
func (k *Key) MayWrite() bool { return k == nil || !k.readOnly }

// MayReplay reports whether the key may add episodes as learned at their
// reference time (http.keys.replay). A nil key (no keys configured) may.
func (k *Key) MayReplay() bool { return k == nil || (k.replay && !k.readOnly) }

// SourceClass returns the source class an episode the call writes is
// stored with: claimed if the request names one, else the route's own
// class (route; empty is the trust policy's default). A key limited to
// some classes (http.keys.trust, trust_classes) may claim only those
// (ErrForbidden otherwise) and writes what it may not claim as its own
// class. The class never comes from the episode's text.
func (c *Call) SourceClass(route, claimed string) (string, error) {
	var trust string
	var classes []string
	if c.Key != nil {
		trust, classes = c.Key.trust, c.Key.classes
	}
	class, ok := host.SourceClass(trust, classes, route, claimed)
	if !ok {
		return "", fmt.Errorf("%w: this API key may not write as source class %q (http.keys.trust_classes)", ErrForbidden, claimed)
	}
	return class, nil
}

// Allow checks that the call's key may touch group.
func (c *Call) Allow(group string) error {
	if !c.Key.Allows(group) {
		return fmt.Errorf("%w: this API key may not use group %q", ErrForbidden, group)
	}
	return nil
}

// VisibleGroups lists the groups holding data that the call's key may
// touch.
func (c *Call) VisibleGroups(ctx context.Context) ([]string, error) {
	all, err := c.Env.Host.Engine.Groups(ctx)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, g := range all {
		if c.Key.Allows(g) {
			out = append(out, g)
		}
	}
	return out, nil
}

// Patterns returns the groups (ids or '*' patterns) the key is bound to.
// The slice is the key's: callers do not change it.
func (k *Key) Patterns() []string { return k.patterns }

// ReadOnly reports whether the key may only read (http.keys.read_only).
func (k *Key) ReadOnly() bool { return k.readOnly }

// EraseOptions names the key of the call in the audit record of an
// erasure: its place in http.keys, never the key itself.
func (c *Call) EraseOptions() host.EraseOptions {
	if c.Key == nil {
		return host.EraseOptions{}
	}
	return host.EraseOptions{Key: fmt.Sprintf("http.keys[%d]", c.Key.index)}
}
