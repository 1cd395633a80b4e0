package httpapi

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"strings"

	"github.com/mnemohq/mnemo/host"
)

// apiKey is a configured key: the groups (ids or '*' patterns) it may
// touch.
type apiKey struct {
	// index is the key's position in http.keys, for logs (never the key).
	index    int
	patterns []string
	// readOnly keys may not call a route that writes (route.writes).
	readOnly bool
}

// allows reports whether the key may touch group. A nil key (no keys
// configured) allows every group.
func (k *apiKey) allows(group string) bool {
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

// keyring holds the configured keys by digest.
type keyring map[[32]byte]*apiKey

func newKeyring(keys []host.APIKeyConfig) keyring {
	if len(keys) == 0 {
		return nil
	}
	kr := keyring{}
	for i, k := range keys {
		kr[sha256.Sum256([]byte(k.Key))] = &apiKey{index: i, patterns: k.Groups, readOnly: k.ReadOnly}
	}
	return kr
}

// authenticate returns the request's key: nil when no keys are configured,
// errUnauthorized when keys are and the request has no valid one.
func (kr keyring) authenticate(r *http.Request) (*apiKey, error) {
	if kr == nil {
		return nil, nil
	}
	key := keyOf(r)
	if key == "" {
		return nil, errUnauthorized
	}
	k, ok := kr[sha256.Sum256([]byte(key))]
	if !ok {
		return nil, errUnauthorized
	}
	return k, nil
}

// keyOf returns the key a request sends: X-API-Key, else the token of
// "Authorization: Bearer" or "Authorization: Api-Key"; empty when it
// sends none.
func keyOf(r *http.Request) string {
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

// mayWrite reports whether the key may change data. A nil key (no keys
// configured) may.
func (k *apiKey) mayWrite() bool { return k == nil || !k.readOnly }

// allow checks that the call's key may touch group.
func (c *call) allow(group string) error {
	if !c.key.allows(group) {
		return fmt.Errorf("%w: this API key may not use group %q", errForbidden, group)
	}
	return nil
}

// visibleGroups lists the groups holding data that the call's key may
// touch.
func (c *call) visibleGroups(ctx context.Context) ([]string, error) {
	all, err := c.s.h.Engine.Groups(ctx)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, g := range all {
		if c.key.allows(g) {
			out = append(out, g)
		}
	}
	return out, nil
}
