package main

import (
	"strings"
	"testing"
	"time"
)

func TestNormalizeDate(t *testing.T) {
	lisbon := time.FixedZone("", 3600)
	tests := []struct {
		in      string
		want    string
		wantErr string
	}{
		{in: "2025-02-01T00:00:00+01:00", want: "2025-02-01T00:00:00+01:00"},
		{in: "2025-02-01T10:20:30.5Z", want: "2025-02-01T10:20:30.5Z"},
		{in: "2025-02-01 10:20:30Z", want: "2025-02-01T10:20:30Z"},
		{in: "2025-02-01T10:20:30", want: "2025-02-01T10:20:30+01:00"},
		{in: "2025-02-01T10:20", want: "2025-02-01T10:20:00+01:00"},
		{in: " 2025-02-01 ", want: "2025-02-01T00:00:00+01:00"},
		{in: "2025-02", want: "2025-02-01T00:00:00+01:00"},
		{in: "2024", want: "2024-01-01T00:00:00+01:00"},
		{in: ""},
		{in: "null"},
		{in: "None"},
		{in: "unknown"},
		{in: "present"},
		{in: "Ongoing"},
		{in: "last June", wantErr: `"last June" is not a date`},
		{in: "2025-13-01", wantErr: "is not a date"},
		{in: "2025-02-30", wantErr: "is not a date"},
		{in: "0001-01-01T00:00:00Z", wantErr: "is a placeholder"},
		{in: "0999", wantErr: "is a placeholder"},
	}
	for _, tt := range tests {
		got, err := normalizeDate(tt.in, lisbon)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("normalizeDate(%q) = %q, %v; want error containing %q", tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("normalizeDate(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestReferenceTime(t *testing.T) {
	tests := []struct {
		in     string
		want   string
		wantOK bool
	}{
		{"2025-03-14T09:26:53+01:00", "2025-03-14T09:26:53+01:00", true},
		{"2025-03-14T09:26:53.123456789Z", "2025-03-14T09:26:53.123456789Z", true},
		{"", "", false},
		{"2025-03-14", "", false},
	}
	for _, tt := range tests {
		got, ok := referenceTime(tt.in)
		gotS := ""
		if ok {
			gotS = got.Format(time.RFC3339Nano)
		}
		if ok != tt.wantOK || gotS != tt.want {
			t.Errorf("referenceTime(%q) = %q, %v; want %q, %v", tt.in, gotS, ok, tt.want, tt.wantOK)
		}
	}
}
