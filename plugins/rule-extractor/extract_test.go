package main

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// refTime is the reference time of the test episodes: Wednesday 15 May
// 2024, 10:00 UTC.
const refTime = "2024-05-15T10:00:00Z"

// roundTrip sends req to the named handler through the JSON boundary, as
// the host does, and decodes the answer into resp.
func roundTrip(t *testing.T, name string, req, resp any) {
	t.Helper()
	in, err := json.Marshal(req)
	if err != nil {
		t.Fatalf("marshal request: %v", err)
	}
	out, err := callHandler(name, bytes.NewReader(in))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatalf("marshal answer: %v", err)
	}
	if err := json.Unmarshal(b, resp); err != nil {
		t.Fatalf("unmarshal answer: %v", err)
	}
}

// wf is an expected fact: relation, source, target and dates. Dates are
// "" (none), "ref" (the reference time) or a day "2006-01-02" at
// midnight UTC.
type wf struct {
	Rel, Src, Dst      string
	ValidAt, InvalidAt string
}

// rfc converts a wf date to RFC 3339.
func rfc(d string) string {
	switch d {
	case "":
		return ""
	case "ref":
		return refTime
	}
	return d + "T00:00:00Z"
}

// gotFacts converts an answer's facts to wf, sorted.
func gotFacts(facts []abi.ExtractedFact) []wf {
	out := []wf{}
	for _, f := range facts {
		out = append(out, wf{f.Relation, f.Source, f.Target, f.ValidAt, f.InvalidAt})
	}
	sortFacts(out)
	return out
}

func sortFacts(fs []wf) {
	sort.Slice(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		return a.Rel+a.Src+a.Dst+a.ValidAt+a.InvalidAt < b.Rel+b.Src+b.Dst+b.ValidAt+b.InvalidAt
	})
}

func TestExtractSentences(t *testing.T) {
	tests := []struct {
		name     string
		source   string // default "message"
		content  string
		previous []string // previous message episodes
		want     []wf
	}{
		// Work.
		{name: "works at", content: "Alice: I work at Acme Corp.",
			want: []wf{{"WORKS_AT", "Alice", "Acme Corp", "ref", ""}}},
		{name: "works for", content: "Alice: I work for Globex.",
			want: []wf{{"WORKS_AT", "Alice", "Globex", "ref", ""}}},
		{name: "employed by", content: "Alice: I'm employed by Initech.",
			want: []wf{{"WORKS_AT", "Alice", "Initech", "ref", ""}}},
		{name: "job title at", content: "Alice: I'm a nurse at St. Mary's Hospital.",
			want: []wf{{"HAS_JOB_TITLE", "Alice", "nurse", "ref", ""}, {"WORKS_AT", "Alice", "St. Mary's Hospital", "ref", ""}}},
		{name: "works as", content: "Alice: I work as a software engineer.",
			want: []wf{{"HAS_JOB_TITLE", "Alice", "software engineer", "ref", ""}}},
		{name: "just started", content: "Alice: I just started at Stripe.",
			want: []wf{{"WORKS_AT", "Alice", "Stripe", "ref", ""}}},
		{name: "started on a date", content: "Alice: I started working at Google on March 3, 2024.",
			want: []wf{{"WORKS_AT", "Alice", "Google", "2024-03-03", ""}}},
		{name: "joined in a year", content: "Alice: I joined Microsoft in 2019.",
			want: []wf{{"WORKS_AT", "Alice", "Microsoft", "2019-01-01", ""}}},
		{name: "quit last week", content: "Alice: I quit Globex last week.",
			want: []wf{{"WORKS_AT", "Alice", "Globex", "", "2024-05-08"}}},
		{name: "left weeks ago", content: "Alice: I left Initech two weeks ago.",
			want: []wf{{"WORKS_AT", "Alice", "Initech", "", "2024-05-01"}}},
		{name: "no longer works", content: "Alice: I no longer work at Acme.",
			want: []wf{{"WORKS_AT", "Alice", "Acme", "", "ref"}}},
		{name: "not anymore", content: "Alice: I don't work at Acme anymore.",
			want: []wf{{"WORKS_AT", "Alice", "Acme", "", "ref"}}},
		{name: "quit and joined", content: "Alice: I quit Acme and joined Globex.",
			want: []wf{{"WORKS_AT", "Alice", "Acme", "", "ref"}, {"WORKS_AT", "Alice", "Globex", "ref", ""}}},
		{name: "day month year", content: "Alice: I started at Shopify on 3 March 2022.",
			want: []wf{{"WORKS_AT", "Alice", "Shopify", "2022-03-03", ""}}},
		{name: "since a month", content: "Alice: I've worked at Acme since January.",
			want: []wf{{"WORKS_AT", "Alice", "Acme", "2024-01-01", ""}}},
		{name: "acronym employer", content: "Alice: I work at IBM.",
			want: []wf{{"WORKS_AT", "Alice", "IBM", "ref", ""}}},

		// Negations, plans and questions.
		{name: "negation", content: "Alice: I don't work at Acme.", want: []wf{}},
		{name: "no before a title", content: "Oddny: Oh, I'm no actor, I'm a professor.", want: []wf{{"HAS_JOB_TITLE", "Oddny", "professor", "ref", ""}}},
		{name: "no before a tie", content: "Oddny: Ross is no friend of mine.", want: []wf{}},
		{name: "no before what one has", content: "Oddny: I have no kids.", want: []wf{}},
		{name: "never", content: "Alice: I have never lived in Paris.", want: []wf{}},
		{name: "modal", content: "Alice: I might move to Berlin.", want: []wf{}},
		{name: "intention", content: "Alice: I want to move to Berlin.", want: []wf{}},
		{name: "going to", content: "Alice: I'm going to buy a house.", want: []wf{}},
		{name: "question", content: "Alice: Do you live in Paris?", want: []wf{}},
		{name: "conditional", content: "Alice: If I move to Berlin, I will tell you.", want: []wf{}},
		{name: "plan without date", content: "Alice: I'm moving to Berlin.", want: []wf{}},

		// Home.
		{name: "lives in", content: "Alice: I live in Paris.",
			want: []wf{{"LIVES_IN", "Alice", "Paris", "ref", ""}}},
		{name: "moved last June", content: "Alice: We moved to Denver last June.",
			want: []wf{{"LIVES_IN", "Alice", "Denver", "2023-06-01", ""}}},
		{name: "moved from to", content: "Alice: I moved from Boston to Seattle in June 2021.",
			want: []wf{{"LIVES_IN", "Alice", "Boston", "", "2021-06-01"}, {"LIVES_IN", "Alice", "Seattle", "2021-06-01", ""}}},
		{name: "relocated days ago", content: "Alice: I relocated to Austin 3 days ago.",
			want: []wf{{"LIVES_IN", "Alice", "Austin", "2024-05-12", ""}}},
		{name: "used to live", content: "Alice: I used to live in London.",
			want: []wf{{"LIVES_IN", "Alice", "London", "", "ref"}}},
		{name: "lived in a year", content: "Alice: I lived in Tokyo in 2015.",
			want: []wf{{"LIVES_IN", "Alice", "Tokyo", "2015-01-01", "ref"}}},
		{name: "lived since", content: "Alice: I've lived in Chicago since 2018.",
			want: []wf{{"LIVES_IN", "Alice", "Chicago", "2018-01-01", ""}}},
		{name: "lived for years", content: "Alice: I've lived in Denver for three years.",
			want: []wf{{"LIVES_IN", "Alice", "Denver", "2021-05-15", ""}}},
		{name: "left a city", content: "Alice: I left London yesterday.",
			want: []wf{{"LIVES_IN", "Alice", "London", "", "2024-05-14"}}},
		{name: "born in", content: "Alice: I was born in Ohio in 1990.",
			want: []wf{{"BORN_IN", "Alice", "Ohio", "1990-01-01", ""}}},
		{name: "date of another clause", content: "Alice: I work at Acme and I moved to Oslo in 2020.",
			want: []wf{{"LIVES_IN", "Alice", "Oslo", "2020-01-01", ""}, {"WORKS_AT", "Alice", "Acme", "ref", ""}}},
		{name: "iso date", content: "Alice: I moved to Berlin on 2023-11-02.",
			want: []wf{{"LIVES_IN", "Alice", "Berlin", "2023-11-02", ""}}},

		// Partners and family.
		{name: "married to", content: "Alice: I'm married to Noor.",
			want: []wf{{"MARRIED_TO", "Alice", "Noor", "ref", ""}}},
		{name: "got married on", content: "Alice: I got married to Noor on 2020-06-20.",
			want: []wf{{"MARRIED_TO", "Alice", "Noor", "2020-06-20", ""}}},
		{name: "divorced", content: "Alice: I divorced Tom in 2022.",
			want: []wf{{"MARRIED_TO", "Alice", "Tom", "", "2022-01-01"}}},
		{name: "engaged", content: "Alice: I got engaged to Chris last month.",
			want: []wf{{"ENGAGED_TO", "Alice", "Chris", "2024-04-01", ""}}},
		{name: "dating", content: "Alice: I'm dating Taylor.",
			want: []wf{{"IS_DATING", "Alice", "Taylor", "ref", ""}}},
		{name: "dating for years", content: "Alice: I've been dating Noor for two years.",
			want: []wf{{"IS_DATING", "Alice", "Noor", "2022-05-15", ""}}},
		{name: "broke up", content: "Alice: I broke up with Taylor last Friday.",
			want: []wf{{"IS_DATING", "Alice", "Taylor", "", "2024-05-10"}}},
		{name: "sister appositive", content: "Alice: My sister Carol lives in Paris.",
			want: []wf{{"LIVES_IN", "Carol", "Paris", "ref", ""}, {"SISTER_OF", "Carol", "Alice", "ref", ""}}},
		{name: "is my friend", content: "Alice: Bob is my best friend.",
			want: []wf{{"FRIEND_OF", "Bob", "Alice", "ref", ""}}},
		{name: "boss with honorific", content: "Alice: My boss, Dr. Lee, is great.",
			want: []wf{{"HAS_PROFESSIONAL_TITLE", "Dr. Lee", "doctor", "ref", ""}, {"LIKES", "Alice", "Dr. Lee", "ref", ""}, {"MANAGER_OF", "Dr. Lee", "Alice", "ref", ""}}},
		{name: "colleague", content: "Alice: Noor is my colleague.",
			want: []wf{{"COLLEAGUE_OF", "Noor", "Alice", "ref", ""}}},
		{name: "unnamed relative", content: "Alice: My brother works at Tesla.",
			want: []wf{{"WORKS_AT", "Alice's brother", "Tesla", "ref", ""}}},
		{name: "she after one person", content: "Alice: My sister Carol moved to Rome. She works at Acme.",
			want: []wf{{"LIVES_IN", "Carol", "Rome", "ref", ""}, {"SISTER_OF", "Carol", "Alice", "ref", ""}, {"WORKS_AT", "Carol", "Acme", "ref", ""}}},
		{name: "ex-wife", content: "Alice: My ex-wife Sarah lives in Boston.",
			want: []wf{{"LIVES_IN", "Sarah", "Boston", "ref", ""}, {"MARRIED_TO", "Sarah", "Alice", "", "ref"}}},
		{name: "possessive name", content: "Alice: Bob's sister Emma works at Google.",
			want: []wf{{"SISTER_OF", "Emma", "Bob", "ref", ""}, {"WORKS_AT", "Emma", "Google", "ref", ""}}},
		{name: "has a sister named", content: "Alice: I have a sister named Carol.",
			want: []wf{{"SISTER_OF", "Carol", "Alice", "ref", ""}}},

		// Likes.
		{name: "likes", content: "Alice: I like Italian food.",
			want: []wf{{"LIKES", "Alice", "Italian food", "ref", ""}}},
		{name: "loves", content: "Alice: I love hiking.",
			want: []wf{{"LOVES", "Alice", "hiking", "ref", ""}}},
		{name: "enjoys", content: "Alice: I enjoy playing chess.",
			want: []wf{{"ENJOYS", "Alice", "playing chess", "ref", ""}}},
		{name: "hates", content: "Alice: I hate spinach.",
			want: []wf{{"HATES", "Alice", "spinach", "ref", ""}}},
		{name: "prefers", content: "Alice: I prefer tea.",
			want: []wf{{"PREFERS", "Alice", "tea", "ref", ""}}},
		{name: "fan of", content: "Alice: I'm a huge fan of the Beatles.",
			want: []wf{{"LIKES", "Alice", "Beatles", "ref", ""}}},
		{name: "like it is vague", content: "Alice: I really like it.", want: []wf{}},
		{name: "demonstrative points into the conversation", content: "Alice: I like those tips.", want: []wf{}},
		{name: "gerund object", content: "Alice: I love seeing the sunset.", want: []wf{{"LOVES", "Alice", "seeing the sunset", "ref", ""}}},
		{name: "a relative's thing is not the relative", content: "Alice: I attended my cousin's wedding.", want: []wf{{"ATTENDED", "Alice", "Alice's cousin's wedding", "", ""}}},
		{name: "past date without year is in the past", content: "Alice: I visited Rome on June 14th.",
			want: []wf{{"VISITED", "Alice", "Rome", "2023-06-14", ""}}},

		// Pets and things.
		{name: "dog named", content: "Alice: I have a dog named Rex.",
			want: []wf{{"HAS_PET", "Alice", "Rex", "ref", ""}}},
		{name: "my cat", content: "Alice: My cat Luna is adorable.",
			want: []wf{{"HAS_PET", "Alice", "Luna", "ref", ""}}},
		{name: "adopted named", content: "Alice: We adopted a puppy named Max last weekend.", // the Saturday before Wednesday 15 May
			want: []wf{{"HAS_PET", "Alice", "Max", "2024-05-11", ""}}},
		{name: "adopted this morning", content: "Alice: I adopted a kitten this morning.",
			want: []wf{{"HAS_PET", "Alice", "kitten", "2024-05-15", ""}}},
		{name: "bought", content: "Alice: I bought a Tesla Model 3 in January.",
			want: []wf{{"OWNS", "Alice", "Tesla Model 3", "2024-01-01", ""}}},
		{name: "sold", content: "Alice: I sold my car yesterday.",
			want: []wf{{"OWNS", "Alice", "car", "", "2024-05-14"}}},
		{name: "drives", content: "Alice: I drive a Honda Civic.",
			want: []wf{{"DRIVES", "Alice", "Honda Civic", "ref", ""}}},
		{name: "owns", content: "Alice: I own a bakery.",
			want: []wf{{"OWNS", "Alice", "bakery", "ref", ""}}},

		// School and travel.
		{name: "studies at", content: "Alice: I study at Stanford University.",
			want: []wf{{"STUDIES_AT", "Alice", "Stanford University", "ref", ""}}},
		{name: "graduated", content: "Alice: I graduated from MIT in 2015.",
			want: []wf{{"GRADUATED_FROM", "Alice", "MIT", "2015-01-01", ""}, {"STUDIES_AT", "Alice", "MIT", "", "2015-01-01"}}},
		{name: "graduate student", content: "Alice: I'm a graduate student at UCLA.",
			want: []wf{{"STUDIES_AT", "Alice", "UCLA", "ref", ""}}},
		{name: "visited last summer", content: "Alice: I visited Rome last summer.",
			want: []wf{{"VISITED", "Alice", "Rome", "2023-06-01", ""}}},
		{name: "travelled years ago", content: "Alice: I travelled to Japan two years ago.",
			want: []wf{{"TRAVELED_TO", "Alice", "Japan", "2022-05-15", ""}}},
		{name: "went on a weekday", content: "Alice: We went to Lisbon on Monday.",
			want: []wf{{"TRAVELED_TO", "Alice", "Lisbon", "2024-05-13", ""}}},
		{name: "visiting next Monday", content: "Alice: I'm visiting Rome next Monday.",
			want: []wf{{"VISITED", "Alice", "Rome", "2024-05-20", ""}}},
		{name: "sentence-initial date", content: "Alice: Yesterday I visited Paris.",
			want: []wf{{"VISITED", "Alice", "Paris", "2024-05-14", ""}}},

		// Speakers.
		{name: "you is the other speaker", content: "Alice: I know you live in Boston.", previous: []string{"Bob: Hi Alice!"},
			want: []wf{{"LIVES_IN", "Bob", "Boston", "ref", ""}}},
		{name: "two speakers", content: "Alice: I live in Paris.\nBob: I live in Rome.",
			want: []wf{{"LIVES_IN", "Alice", "Paris", "ref", ""}, {"LIVES_IN", "Bob", "Rome", "ref", ""}}},
		{name: "user and assistant", content: "user: I adopted a cat named Milo.\nassistant: How lovely! I love cats.",
			want: []wf{{"HAS_PET", "User", "Milo", "ref", ""}}},
		{name: "text names merge", source: "text", content: "Alice Smith works at Acme Corp. Alice lives in Berlin.",
			want: []wf{{"LIVES_IN", "Alice Smith", "Berlin", "ref", ""}, {"WORKS_AT", "Alice Smith", "Acme Corp", "ref", ""}}},
		{name: "text without speaker is the user's", source: "text", content: "I live in Paris.", want: []wf{{"LIVES_IN", "User", "Paris", "ref", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.source
			if src == "" {
				src = "message"
			}
			req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: src, Content: tt.content, ReferenceTime: refTime}}
			for _, p := range tt.previous {
				req.Previous = append(req.Previous, abi.Episode{Source: "message", Content: p, ReferenceTime: "2024-05-15T09:00:00Z"})
			}
			var resp abi.ExtractResponse
			roundTrip(t, abi.CapExtract, req, &resp)
			want := make([]wf, len(tt.want))
			for i, w := range tt.want {
				want[i] = wf{w.Rel, w.Src, w.Dst, rfc(w.ValidAt), rfc(w.InvalidAt)}
			}
			sortFacts(want)
			if diff := cmp.Diff(want, gotFacts(resp.Facts)); diff != "" {
				t.Errorf("extract(%q) facts mismatch (-want +got):\n%s", tt.content, diff)
			}
			names := map[string]bool{}
			for _, e := range resp.Entities {
				names[e.Name] = true
			}
			for _, f := range resp.Facts {
				if !names[f.Source] || !names[f.Target] {
					t.Errorf("extract(%q): fact %s %s %s names an entity not in entities %v", tt.content, f.Source, f.Relation, f.Target, names)
				}
				if f.Relation != strings.ToUpper(f.Relation) || strings.ContainsAny(f.Relation, " -") {
					t.Errorf("extract(%q): relation %q is not ALL_CAPS", tt.content, f.Relation)
				}
			}
		})
	}
}

func TestExtractFactTexts(t *testing.T) {
	tests := []struct {
		name, content string
		want          []string
	}{
		{"third person", "Alice: I'm a nurse at St. Mary's Hospital.", []string{"Alice is a nurse", "Alice works at St. Mary's Hospital as a nurse"}},
		{"past tense", "Alice: I used to live in London.", []string{"Alice lived in London"}},
		{"pet", "Alice: I have a dog named Rex.", []string{"Alice has a dog named Rex"}},
		{"kin", "Alice: My sister Carol lives in Paris.", []string{"Carol is Alice's sister", "Carol lives in Paris"}},
		{"moved", "Alice: I moved from Boston to Seattle.", []string{"Alice moved from Boston", "Alice moved to Seattle"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp abi.ExtractResponse
			roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: tt.content, ReferenceTime: refTime}}, &resp)
			var got []string
			for _, f := range resp.Facts {
				got = append(got, f.Fact)
			}
			sort.Strings(got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("extract(%q) texts mismatch (-want +got):\n%s", tt.content, diff)
			}
		})
	}
}

func TestExtractEntities(t *testing.T) {
	type we struct{ Name, Kind string }
	tests := []struct {
		name, content string
		want          []we
	}{
		// What Dr. Lee told is read (IBM opened an office), so the office
		// is a thing of the episode too.
		{"speaker first and kinds", "Alice: Dr. Lee told me that IBM opened an office in New York City.",
			[]we{{"Alice", "Person"}, {"Dr. Lee", "Person"}, {"IBM", "Organization"}, {"New York City", "Location"}, {"doctor", "Occupation"}, {"office", "Product"}}},
		{"stop words dropped", "Alice: Yesterday was great. Thanks! On Monday I met Bob.",
			[]we{{"Alice", "Person"}, {"Bob", "Person"}}},
		{"quoted title", "Alice: I'm reading \"The Name of the Wind\" this week.",
			[]we{{"Alice", "Person"}, {"The Name of the Wind", "Work"}}},
		{"corporate suffix and connector", "Alice: Bank of America bought Acme Corp.",
			[]we{{"Alice", "Person"}, {"Bank of America", "Organization"}, {"Acme Corp", "Organization"}}},
		{"user role", "user: I love Paris.", []we{{"User", "Person"}, {"Paris", "Location"}}},
		{"assistant turns are context", "assistant: You could visit the Louvre Museum.", []we{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp abi.ExtractResponse
			roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: tt.content, ReferenceTime: refTime}}, &resp)
			got := []we{}
			for _, e := range resp.Entities {
				got = append(got, we{e.Name, e.Type})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("extract(%q) entities mismatch (-want +got):\n%s", tt.content, diff)
			}
		})
	}
}

func TestExtractBadReferenceTime(t *testing.T) {
	_, err := extract(abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: "Alice: hi", ReferenceTime: "yesterday"}})
	if err == nil {
		t.Fatalf("extract with reference time %q = nil error, want an error", "yesterday")
	}
}

func TestExtractReferenceZone(t *testing.T) {
	var resp abi.ExtractResponse
	req := abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: "Alice: I moved to Oslo yesterday.", ReferenceTime: "2024-05-15T01:00:00+02:00"}}
	roundTrip(t, abi.CapExtract, req, &resp)
	if len(resp.Facts) != 1 {
		t.Fatalf("extract(%q) = %d facts, want 1", req.Episode.Content, len(resp.Facts))
	}
	got, err := time.Parse(time.RFC3339, resp.Facts[0].ValidAt)
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2024, 5, 14, 0, 0, 0, 0, time.FixedZone("", 2*3600)); !got.Equal(want) {
		t.Errorf("valid_at = %v, want %v (midnight of the day before, in the episode's zone)", got, want)
	}
}
