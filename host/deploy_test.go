package host_test

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/mnemohq/mnemo/host"
)

// TestDeployExamples checks that the deployment examples in deploy/ give
// each mnemo host a configuration mnemo accepts, on the Weaviate store with
// etcd leases, and that the compose file's Weaviate nodes form one
// cluster: no Docker engine or Kubernetes runs here, so this is what keeps
// the examples in step with the configuration.
func TestDeployExamples(t *testing.T) {
	type service struct {
		Command     []string          `yaml:"command"`
		Environment map[string]string `yaml:"environment"`
	}
	var compose struct {
		Services map[string]service `yaml:"services"`
	}
	b, err := os.ReadFile("../deploy/docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &compose); err != nil {
		t.Fatal(err)
	}
	var weaviates []string
	hosts := 0
	for name, s := range compose.Services {
		switch {
		case strings.HasPrefix(name, "weaviate-"):
			weaviates = append(weaviates, name)
		case strings.HasPrefix(name, "mnemo-"):
			hosts++
			checkHost(t, name, s.Command, s.Environment)
		}
	}
	if hosts < 2 {
		t.Errorf("compose has %d mnemo hosts, want at least 2", hosts)
	}
	for _, name := range weaviates {
		env := compose.Services[name].Environment
		if env["CLUSTER_HOSTNAME"] != name {
			t.Errorf("%s: CLUSTER_HOSTNAME %q", name, env["CLUSTER_HOSTNAME"])
		}
		if !slices.Contains(strings.Split(env["RAFT_JOIN"], ","), name) {
			t.Errorf("%s: not in RAFT_JOIN %q", name, env["RAFT_JOIN"])
		}
		if n, _ := strconv.Atoi(env["RAFT_BOOTSTRAP_EXPECT"]); n != len(weaviates) {
			t.Errorf("%s: RAFT_BOOTSTRAP_EXPECT %q with %d nodes", name, env["RAFT_BOOTSTRAP_EXPECT"], len(weaviates))
		}
	}

	f, err := os.Open("../deploy/kubernetes/mnemo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	for {
		var doc struct {
			Kind string `yaml:"kind"`
			Spec struct {
				Template struct {
					Spec struct {
						Containers []struct {
							Args []string `yaml:"args"`
							Env  []struct{ Name, Value string }
						} `yaml:"containers"`
					} `yaml:"spec"`
				} `yaml:"template"`
			} `yaml:"spec"`
		}
		if err := dec.Decode(&doc); err != nil {
			break
		}
		if doc.Kind != "Deployment" {
			continue
		}
		for _, c := range doc.Spec.Template.Spec.Containers {
			env := map[string]string{}
			for _, e := range c.Env {
				env[e.Name] = e.Value
			}
			checkHost(t, "kubernetes", c.Args, env)
		}
	}
}

// checkHost loads the configuration a host of an example gets: the
// deploy/mnemo.toml its --config names, and its environment.
func checkHost(t *testing.T, name string, args []string, env map[string]string) {
	t.Helper()
	i := slices.Index(args, "--config")
	if i < 0 || i+1 == len(args) || !strings.HasSuffix(args[i+1], "/mnemo.toml") {
		t.Errorf("%s: %v does not name mnemo.toml", name, args)
		return
	}
	c, err := host.Load("../deploy/mnemo.toml", func(k string) string { return env[k] })
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if c.Store.Backend != "weaviate" || len(c.Store.Lease.Etcd) == 0 || len(c.HTTP.Keys) == 0 {
		t.Errorf("%s: backend %q, leases %v, %d keys: want weaviate, etcd leases and a key", name, c.Store.Backend, c.Store.Lease.Etcd, len(c.HTTP.Keys))
	}
}
