package lme_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/internal/bench/lme"
)

func TestScore(t *testing.T) {
	l2, l3 := math.Log2(2), math.Log2(3)
	tests := []struct {
		name   string
		ranked []string
		gold   []string
		k      int
		want   lme.Metrics
	}{
		{"first", []string{"a", "x", "y"}, []string{"a"}, 5, lme.Metrics{RecallAny: 1, RecallAll: 1, NDCG: 1}},
		// The official discount gives positions 1 and 2 the same weight.
		{"second", []string{"x", "a", "y"}, []string{"a"}, 5, lme.Metrics{RecallAny: 1, RecallAll: 1, NDCG: (1 / l2) / 1}},
		{"third", []string{"x", "y", "a"}, []string{"a"}, 5, lme.Metrics{RecallAny: 1, RecallAll: 1, NDCG: 1 / l3}},
		{"beyond k", []string{"x", "y", "a"}, []string{"a"}, 2, lme.Metrics{}},
		{"one of two", []string{"a", "x"}, []string{"a", "b"}, 5, lme.Metrics{RecallAny: 1, NDCG: 1 / (1 + 1/l2)}},
		{"two of two", []string{"x", "b", "a"}, []string{"a", "b"}, 5, lme.Metrics{RecallAny: 1, RecallAll: 1, NDCG: (1/l2 + 1/l3) / (1 + 1/l2)}},
		{"ideal capped at k", []string{"a"}, []string{"a", "b", "c"}, 1, lme.Metrics{RecallAny: 1, NDCG: 1}},
		{"empty ranking", nil, []string{"a"}, 5, lme.Metrics{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lme.Score(tt.ranked, tt.gold, tt.k)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Errorf("Score(%v, %v, %d) (-want +got):\n%s", tt.ranked, tt.gold, tt.k, diff)
			}
		})
	}
}

func TestTally(t *testing.T) {
	tl := lme.NewTally([]int{1, 5})
	tl.Add("bm25", "multi-session", []string{"a", "b"}, []string{"b"})
	tl.Add("bm25", "knowledge-update", []string{"a", "b"}, []string{"a"})
	m, n := tl.Mean("bm25", "", 1)
	if n != 2 || m.RecallAny != 0.5 {
		t.Errorf("Mean(all, @1) = %+v over %d, want recall_any 0.5 over 2", m, n)
	}
	m, n = tl.Mean("bm25", "multi-session", 5)
	if n != 1 || m.RecallAny != 1 {
		t.Errorf("Mean(multi-session, @5) = %+v over %d, want recall_any 1 over 1", m, n)
	}
	var b strings.Builder
	tl.Write(&b)
	for _, want := range []string{"all questions (n=2)", "knowledge-update (n=1)", "| bm25 | 0.500 | 0.500 | 0.500 | 1.000 | 1.000 |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("Write lacks %q:\n%s", want, b.String())
		}
	}
}

func TestGoldAndSkip(t *testing.T) {
	yes, no := true, false
	q := lme.Question{
		ID:         "q1",
		SessionIDs: []string{"answer_1", "answer_2", "answer_3", "filler"},
		AnswerIDs:  []string{"answer_1", "answer_2", "answer_3"},
		Sessions: [][]lme.Turn{
			{{Role: "user", Content: "x", HasAnswer: &yes}},
			{{Role: "user", Content: "x", HasAnswer: &no}, {Role: "assistant", Content: "y", HasAnswer: &yes}},
			{{Role: "user", Content: "x", HasAnswer: &no}, {Role: "user", Content: "z", HasAnswer: &yes}},
			{{Role: "user", Content: "x"}},
		},
	}
	if got, want := q.Gold(), []string{"answer_1", "answer_3"}; !cmp.Equal(got, want) {
		t.Errorf("Gold() = %v, want %v", got, want)
	}
	if got := q.Skip(); got != "" {
		t.Errorf("Skip() = %q, want it counted", got)
	}
	q.ID = "q1_abs"
	if got := q.Skip(); got != "abstention" {
		t.Errorf("Skip(_abs) = %q, want abstention", got)
	}
	q.ID, q.Sessions[0][0].HasAnswer, q.Sessions[2][1].HasAnswer = "q2", &no, &no
	if got := q.Skip(); got != "no user-side evidence turn" {
		t.Errorf("Skip(assistant-only evidence) = %q", got)
	}
}

func TestBuild(t *testing.T) {
	q := lme.Question{
		Index:        3,
		ID:           "q",
		Date:         "2023/05/30 (Tue) 23:40",
		SessionIDs:   []string{"late", "early"},
		SessionDates: []string{"2023/05/02 (Tue) 10:00", "2023/05/01 (Mon) 09:30"},
		Sessions: [][]lme.Turn{
			{{Role: "user", Content: "I moved to Lyon."}, {Role: "assistant", Content: "Nice!"}},
			{{Role: "user", Content: " I live in Paris. "}, {Role: "assistant", Content: ""}},
		},
	}
	h, err := lme.Build(&q, lme.Sessions, "g", time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	type ep struct{ UUID, Content, At, Session string }
	var got []ep
	for _, e := range h.Episodes {
		got = append(got, ep{e.UUID, e.Content, e.ValidAt.Format(time.DateTime), h.Session[e.UUID]})
	}
	want := []ep{
		{"q3-s1", "user: I live in Paris.\nassistant: \n", "2023-05-01 09:30:00", "early"},
		{"q3-s0", "user: I moved to Lyon.\nassistant: Nice!\n", "2023-05-02 10:00:00", "late"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Build(sessions) (-want +got):\n%s", diff)
	}
	h, err = lme.Build(&q, lme.Turns, "g", time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, e := range h.Episodes {
		got = append(got, ep{e.UUID, e.Content, e.ValidAt.Format(time.DateTime), h.Session[e.UUID]})
		if e.Source != core.SourceMessage || e.GroupID != "g" {
			t.Errorf("turn episode %s: source %s, group %s", e.UUID, e.Source, e.GroupID)
		}
	}
	want = []ep{
		{"q3-s1-t0", "user:  I live in Paris. ", "2023-05-01 09:30:00", "early"},
		{"q3-s1-t1", "assistant: ", "2023-05-01 09:30:01", "early"},
		{"q3-s0-t0", "user: I moved to Lyon.", "2023-05-02 10:00:00", "late"},
		{"q3-s0-t1", "assistant: Nice!", "2023-05-02 10:00:01", "late"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Build(turns) (-want +got):\n%s", diff)
	}
}

func TestRanking(t *testing.T) {
	h := lme.Haystack{Session: map[string]string{"e1": "s1", "e2": "s2", "e3": "s3", "e1b": "s1"}}
	res := retrieval.Results{
		Facts: []retrieval.FactResult{
			{Fact: core.Fact{Episodes: []string{"e3"}}},
			{Fact: core.Fact{Episodes: []string{"e1", "e2"}}},
		},
		Episodes: []retrieval.EpisodeResult{{Episode: core.Episode{UUID: "e1b"}}, {Episode: core.Episode{UUID: "e2"}}},
	}
	// facts: s3, s1, s2; episodes: s1, s2. RRF k=1: s1 1/3+1/2, s2 1/4+1/3,
	// s3 1/2.
	if got, want := lme.Ranking(res, h, 1), []string{"s1", "s2", "s3"}; !cmp.Equal(got, want) {
		t.Errorf("Ranking = %v, want %v", got, want)
	}
	res.Facts = nil
	if got, want := lme.Ranking(res, h, 1), []string{"s1", "s2"}; !cmp.Equal(got, want) {
		t.Errorf("Ranking(episodes only) = %v, want %v", got, want)
	}
}
