package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/mnemohq/mnemo/core"
)

// TestStatusOfBusy: a store that is freeing memory answers 503 with a
// code clients can retry on, never 500.
func TestStatusOfBusy(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		wantStatus int
		wantCode   string
	}{
		{"busy store", fmt.Errorf("search facts: kuzu: the buffer pool is full: %w", core.ErrBusy), http.StatusServiceUnavailable, "busy"},
		{"locked", core.ErrLocked, http.StatusServiceUnavailable, "unavailable"},
		{"unknown", fmt.Errorf("disk on fire"), http.StatusInternalServerError, "internal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, code := StatusOf(tt.err)
			if status != tt.wantStatus || code != tt.wantCode {
				t.Errorf("StatusOf(%v) = %d %q, want %d %q", tt.err, status, code, tt.wantStatus, tt.wantCode)
			}
		})
	}
}
