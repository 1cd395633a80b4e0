// Package etcd hands out mnemo's per-group ingestion leases from an etcd
// cluster (core.Leases), so that several mnemo hosts can share one store
// (a Weaviate cluster) and still ingest each group on one host at a time.
// It is the only importer of the etcd client.
//
// A host keeps one etcd session: a lease with a time to live that the
// client renews while it can reach the cluster. A group's lease is an etcd
// mutex (the client's concurrency package) under that session, keyed by
// the group. When a host dies or is cut off, its session expires after the
// time to live, its mutexes with it, and another host can take its groups;
// the cut-off host sees its session end at about the same time and stops
// ingesting (core cancels the batch). The two can overlap by the client's
// and the server's clocks' difference: the store's writes are idempotent
// and ordered so that a second writer completes, not corrupts (see the
// weaviate package), which is what makes that window harmless.
package etcd

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"

	"github.com/mnemohq/mnemo/core"
)

// Options configure the leases.
type Options struct {
	// Endpoints are the etcd cluster's client URLs. Required.
	Endpoints []string
	// Prefix is the key prefix of mnemo's leases, so that several mnemo
	// deployments can share one etcd. The default is "/mnemo/leases/".
	Prefix string
	// TTL is how long a host's leases outlive its last contact with etcd:
	// the time other hosts wait before taking over a dead host's groups.
	// Whole seconds, at least 2. The default is 10s.
	TTL time.Duration
	// DialTimeout bounds connecting to etcd. The default is 5s.
	DialTimeout time.Duration
	// Username and Password authenticate to etcd, when it requires it.
	Username, Password string
}

// Validate checks the options.
func (o Options) Validate() error {
	if len(o.Endpoints) == 0 {
		return errors.New("etcd: no endpoints: name the etcd cluster's client URLs")
	}
	if o.TTL != 0 && (o.TTL < 2*time.Second || o.TTL%time.Second != 0) {
		return fmt.Errorf("etcd: ttl %s must be whole seconds, at least 2s", o.TTL)
	}
	if o.DialTimeout < 0 {
		return fmt.Errorf("etcd: negative dial timeout %s", o.DialTimeout)
	}
	return nil
}

func (o Options) withDefaults() Options {
	if o.Prefix == "" {
		o.Prefix = "/mnemo/leases/"
	}
	if o.TTL == 0 {
		o.TTL = 10 * time.Second
	}
	if o.DialTimeout == 0 {
		o.DialTimeout = 5 * time.Second
	}
	return o
}

// Leases hands out group leases from etcd. It is safe for concurrent use.
type Leases struct {
	opts Options
	cli  *clientv3.Client

	mu   sync.Mutex
	sess *concurrency.Session // nil or expired: a new one is made on demand
}

var _ core.Leases = (*Leases)(nil)

// Open connects to etcd and checks that it answers.
func Open(ctx context.Context, opts Options) (*Leases, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	cli, err := clientv3.New(clientv3.Config{
		Endpoints: opts.Endpoints, DialTimeout: opts.DialTimeout,
		Username: opts.Username, Password: opts.Password, Context: context.WithoutCancel(ctx),
	})
	if err != nil {
		return nil, fmt.Errorf("etcd: connect to %v: %w", opts.Endpoints, err)
	}
	l := &Leases{opts: opts, cli: cli}
	if _, err := l.session(ctx); err != nil {
		cli.Close()
		return nil, err
	}
	return l, nil
}

// session returns the host's live session, making a new one when there is
// none or the last one expired.
func (l *Leases) session(ctx context.Context) (*concurrency.Session, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sess != nil {
		select {
		case <-l.sess.Done():
			l.sess = nil
		default:
			return l.sess, nil
		}
	}
	ctx, cancel := context.WithTimeout(ctx, l.opts.DialTimeout)
	defer cancel()
	grant, err := l.cli.Grant(ctx, int64(l.opts.TTL/time.Second))
	if err != nil {
		return nil, fmt.Errorf("etcd: start a session at %v: %w", l.opts.Endpoints, err)
	}
	s, err := concurrency.NewSession(l.cli, concurrency.WithLease(grant.ID))
	if err != nil {
		return nil, fmt.Errorf("etcd: start a session at %v: %w", l.opts.Endpoints, err)
	}
	l.sess = s
	return s, nil
}

// Acquire takes the group's lease if no other host holds it.
func (l *Leases) Acquire(ctx context.Context, group string) (core.Lease, bool, error) {
	s, err := l.session(ctx)
	if err != nil {
		return nil, false, err
	}
	m := concurrency.NewMutex(s, l.opts.Prefix+url.PathEscape(group))
	switch err := m.TryLock(ctx); {
	case errors.Is(err, concurrency.ErrLocked):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("etcd: take the lease of group %q: %w", group, err)
	}
	return &lease{m: m, s: s}, true, nil
}

// Close releases the session, and with it every lease this host holds, at
// once rather than after the time to live.
func (l *Leases) Close() error {
	l.mu.Lock()
	s := l.sess
	l.sess = nil
	l.mu.Unlock()
	var err error
	if s != nil {
		err = s.Close()
	}
	return errors.Join(err, l.cli.Close())
}

type lease struct {
	m *concurrency.Mutex
	s *concurrency.Session
}

func (l *lease) Lost() <-chan struct{} { return l.s.Done() }

func (l *lease) Release(ctx context.Context) error {
	select {
	case <-l.s.Done():
		return nil // expired with its session: nothing to give back
	default:
	}
	if err := l.m.Unlock(ctx); err != nil {
		return fmt.Errorf("etcd: release the lease %s: %w", l.m.Key(), err)
	}
	return nil
}
