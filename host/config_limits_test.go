package host_test

import (
	"errors"
	"testing"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// TestIngestLimitsConfig checks the defaults and the checks of the size
// and count caps.
func TestIngestLimitsConfig(t *testing.T) {
	tests := []struct {
		name        string
		env         map[string]string
		wantBodyKB  int
		wantInvalid bool
	}{
		{"defaults", nil, 2048, false},
		{"body follows content", map[string]string{"MNEMO_INGEST_MAX_CONTENT_KB": "4096"}, 8192, false},
		{"body set", map[string]string{"MNEMO_HTTP_MAX_BODY_KB": "1500"}, 1500, false},
		{"body below content", map[string]string{"MNEMO_HTTP_MAX_BODY_KB": "512"}, 0, true},
		{"negative cap", map[string]string{"MNEMO_INGEST_MAX_ENTITIES": "-1"}, 0, true},
		{"caps set", map[string]string{"MNEMO_INGEST_MAX_CHUNKS": "8", "MNEMO_INGEST_MAX_ENTITIES": "50", "MNEMO_INGEST_MAX_FACTS": "80"}, 2048, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := host.Load("", func(k string) string { return tt.env[k] })
			if tt.wantInvalid {
				if !errors.Is(err, core.ErrInvalid) {
					t.Errorf("Load = %v, want ErrInvalid", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load = %v", err)
			}
			if c.HTTP.MaxBodyKB != tt.wantBodyKB {
				t.Errorf("http.max_body_kb = %d, want %d", c.HTTP.MaxBodyKB, tt.wantBodyKB)
			}
		})
	}
}
