// Package etcdtest runs an etcd server for tests: Debian's etcd (package
// etcd-server, which .ci/run installs) or the binary $MNEMO_ETCD_SERVER
// names, on free loopback ports in a temporary data directory, stopped by
// the test.
package etcdtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// Environment variables the tests read.
const (
	// EnvServer names the etcd binary; the default is etcd on the PATH.
	EnvServer = "MNEMO_ETCD_SERVER"
	// EnvRequired, set to 1, makes a missing etcd a failure rather than a
	// skip (CI sets it).
	EnvRequired = "MNEMO_ETCD_REQUIRED"
)

// Required reports whether the tests must not skip for want of etcd.
func Required() bool { return os.Getenv(EnvRequired) == "1" }

// Binary returns the etcd binary to run, or an error saying how to get
// one.
func Binary() (string, error) {
	if p := os.Getenv(EnvServer); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%s=%s: %w", EnvServer, p, err)
		}
		return p, nil
	}
	p, err := exec.LookPath("etcd")
	if err != nil {
		return "", errors.New("no etcd on the PATH: install Debian's etcd-server (.ci/run does) or set " + EnvServer)
	}
	return p, nil
}

// Server is a running single-member etcd.
type Server struct {
	// Endpoint is its client URL, http://127.0.0.1:port.
	Endpoint string
	cmd      *exec.Cmd
	done     chan error
}

// Start starts etcd with its data in dir and waits until it is healthy
// (at most a minute, or until ctx ends). Its output goes to dir/etcd.log.
func Start(ctx context.Context, bin, dir string) (*Server, error) {
	ports, err := freePorts(2)
	if err != nil {
		return nil, err
	}
	client := fmt.Sprintf("http://127.0.0.1:%d", ports[0])
	peer := fmt.Sprintf("http://127.0.0.1:%d", ports[1])
	log, err := os.Create(filepath.Join(dir, "etcd.log"))
	if err != nil {
		return nil, err
	}
	defer log.Close()
	cmd := exec.Command(bin,
		"--name", "mnemo-test", "--data-dir", filepath.Join(dir, "data"),
		"--listen-client-urls", client, "--advertise-client-urls", client,
		"--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
		"--initial-cluster", "mnemo-test="+peer, "--initial-cluster-state", "new")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start etcd: %w", err)
	}
	s := &Server{Endpoint: client, cmd: cmd, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		if healthy(ctx, client) {
			return s, nil
		}
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("etcd exited before it was ready (%v); see %s", err, log.Name())
		case <-ctx.Done():
			s.Stop()
			return nil, fmt.Errorf("etcd not ready: %w; see %s", ctx.Err(), log.Name())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func healthy(ctx context.Context, url string) bool {
	req, err := http.NewRequestWithContext(ctx, "GET", url+"/health", nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return err == nil && resp.StatusCode == http.StatusOK && strings.Contains(string(body), `"true"`)
}

// Keys counts the keys under prefix, for a test that waits until a lease
// is taken.
func (s *Server) Keys(ctx context.Context, prefix string) (int64, error) {
	cli, err := clientv3.New(clientv3.Config{Endpoints: []string{s.Endpoint}, DialTimeout: 5 * time.Second})
	if err != nil {
		return 0, err
	}
	defer cli.Close()
	resp, err := cli.Get(ctx, prefix, clientv3.WithPrefix(), clientv3.WithCountOnly())
	if err != nil {
		return 0, err
	}
	return resp.Count, nil
}

// Stop ends the server and waits for it.
func (s *Server) Stop() {
	_ = s.cmd.Process.Kill()
	<-s.done
}

func freePorts(n int) ([]int, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
