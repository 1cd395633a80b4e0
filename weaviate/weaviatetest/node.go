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
)

// Required reports whether the tests must not skip for want of a server.
func Required() bool { return os.Getenv(EnvRequired) == "1" }

// Server returns the path of the weaviate-server binary: $EnvServer, or
// $HOME/.cache/mnemo/weaviate-<version>/bin/weaviate-server with the
// version the tools module pins (what `make weaviate` builds). It fails,
// saying how to get one, when the binary is not there.
func Server() (string, error) {
	if p := os.Getenv(EnvServer); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%s=%s: %w", EnvServer, p, err)
		}
		return p, nil
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

// Node is one running Weaviate server.
type Node struct {
	// URL is its REST endpoint, http://127.0.0.1:port.
	URL string
	// Dir is its data directory; Log its log file.
	Dir, Log string
	cmd      *exec.Cmd
	done     chan error
}

// Start starts a single-node Weaviate from the binary bin with its data
// in dir, on free loopback ports, and waits until it is ready (at most
// two minutes, or until ctx is done). Its output goes to dir/weaviate.log.
func Start(ctx context.Context, bin, dir string) (*Node, error) {
	// Weaviate expects each data port next to its gossip port and each
	// Raft RPC port next to its Raft port (as its defaults are).
	ports, err := freePorts(6)
	if err != nil {
		return nil, err
	}
	gossip, data, raft, raftRPC, http, grpc := ports[0], ports[1], ports[2], ports[3], ports[4], ports[5]
	logPath := filepath.Join(dir, "weaviate.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := exec.Command(bin, "--scheme", "http", "--host", "127.0.0.1", "--port", fmt.Sprint(http))
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Env = append(os.Environ(),
		"AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED=true",
		"DEFAULT_VECTORIZER_MODULE=none",
		"ENABLE_MODULES=",
		"DISABLE_TELEMETRY=true",
		"LOG_LEVEL=warning",
		"PERSISTENCE_DATA_PATH="+filepath.Join(dir, "data"),
		// Without these Weaviate may pick an IPv6 address and exit.
		"CLUSTER_ADVERTISE_ADDR=127.0.0.1",
		"CLUSTER_BIND_ADDR=127.0.0.1",
		"CLUSTER_HOSTNAME=weaviate-0",
		"CLUSTER_IN_LOCALHOST=true",
		fmt.Sprintf("CLUSTER_GOSSIP_BIND_PORT=%d", gossip),
		fmt.Sprintf("CLUSTER_DATA_BIND_PORT=%d", data),
		fmt.Sprintf("RAFT_PORT=%d", raft),
		fmt.Sprintf("RAFT_INTERNAL_RPC_PORT=%d", raftRPC),
		"RAFT_BOOTSTRAP_EXPECT=1",
		fmt.Sprintf("GRPC_PORT=%d", grpc),
	)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	n := &Node{URL: fmt.Sprintf("http://127.0.0.1:%d", http), Dir: dir, Log: logPath, cmd: cmd, done: make(chan error, 1)}
	go func() { n.done <- cmd.Wait() }()
	if err := n.wait(ctx, 2*time.Minute); err != nil {
		_ = n.Stop()
		return nil, fmt.Errorf("%w\n%s", err, tail(logPath, 20))
	}
	return n, nil
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
			return fmt.Errorf("weaviate-server exited before it was ready: %v", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("weaviate-server not ready after %s", limit)
		}
	}
}

// Stop stops the server: SIGTERM, then SIGKILL after 15 s.
func (n *Node) Stop() error {
	if n.cmd.Process == nil {
		return nil
	}
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.done:
	case <-time.After(15 * time.Second):
		_ = n.cmd.Process.Kill()
		<-n.done
	}
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
