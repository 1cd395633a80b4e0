package weaviatetest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Environment variables the tests read.
const (
	// EnvServer names the weaviate-server binary; the default is the one
	// `make weaviate` builds (Server).
	EnvServer = "MNEMO_WEAVIATE_SERVER"
	// EnvRequired, set to 1, makes a missing server a failure rather than
	// a skip (CI sets it).
	EnvRequired = "MNEMO_WEAVIATE_REQUIRED"
	// EnvURL names a running Weaviate to test against instead of starting
	// one.
	EnvURL = "MNEMO_WEAVIATE_URL"
	// EnvLater, set to 1, makes Server fail (a skip unless EnvRequired)
	// even when a server is built, unless EnvServer names one: CI sets it
	// for make test, whose Weaviate tests make test-weaviate runs with the
	// server it names, so that they run once, at a known step, whether or
	// not the server's background build has finished when make test
	// reaches them.
	EnvLater = "MNEMO_WEAVIATE_LATER"
)

// Required reports whether the tests must not skip for want of a server.
func Required() bool { return os.Getenv(EnvRequired) == "1" }

// Server returns the path of the weaviate-server binary: $EnvServer, or
// $HOME/.cache/mnemo/weaviate-<version>/bin/weaviate-server with the
// version the tools module pins (what `make weaviate` builds). It fails,
// saying how to get one, when the binary is not there, and without
// looking when $EnvLater is 1 and $EnvServer unset.
func Server() (string, error) {
	if p := os.Getenv(EnvServer); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%s=%s: %w", EnvServer, p, err)
		}
		return p, nil
	}
	if os.Getenv(EnvLater) == "1" {
		return "", fmt.Errorf("%s=1: make test-weaviate runs the tests that need a Weaviate server", EnvLater)
	}
	v, err := pinnedVersion()
	if err != nil {
		return "", err
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(home, ".cache", "mnemo", "weaviate-"+v, "bin", "weaviate-server")
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("no Weaviate server at %s: run `make weaviate` (about 6 minutes, once) or set %s", p, EnvServer)
	}
	return p, nil
}

// pinnedVersion reads the Weaviate version internal/tools/weaviate-server
// pins, finding the repository from the working directory up.
func pinnedVersion() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		f, err := os.Open(filepath.Join(dir, "internal", "tools", "weaviate-server", "go.mod"))
		if err == nil {
			defer f.Close()
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				fs := strings.Fields(sc.Text())
				if len(fs) >= 2 && fs[0] == "github.com/weaviate/weaviate" {
					return fs[1], nil
				}
				if len(fs) >= 3 && fs[0] == "require" && fs[1] == "github.com/weaviate/weaviate" {
					return fs[2], nil
				}
			}
			return "", errors.New("internal/tools/weaviate-server/go.mod requires no github.com/weaviate/weaviate")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("internal/tools/weaviate-server/go.mod not found above the working directory")
		}
		dir = parent
	}
}

// Node is one Weaviate server of a cluster. Its methods are not safe for
// concurrent use; Stop (or Kill) ends its process, and a stopped node can
// be started again with Restart.
type Node struct {
	// URL is its REST endpoint, http://127.0.0.1:port.
	URL string
	// Dir is its data directory; Log its log file.
	Dir, Log string
	bin      string
	args     []string
	env      []string
	cmd      *exec.Cmd
	done     chan error
}

// Start starts a single-node Weaviate from the binary bin with its data
// in dir, on free loopback ports, and waits until it is ready (at most
// two minutes, or until ctx is done). Its output goes to dir/weaviate.log.
func Start(ctx context.Context, bin, dir string) (*Node, error) {
	nodes, err := StartCluster(ctx, bin, dir, 1)
	if err != nil {
		return nil, err
	}
	return nodes[0], nil
}

// StartCluster starts an n-node Weaviate cluster on loopback, node i with
// its data in dir/node-i and hostname weaviate-i, and waits until every
// node is ready. Node 0 starts first: the others join it (Raft and
// gossip) and exit when it is not there yet.
func StartCluster(ctx context.Context, bin, dir string, n int) ([]*Node, error) {
	ports, err := freePorts(6 * n)
	if err != nil {
		return nil, err
	}
	type nodePorts struct{ gossip, data, raft, raftRPC, http, grpc int }
	np := make([]nodePorts, n)
	var join []string
	for i := range np {
		p := ports[6*i:]
		np[i] = nodePorts{p[0], p[1], p[2], p[3], p[4], p[5]}
		join = append(join, fmt.Sprintf("weaviate-%d:%d", i, np[i].raft))
	}
	var nodes []*Node
	stopAll := func() {
		for _, nd := range nodes {
			_ = nd.Stop()
		}
	}
	for i, p := range np {
		ndir := dir
		if n > 1 {
			ndir = filepath.Join(dir, fmt.Sprintf("node-%d", i))
			if err := os.MkdirAll(ndir, 0o755); err != nil {
				stopAll()
				return nil, err
			}
		}
		env := append(os.Environ(),
			"AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED=true",
			"DEFAULT_VECTORIZER_MODULE=none",
			"ENABLE_MODULES=",
			"DISABLE_TELEMETRY=true",
			"LOG_LEVEL=warning",
			"PERSISTENCE_DATA_PATH="+filepath.Join(ndir, "data"),
			// Without these Weaviate may pick an IPv6 address and exit.
			"CLUSTER_ADVERTISE_ADDR=127.0.0.1",
			"CLUSTER_BIND_ADDR=127.0.0.1",
			fmt.Sprintf("CLUSTER_HOSTNAME=weaviate-%d", i),
			"CLUSTER_IN_LOCALHOST=true",
			fmt.Sprintf("CLUSTER_GOSSIP_BIND_PORT=%d", p.gossip),
			fmt.Sprintf("CLUSTER_DATA_BIND_PORT=%d", p.data),
			fmt.Sprintf("RAFT_PORT=%d", p.raft),
			fmt.Sprintf("RAFT_INTERNAL_RPC_PORT=%d", p.raftRPC),
			fmt.Sprintf("RAFT_BOOTSTRAP_EXPECT=%d", n),
			fmt.Sprintf("GRPC_PORT=%d", p.grpc),
		)
		if n > 1 {
			env = append(env, "RAFT_JOIN="+strings.Join(join, ","))
			if i > 0 {
				env = append(env, fmt.Sprintf("CLUSTER_JOIN=127.0.0.1:%d", np[0].gossip))
			}
		}
		nd := &Node{URL: fmt.Sprintf("http://127.0.0.1:%d", p.http), Dir: ndir, Log: filepath.Join(ndir, "weaviate.log"), bin: bin,
			args: []string{"--scheme", "http", "--host", "127.0.0.1", "--port", fmt.Sprint(p.http)}, env: env}
		if err := nd.start(); err != nil {
			stopAll()
			return nil, err
		}
		nodes = append(nodes, nd)
		if i == 0 && n > 1 {
			if err := listening(ctx, np[0].gossip, time.Minute); err != nil {
				stopAll()
				return nil, fmt.Errorf("node 0: %w\n%s", err, tail(nd.Log, 20))
			}
		}
	}
	for i, nd := range nodes {
		if err := nd.wait(ctx, 2*time.Minute); err != nil {
			stopAll()
			return nil, fmt.Errorf("node %d: %w\n%s", i, err, tail(nd.Log, 20))
		}
	}
	return nodes, nil
}

// start starts the node's process, appending to its log.
func (n *Node) start() error {
	logf, err := os.OpenFile(n.Log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd := exec.Command(n.bin, n.args...)
	cmd.Dir = n.Dir
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Env = n.env
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", n.bin, err)
	}
	n.cmd, n.done = cmd, make(chan error, 1)
	go func() { n.done <- cmd.Wait() }()
	return nil
}

// Kill kills the node's process at once (SIGKILL), as a crash would.
func (n *Node) Kill() error {
	if n.cmd == nil || n.cmd.Process == nil {
		return nil
	}
	_ = n.cmd.Process.Kill()
	<-n.done
	n.done <- nil
	return nil
}

// Restart starts a killed or stopped node again on its ports and data,
// and waits until it is ready.
func (n *Node) Restart(ctx context.Context) error {
	if err := n.start(); err != nil {
		return err
	}
	if err := n.wait(ctx, 2*time.Minute); err != nil {
		return fmt.Errorf("%w\n%s", err, tail(n.Log, 20))
	}
	return nil
}

// listening waits until something listens on a loopback port.
func listening(ctx context.Context, port int, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("nothing listens on port %d after %s", port, limit)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// wait polls the readiness endpoint.
func (n *Node) wait(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, n.URL+"/v1/.well-known/ready", nil)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case err := <-n.done:
			n.done <- err
			return fmt.Errorf("weaviate-server exited before it was ready: %w", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("weaviate-server not ready after %s", limit)
		}
	}
}

// Stop stops the node: SIGTERM, then SIGKILL after 15 s. Stopping a
// stopped node does nothing.
func (n *Node) Stop() error {
	if n.cmd == nil || n.cmd.Process == nil {
		return nil
	}
	select {
	case err := <-n.done:
		n.done <- err
		return nil // exited already
	default:
	}
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.done:
	case <-time.After(15 * time.Second):
		_ = n.cmd.Process.Kill()
		<-n.done
	}
	n.done <- nil
	return nil
}

// freePorts returns n distinct loopback ports free when asked, in pairs
// of consecutive ports (n is even).
func freePorts(n int) ([]int, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var out []int
	for tries := 0; len(out) < n; tries++ {
		if tries > 100 {
			return nil, errors.New("no free pair of loopback ports")
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		p := l.Addr().(*net.TCPAddr).Port
		l2, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p+1))
		if err != nil {
			continue
		}
		ls = append(ls, l2)
		out = append(out, p, p+1)
	}
	return out, nil
}

// tail returns the last n lines of a file.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
