package sdk

import (
	"strings"
	"testing"
)

// TestCompletionOf decodes llm_complete results as hosts send them: a
// host that names the model, one from before the model member (the name
// is then ""), and a failed request.
func TestCompletionOf(t *testing.T) {
	tests := []struct {
		name    string
		result  string
		want    Completion
		wantErr string
	}{
		{name: "model named", result: `{"content":"{\"facts\":[]}","model":"gpt-4o-mini-2024-07-18"}`, want: Completion{Content: `{"facts":[]}`, Model: "gpt-4o-mini-2024-07-18"}},
		{name: "host without the member", result: `{"content":"ok"}`, want: Completion{Content: "ok"}},
		{name: "failed", result: `{"content":"","error":"llm: rate limited"}`, wantErr: "llm: rate limited"},
		{name: "not JSON", result: `{"content":`, wantErr: "decode llm result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := completionOf([]byte(tt.result))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("completionOf(%s) = %+v, %v; want error %q", tt.result, got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("completionOf(%s) = %+v, %v; want %+v", tt.result, got, err, tt.want)
			}
		})
	}
}
