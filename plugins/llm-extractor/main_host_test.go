//go:build !wasip1

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	answer := filepath.Join(dir, "answer.json")
	config := filepath.Join(dir, "config.json")
	for path, content := range map[string]string{
		answer: `{"entities":[{"name":"Lisbon","kind":"Location","summary":""}],"facts":[]}`,
		config: `{"language": "Portuguese"}`,
	} {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	request := `{"episode":{"source":"message","content":"alice: I live in Lisbon.","reference_time":"2025-03-14T09:26:53Z"}}`
	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantCode int
		wantOut  []string
		wantErr  string
	}{
		{name: "prompts", args: nil, stdin: request, wantOut: []string{"=== prompt extract, model main, temperature 0, max tokens 8192", "--- system\n", "--- user\n", "--- schema\n", "=== extract answer", `"name": "alice"`}},
		{name: "answer and configuration", args: []string{"-answer", answer, "-config", config}, stdin: request, wantOut: []string{"in Portuguese", `"name": "Lisbon"`}},
		{name: "summarize", args: []string{"-call", "summarize"}, stdin: `{"texts":["a"]}`, wantOut: []string{"=== prompt summarize, model small", "=== summarize answer"}},
		{name: "bad flag", args: []string{"-nope"}, wantCode: 2, wantErr: "flag provided but not defined"},
		{name: "missing answer file", args: []string{"-answer", filepath.Join(dir, "none.json")}, wantCode: 1, wantErr: "no such file"},
		{name: "bad configuration", args: []string{"-config", answer}, stdin: request, wantCode: 1, wantErr: `unknown field "entities"`},
		{name: "bad request", args: nil, stdin: "{", wantCode: 1, wantErr: "decode extract request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.wantCode {
				t.Fatalf("run(%q) = %d, want %d; stderr:\n%s", tt.args, code, tt.wantCode, stderr.String())
			}
			if w, ok := containsAll(stdout.String(), tt.wantOut...); !ok {
				t.Errorf("run(%q) output lacks %q:\n%s", tt.args, w, stdout.String())
			}
			if !strings.Contains(stderr.String(), tt.wantErr) {
				t.Errorf("run(%q) stderr = %q, want it to contain %q", tt.args, stderr.String(), tt.wantErr)
			}
		})
	}
}
