package etcd_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/mnemohq/mnemo/etcd"
	"github.com/mnemohq/mnemo/etcd/etcdtest"
)

// endpoint is the etcd the tests use; skipWhy says why there is none.
var endpoint, skipWhy string

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	bin, err := etcdtest.Binary()
	if err != nil {
		if etcdtest.Required() {
			fmt.Fprintf(os.Stderr, "etcd tests: %v (%s=1)\n", err, etcdtest.EnvRequired)
			return 1
		}
		skipWhy = err.Error()
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "mnemo-etcd-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	srv, err := etcdtest.Start(context.Background(), bin, dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "etcd tests: %v\n", err)
		return 1
	}
	defer srv.Stop()
	endpoint = srv.Endpoint
	return m.Run()
}

func open(t *testing.T, prefix string) *etcd.Leases {
	t.Helper()
	if endpoint == "" {
		t.Skip("no etcd: " + skipWhy)
	}
	l, err := etcd.Open(context.Background(), etcd.Options{Endpoints: []string{endpoint}, Prefix: prefix, TTL: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// TestOneHolderPerGroup checks that a group's lease has one holder at a
// time, that groups are independent, and that a released lease can be
// taken by another host.
func TestOneHolderPerGroup(t *testing.T) {
	ctx := context.Background()
	a, b := open(t, "/one/"), open(t, "/one/")
	la, ok, err := a.Acquire(ctx, "g/1")
	if err != nil || !ok {
		t.Fatalf("a.Acquire(g/1) = %v, %v; want the lease", ok, err)
	}
	if _, ok, err := b.Acquire(ctx, "g/1"); err != nil || ok {
		t.Fatalf("b.Acquire(g/1) while a holds it = %v, %v; want refused", ok, err)
	}
	if _, ok, err := b.Acquire(ctx, "g/2"); err != nil || !ok {
		t.Fatalf("b.Acquire(g/2) = %v, %v; want the lease of another group", ok, err)
	}
	if err := la.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := b.Acquire(ctx, "g/1"); err != nil || !ok {
		t.Fatalf("b.Acquire(g/1) after a released it = %v, %v; want the lease", ok, err)
	}
}

// TestExpiredSessionLosesLeases checks that when a host's session ends on
// the server (as when the host is cut off past the time to live), its
// leases report Lost and another host can take the group, and that the
// first host can take leases again afterwards with a new session.
func TestExpiredSessionLosesLeases(t *testing.T) {
	ctx := context.Background()
	a, b := open(t, "/expire/"), open(t, "/expire/")
	la, ok, err := a.Acquire(ctx, "g")
	if err != nil || !ok {
		t.Fatalf("a.Acquire(g) = %v, %v; want the lease", ok, err)
	}
	// End a's session on the server, as its expiry would.
	cli, err := clientv3.New(clientv3.Config{Endpoints: []string{endpoint}, DialTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	keys, err := cli.Get(ctx, "/expire/g", clientv3.WithPrefix())
	if err != nil || len(keys.Kvs) != 1 {
		t.Fatalf("the lease's key: %v, %v", keys, err)
	}
	if _, err := cli.Revoke(ctx, clientv3.LeaseID(keys.Kvs[0].Lease)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-la.Lost():
	case <-time.After(time.Minute):
		t.Fatal("a's lease did not report Lost after its session ended")
	}
	if _, ok, err := b.Acquire(ctx, "g"); err != nil || !ok {
		t.Fatalf("b.Acquire(g) after a's session ended = %v, %v; want the lease", ok, err)
	}
	if err := la.Release(ctx); err != nil {
		t.Fatalf("releasing a lost lease: %v", err)
	}
	if _, ok, err := a.Acquire(ctx, "h"); err != nil || !ok {
		t.Fatalf("a.Acquire(h) with a new session = %v, %v; want the lease", ok, err)
	}
}

// TestClosedHostFreesItsLeases checks that closing a host's leases frees
// its groups at once, not after the time to live.
func TestClosedHostFreesItsLeases(t *testing.T) {
	ctx := context.Background()
	a, b := open(t, "/close/"), open(t, "/close/")
	if _, ok, err := a.Acquire(ctx, "g"); err != nil || !ok {
		t.Fatalf("a.Acquire(g) = %v, %v", ok, err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := b.Acquire(ctx, "g"); err != nil || !ok {
		t.Fatalf("b.Acquire(g) after a closed = %v, %v; want the lease at once", ok, err)
	}
}

// TestBadOptions checks the refusals of Open.
func TestBadOptions(t *testing.T) {
	for _, o := range []etcd.Options{
		{},
		{Endpoints: []string{"http://127.0.0.1:1"}, TTL: 1500 * time.Millisecond},
		{Endpoints: []string{"http://127.0.0.1:1"}, TTL: time.Second},
	} {
		if _, err := etcd.Open(context.Background(), o); err == nil {
			t.Errorf("Open(%+v) succeeded", o)
		}
	}
}
