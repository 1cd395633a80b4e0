package wasm

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func TestParseTime(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    time.Time
		wantErr bool
	}{
		{name: "empty is zero", in: ""},
		{name: "RFC 3339", in: "2024-05-01T10:00:00Z", want: time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)},
		{name: "offset kept", in: "2024-05-01T10:00:00+02:00", want: time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC)},
		{name: "fractional seconds", in: "2024-05-01T10:00:00.25Z", want: time.Date(2024, 5, 1, 10, 0, 0, 250e6, time.UTC)},
		{name: "bare date", in: "2024-05-01", want: time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)},
		{name: "words", in: "last tuesday", wantErr: true},
		{name: "no zone", in: "2024-05-01T10:00:00", wantErr: true},
		{name: "impossible date", in: "2024-02-30", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseTime(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("parseTime(%q) error = %v, want error %v", tt.in, err, tt.wantErr)
			}
			if !got.Equal(tt.want) {
				t.Errorf("parseTime(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestFormatTimeRoundTrip(t *testing.T) {
	for _, tm := range []time.Time{{}, time.Date(2025, 1, 2, 3, 4, 5, 6, time.FixedZone("X", -5*3600))} {
		got, err := parseTime(formatTime(tm))
		if err != nil || !got.Equal(tm) {
			t.Errorf("parseTime(formatTime(%v)) = %v, %v", tm, got, err)
		}
	}
}

func TestExtractionDropsFactsWithBadDates(t *testing.T) {
	in := abi.ExtractResponse{
		Entities: []abi.ExtractedEntity{{Name: "Alice"}, {Name: "Acme"}},
		Facts: []abi.ExtractedFact{
			{Source: "Alice", Target: "Acme", Relation: "WORKS_AT", Fact: "Alice works at Acme", ValidAt: "2024-01-01"},
			{Source: "Alice", Target: "Acme", Relation: "LEFT", Fact: "Alice left Acme", InvalidAt: "soon"},
		},
		Warnings: []string{"from the plugin"},
	}
	got := extractionFromABI(in)
	want := core.Extraction{
		Entities: []core.ExtractedEntity{{Name: "Alice"}, {Name: "Acme"}},
		Facts:    []core.ExtractedFact{{Source: "Alice", Target: "Acme", Relation: "WORKS_AT", Text: "Alice works at Acme", ValidAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}},
		Warnings: []string{"from the plugin", `fact "Alice left Acme" (Alice LEFT Acme) dropped: "soon" is not an RFC 3339 date`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("extractionFromABI() mismatch (-want +got):\n%s", diff)
	}
}

func TestCheckAnswer(t *testing.T) {
	p := &Plugin{name: "t"}
	tests := []struct {
		in   string
		want error
	}{
		{`{}`, nil},
		{` {"results":[]}`, nil},
		{`{"error":""}`, nil},
		{`{"error":null}`, nil},
		{`{"error":"nope"}`, ErrFailed},
		{`{"results":[],"error":"late"}`, ErrFailed},
		{`{"error":1}`, ErrMalformed},
		{``, ErrMalformed},
		{`[]`, ErrMalformed},
		{`{"a":}`, ErrMalformed},
		{`{"a":1} trailing`, ErrMalformed},
		{"{\"a\":\"\xff\"}", ErrMalformed},
	}
	for _, tt := range tests {
		err := p.checkAnswer("mnemo_x", []byte(tt.in))
		if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("checkAnswer(%q) = %v, want %v", tt.in, err, tt.want)
		}
	}
}

func TestOneLine(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"a\n\tb  c", 100, "a b c"},
		{"  lead", 100, "lead"},
		{"abc\x00def", 100, "abcdef"},
		{"abcdef", 3, "abc…"},
	}
	for _, tt := range tests {
		if got := oneLine(tt.in, tt.max); got != tt.want {
			t.Errorf("oneLine(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

// FuzzCheckAnswer: whatever a plugin answers, the check never panics, and
// what it accepts is a JSON object by encoding/json's reading too.
func FuzzCheckAnswer(f *testing.F) {
	for _, s := range []string{`{}`, `{"error":"x"}`, `{"error":{}}`, `[1]`, `{"a":"\u0000"}`, "{\"a\":\"\xff\"}", `{"a":1}{}`} {
		f.Add([]byte(s))
	}
	p := &Plugin{name: "fuzz"}
	f.Fuzz(func(t *testing.T, out []byte) {
		err := p.checkAnswer("mnemo_x", out)
		if err != nil {
			return
		}
		if !json.Valid(out) || !bytes.HasPrefix(bytes.TrimLeft(out, " \t\r\n"), []byte("{")) {
			t.Errorf("checkAnswer accepted %q, which is not a JSON object", out)
		}
		var e struct{ Error any }
		if json.Unmarshal(out, &e) == nil {
			if s, ok := e.Error.(string); ok && s != "" {
				t.Errorf("checkAnswer accepted error answer %q", out)
			}
		}
	})
}

// FuzzExtractAnswer: decoding and converting any extract answer never
// panics, and every fact kept has readable dates.
func FuzzExtractAnswer(f *testing.F) {
	f.Add([]byte(`{"entities":[{"name":"A"}],"facts":[{"source":"A","target":"A","relation":"R","fact":"f","valid_at":"2024-01-01"}]}`))
	f.Add([]byte(`{"facts":[{"valid_at":"2024-13-01T00:00:00Z","invalid_at":7}]}`))
	f.Add([]byte(`{"entities":[{"attributes":{"a":[1,{"b":null}]}}]}`))
	f.Fuzz(func(t *testing.T, out []byte) {
		var r abi.ExtractResponse
		if jsonAPI.Unmarshal(out, &r) != nil {
			return
		}
		got := extractionFromABI(r)
		if len(got.Facts) > len(r.Facts) {
			t.Errorf("%d facts out of %d in", len(got.Facts), len(r.Facts))
		}
		for _, w := range got.Warnings[len(r.Warnings):] {
			if !strings.Contains(w, "dropped") {
				t.Errorf("unexpected warning %q", w)
			}
		}
	})
}

func TestOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		m    Manifest
		ok   bool
	}{
		{name: "zero", ok: true},
		{name: "memory over 4 GiB", o: Options{MemoryLimitPages: 65537}},
		{name: "negative timeout", o: Options{CallTimeout: -1}},
		{name: "negative pool", o: Options{PoolSize: -1}},
		{name: "negative message limit", o: Options{MaxMessageBytes: -1}},
		{name: "manifest memory over 4 GiB", m: Manifest{MemoryLimitPages: 70000}},
		{name: "manifest negative host calls", m: Manifest{MaxHostCalls: -2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := errors.Join(tt.o.Validate(), tt.m.Validate())
			if (err == nil) != tt.ok {
				t.Errorf("Validate() = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, core.ErrInvalid) {
				t.Errorf("Validate() = %v, want core.ErrInvalid", err)
			}
		})
	}
}

func TestManifestDefaults(t *testing.T) {
	o := Options{}.withDefaults()
	tests := []struct {
		name        string
		m           Manifest
		wantTimeout time.Duration
		wantPages   uint32
	}{
		{"inherits", Manifest{}, DefaultCallTimeout, DefaultMemoryLimitPages},
		{"llm raises the timeout", Manifest{AllowLLM: true}, DefaultLLMCallTimeout, DefaultMemoryLimitPages},
		{"explicit wins", Manifest{AllowLLM: true, CallTimeout: time.Second, MemoryLimitPages: 64}, time.Second, 64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.m.withDefaults(o)
			if got.CallTimeout != tt.wantTimeout || got.MemoryLimitPages != tt.wantPages {
				t.Errorf("withDefaults() timeout %s pages %d, want %s and %d", got.CallTimeout, got.MemoryLimitPages, tt.wantTimeout, tt.wantPages)
			}
		})
	}
}
