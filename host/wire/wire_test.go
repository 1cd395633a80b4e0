package wire_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/wire"
)

func TestParseTime(t *testing.T) {
	tests := []struct {
		in      string
		want    time.Time
		wantErr bool
	}{
		{"2024-05-01T10:00:00Z", time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC), false},
		{"2024-05-01T12:00:00+02:00", time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC), false},
		{"2024-05-01T10:00:00.5Z", time.Date(2024, 5, 1, 10, 0, 0, 5e8, time.UTC), false},
		{"2024-05-01T10:00:00", time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC), false},
		{"2024-05-01 10:00", time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC), false},
		{"2024-05-01", time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), false},
		{" 2024-05 ", time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), false},
		{"yesterday", time.Time{}, true},
		{"05/01/2024", time.Time{}, true},
		{"2024-13-01", time.Time{}, true},
		{"", time.Time{}, true},
	}
	for _, tc := range tests {
		got, err := wire.ParseTime(tc.in)
		if tc.wantErr {
			if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), "want RFC 3339") {
				t.Errorf("ParseTime(%q) = %v, %v; want an ErrInvalid saying what is wanted", tc.in, got, err)
			}
			continue
		}
		if err != nil || !got.Equal(tc.want) || got.Location() != time.UTC {
			t.Errorf("ParseTime(%q) = %v, %v; want %v in UTC", tc.in, got, err, tc.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	type body struct {
		Name  string   `json:"name"`
		Count int      `json:"count"`
		Tags  []string `json:"tags"`
	}
	tests := []struct {
		in   string
		want string
	}{
		{``, "no JSON value"},
		{`{"name": "x"`, "unexpected end of input"},
		{`{"name": x}`, "invalid JSON at byte 10"},
		{`{"name": 3}`, `field "name": want a string, got number`},
		{`{"count": "3"}`, `field "count": want an integer, got string`},
		{`{"count": 1.5}`, `field "count": want an integer, got number`},
		{`{"tags": "a"}`, `field "tags": want an array, got string`},
		{`{"colour": "red"}`, `unknown field "colour"`},
		{`{"name": "x"} {"name": "y"}`, "unexpected data after the JSON value"},
		{`[1]`, "want a JSON an object, got array"},
	}
	for _, tc := range tests {
		var b body
		err := wire.DecodeBytes([]byte(tc.in), &b)
		if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecodeBytes(%q) = %v, want ErrInvalid containing %q", tc.in, err, tc.want)
		}
	}
}

func TestEpisodeInput(t *testing.T) {
	ref := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		in      string
		want    core.Episode
		wantErr string
	}{
		{"message by default", `{"content": "Alice: hi", "reference_time": "2024-05-01T10:00:00Z"}`,
			core.Episode{GroupID: "g", Source: core.SourceMessage, Content: "Alice: hi", ValidAt: ref}, ""},
		{"json object content", `{"source": "json", "content": {"name": "Ann", "city": "Oslo"}, "reference_time": "2024-05-01T10:00:00Z", "uuid": "ep-1"}`,
			core.Episode{UUID: "ep-1", GroupID: "g", Source: core.SourceJSON, Content: `{"name":"Ann","city":"Oslo"}`, ValidAt: ref}, ""},
		{"object content needs json", `{"content": {"a": 1}, "reference_time": "2024-05-01"}`, core.Episode{}, `a JSON object or array needs source "json"`},
		{"number content", `{"content": 7, "reference_time": "2024-05-01"}`, core.Episode{}, "want a string, got 7"},
		{"no content", `{"reference_time": "2024-05-01"}`, core.Episode{}, "content is missing"},
		{"no time", `{"content": "x"}`, core.Episode{}, "reference_time is missing"},
		{"other group", `{"content": "x", "reference_time": "2024-05-01", "group_id": "h"}`, core.Episode{}, `group_id "h" differs`},
		{"bad uuid", `{"content": "x", "reference_time": "2024-05-01", "uuid": "a b"}`, core.Episode{}, `uuid "a b"`},
		{"bad source", `{"content": "x", "reference_time": "2024-05-01", "source": "email"}`, core.Episode{}, `source "email"`},
		{"speaker labels the content", `{"content": "I moved to Lisbon.", "speaker": " Rachel ", "reference_time": "2024-05-01T10:00:00Z"}`,
			core.Episode{GroupID: "g", Source: core.SourceMessage, Content: "Rachel: I moved to Lisbon.", ValidAt: ref}, ""},
		{"speaker of a text", `{"content": "x", "speaker": "Rachel", "source": "text", "reference_time": "2024-05-01"}`, core.Episode{}, `only a message has a speaker`},
		{"speaker with a colon", `{"content": "x", "speaker": "Re: Rachel", "reference_time": "2024-05-01"}`, core.Episode{}, `holds no colon`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var in wire.EpisodeInput
			if err := wire.DecodeBytes([]byte(tc.in), &in); err != nil {
				t.Fatal(err)
			}
			got, err := in.Episode("g")
			if tc.wantErr != "" {
				if !errors.Is(err, core.ErrInvalid) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("Episode() = %v, want ErrInvalid containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Episode() (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFactJSONShape(t *testing.T) {
	f := wire.FactOf(core.Fact{UUID: "f1", Relation: "LIVES_IN", Text: "Ann lives in Oslo", SourceUUID: "a", TargetUUID: "o",
		ValidAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}, map[string]string{"a": "Ann", "o": "Oslo"})
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"uuid":"f1","fact":"Ann lives in Oslo","relation":"LIVES_IN","source":"Ann","target":"Oslo","source_uuid":"a","target_uuid":"o","valid_at":"2024-01-01T00:00:00Z","invalid_at":null,"created_at":null,"expired_at":null,"episodes":[]}`
	if string(b) != want {
		t.Errorf("json.Marshal(FactOf(...)) = %s, want %s", b, want)
	}
}

func TestMessage(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{fmt.Errorf("line 3: %w", fmt.Errorf("%w: bad date", core.ErrInvalid)), "line 3: bad date"},
		{fmt.Errorf("episode e1: %w", core.ErrNotFound), "episode e1: not found"},
		{fmt.Errorf("%w: db is in use", core.ErrLocked), "database locked: db is in use"},
	}
	for _, tc := range tests {
		if got := wire.Message(tc.err); got != tc.want {
			t.Errorf("Message(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
