package host_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// TestLeaseConfig checks the store.lease settings: read from the
// environment, and refused where they cannot work.
func TestLeaseConfig(t *testing.T) {
	weaviate := map[string]string{"MNEMO_STORE_BACKEND": "weaviate", "MNEMO_STORE_WEAVIATE_URL": "http://127.0.0.1:8080"}
	with := func(m map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
	}{
		{"none", nil, ""},
		{"etcd on weaviate", with(weaviate, "MNEMO_STORE_LEASE_ETCD", "http://a:2379,http://b:2379", "MNEMO_STORE_LEASE_TTL", "5s"), ""},
		{"etcd on kuzu", map[string]string{"MNEMO_STORE_LEASE_ETCD": "http://a:2379"}, "this process's alone"},
		{"ttl below 2s", with(weaviate, "MNEMO_STORE_LEASE_ETCD", "http://a:2379", "MNEMO_STORE_LEASE_TTL", "1s"), "at least 2s"},
		{"ttl not whole seconds", with(weaviate, "MNEMO_STORE_LEASE_ETCD", "http://a:2379", "MNEMO_STORE_LEASE_TTL", "2500ms"), "whole seconds"},
		{"settings without etcd", with(weaviate, "MNEMO_STORE_LEASE_TTL", "5s"), "without store.lease.etcd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := host.Load("", func(k string) string { return tt.env[k] })
			if tt.wantErr != "" {
				if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Load = %v, want ErrInvalid saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load = %v", err)
			}
			if tt.env["MNEMO_STORE_LEASE_ETCD"] != "" && len(c.Store.Lease.Etcd) != 2 {
				t.Errorf("store.lease.etcd = %v, want the two URLs", c.Store.Lease.Etcd)
			}
		})
	}
}
