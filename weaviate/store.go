package weaviate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	wv "github.com/weaviate/weaviate-go-client/v5/weaviate"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/auth"

	"github.com/mnemohq/mnemo/core"
)

// Options configures a Store. The zero value of each field but URL and
// Dimension is its default.
type Options struct {
	// URL is the Weaviate REST endpoint, such as http://127.0.0.1:8080.
	URL string
	// APIKey authenticates to Weaviate; empty means anonymous access.
	APIKey string
	// Dimension is the embedding dimension, 1 to 65535.
	Dimension int
	// Prefix starts the names of the collections the store uses, so that
	// several stores share a cluster (tests give each store its own). It
	// must be a capital letter followed by letters and digits. The default
	// is "Mnemo": collections MnemoEpisode, MnemoEntity, MnemoFact,
	// MnemoCommunity, MnemoRecord, MnemoOwner and MnemoRedo.
	Prefix string
	// ReplicationFactor is the number of copies of each collection's
	// shards, given when the store creates its collections. The default
	// is 1.
	ReplicationFactor int
	// ConsistencyLevel is Weaviate's consistency level for reads and
	// writes: ONE, QUORUM or ALL. The default is QUORUM.
	ConsistencyLevel string
	// Timeout bounds each request to Weaviate. The default is 30 s.
	Timeout time.Duration
	// Logger receives notes on schema creation. The default discards.
	Logger *slog.Logger
	// Observe, when set, is told the duration and outcome of each request
	// the store makes on its data, by operation: "get", "vector_search",
	// "bm25_search" (GraphQL Get), "aggregate" (counts), "write" (batch
	// writes), "delete" (batch deletes), "tenants" (listing the groups)
	// and "delete_group", for latency metrics. It must be quick and safe
	// for concurrent use.
	Observe func(op string, d time.Duration, err error)
}

// Consistency levels Options.ConsistencyLevel accepts.
var consistencyLevels = []string{"ONE", "QUORUM", "ALL"}

func (o Options) withDefaults() Options {
	if o.Prefix == "" {
		o.Prefix = "Mnemo"
	}
	if o.ReplicationFactor == 0 {
		o.ReplicationFactor = 1
	}
	if o.ConsistencyLevel == "" {
		o.ConsistencyLevel = "QUORUM"
	}
	o.ConsistencyLevel = strings.ToUpper(o.ConsistencyLevel)
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Validate checks the options; errors wrap core.ErrInvalid.
func (o Options) Validate() error {
	o = o.withDefaults()
	u, err := url.Parse(o.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%w: weaviate url %q: want http://host:port or https://host:port", core.ErrInvalid, o.URL)
	}
	if o.Dimension < 1 || o.Dimension > 65535 {
		return fmt.Errorf("%w: weaviate: embedding dimension %d: want 1 to 65535", core.ErrInvalid, o.Dimension)
	}
	if !validPrefix(o.Prefix) {
		return fmt.Errorf("%w: weaviate: collection prefix %q: want a capital letter followed by letters and digits", core.ErrInvalid, o.Prefix)
	}
	if o.ReplicationFactor < 1 {
		return fmt.Errorf("%w: weaviate: replication factor %d: want at least 1", core.ErrInvalid, o.ReplicationFactor)
	}
	if !slices.Contains(consistencyLevels, o.ConsistencyLevel) {
		return fmt.Errorf("%w: weaviate: consistency level %q: want one of %s", core.ErrInvalid, o.ConsistencyLevel, strings.Join(consistencyLevels, ", "))
	}
	if o.Timeout < 0 {
		return fmt.Errorf("%w: weaviate: timeout %s is negative", core.ErrInvalid, o.Timeout)
	}
	return nil
}

func validPrefix(p string) bool {
	if p == "" || p[0] < 'A' || p[0] > 'Z' || len(p) > 64 {
		return false
	}
	for _, c := range p {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// Store is a core.Store on a Weaviate cluster. Open returns one; the zero
// value is not usable.
//
// A Store is safe for concurrent use. Its writes are serialized in the
// process (one Apply or AddEpisodes at a time); several processes writing
// the same group need a lease that this package does not take. Every
// slice and map a method returns belongs to the caller. Close marks the
// store closed: every method then fails with core.ErrClosed. The data
// stays in Weaviate.
type Store struct {
	opts   Options
	client *wv.Client
	names  names

	writeMu sync.Mutex
	// beforeWrite, set by tests, is called before each write of a change
	// (step).
	beforeWrite func() error
	// recordsLimit, set by tests, replaces maxResults as the most records
	// of a kind read with one query (record.go).
	recordsLimit int

	mu     sync.RWMutex
	closed bool
}

var _ core.Store = (*Store)(nil)

// Open connects to Weaviate and creates the store's collections if they
// do not exist. A Weaviate that is not ready is core.ErrUnavailable.
func Open(ctx context.Context, opts Options) (*Store, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	u, _ := url.Parse(opts.URL)
	// No StartupTimeout: the client's wait ignores ctx; Open asks whether
	// Weaviate is ready itself.
	cfg := wv.Config{Scheme: u.Scheme, Host: u.Host, Timeout: opts.Timeout}
	if opts.APIKey != "" {
		cfg.AuthConfig = auth.ApiKey{Value: opts.APIKey}
	}
	client, err := wv.NewClient(cfg)
	if err != nil {
		return nil, fmt.Errorf("weaviate: connect to %s: %w: %w", opts.URL, core.ErrUnavailable, err)
	}
	s := &Store{opts: opts, client: client, names: newNames(opts.Prefix)}
	ready, err := client.Misc().ReadyChecker().Do(ctx)
	if err != nil || !ready {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("weaviate: connect to %s: %w", opts.URL, ctx.Err())
		}
		if err != nil {
			return nil, fmt.Errorf("weaviate: connect to %s: %w: %w", opts.URL, core.ErrUnavailable, err)
		}
		return nil, fmt.Errorf("weaviate: %s is not ready: %w", opts.URL, core.ErrUnavailable)
	}
	if err := s.ensureSchema(ctx); err != nil {
		return nil, err
	}
	if err := s.finishAll(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// observe reports a request that started at start to Options.Observe.
func (s *Store) observe(op string, start time.Time, err error) {
	if s.opts.Observe != nil {
		s.opts.Observe(op, time.Since(start), err)
	}
}

// Dimension implements core.Store.
func (s *Store) Dimension() int { return s.opts.Dimension }

// Close implements core.Store. It is idempotent and never fails.
func (s *Store) Close(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

var errClosed = fmt.Errorf("weaviate: %w", core.ErrClosed)

// live reports ErrClosed once the store is closed, or ctx's error.
func (s *Store) live(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return errClosed
	}
	return nil
}

// write runs f with the store's writes serialized.
func (s *Store) write(ctx context.Context, f func() error) error {
	if err := s.live(ctx); err != nil {
		return err
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.live(ctx); err != nil {
		return err
	}
	return f()
}

// fail turns a client error into the store's: the context's error when
// ctx is done (so that errors.Is sees context.Canceled), and otherwise
// core.ErrUnavailable with the client's message.
func fail(ctx context.Context, what string, err error) error {
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return fmt.Errorf("weaviate: %s: %w", what, ctx.Err())
	}
	if errors.Is(err, core.ErrInvalid) || errors.Is(err, core.ErrConflict) || errors.Is(err, core.ErrNotFound) {
		return err
	}
	return fmt.Errorf("weaviate: %s: %w: %w", what, core.ErrUnavailable, err)
}

// uniq returns ids without repeats, in their first order.
func uniq(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
