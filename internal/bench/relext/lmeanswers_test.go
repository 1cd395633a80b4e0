package relext_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/internal/bench/relext"
)

// TestReadLMEAnswers reads a made-up LongMemEval file: a question with a
// short answer keeps its marked user turns with their session's date;
// a numeric answer, a "how" question, an abstention-style answer and an
// assistant question are left out; the halves split the ids and together
// hold every kept question.
func TestReadLMEAnswers(t *testing.T) {
	data := `[
 {"question_id":"q1","question_type":"single-session-user","question":"Where did I buy my kettle?","answer":"Quillary",
  "question_date":"2023/05/30 (Tue) 23:40","haystack_session_ids":["s1"],"haystack_dates":["2023/05/20 (Sat) 10:00"],"answer_session_ids":["s1"],
  "haystack_sessions":[[{"role":"user","content":"I bought a kettle at Quillary.","has_answer":true},{"role":"assistant","content":"Nice."},{"role":"user","content":"Thanks."}]]},
 {"question_id":"q2","question_type":"single-session-user","question":"How many pets do I have?","answer":"two",
  "question_date":"2023/05/30 (Tue) 23:40","haystack_session_ids":["s1"],"haystack_dates":["2023/05/20 (Sat) 10:00"],"answer_session_ids":["s1"],
  "haystack_sessions":[[{"role":"user","content":"I have two cats.","has_answer":true}]]},
 {"question_id":"q3","question_type":"knowledge-update","question":"What score did I get?","answer":"132 points",
  "question_date":"2023/05/30 (Tue) 23:40","haystack_session_ids":["s1"],"haystack_dates":["2023/05/20 (Sat) 10:00"],"answer_session_ids":["s1"],
  "haystack_sessions":[[{"role":"user","content":"I scored 132 points.","has_answer":true}]]},
 {"question_id":"q4","question_type":"single-session-assistant","question":"What did you suggest?","answer":"Tarnwell",
  "question_date":"2023/05/30 (Tue) 23:40","haystack_session_ids":["s1"],"haystack_dates":["2023/05/20 (Sat) 10:00"],"answer_session_ids":["s1"],
  "haystack_sessions":[[{"role":"assistant","content":"Try Tarnwell.","has_answer":true}]]},
 {"question_id":"q5","question_type":"single-session-user","question":"What is my cat called?","answer":"The information provided is not enough.",
  "question_date":"2023/05/30 (Tue) 23:40","haystack_session_ids":["s1"],"haystack_dates":["2023/05/20 (Sat) 10:00"],"answer_session_ids":["s1"],
  "haystack_sessions":[[{"role":"user","content":"I have a dog.","has_answer":true}]]}
]`
	path := filepath.Join(t.TempDir(), "oracle.json")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	all, err := relext.ReadLMEAnswers(path, "all")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 1 || all[0].ID != "q1" || all[0].Answer != "Quillary" || len(all[0].Turns) != 1 ||
		all[0].Turns[0].Content != "I bought a kettle at Quillary." || all[0].Turns[0].At.Format("2006-01-02") != "2023-05-20" {
		t.Fatalf("ReadLMEAnswers(all) = %+v, want q1 with its one marked user turn of 2023-05-20", all)
	}
	dev, err := relext.ReadLMEAnswers(path, "dev")
	if err != nil {
		t.Fatal(err)
	}
	test, err := relext.ReadLMEAnswers(path, "test")
	if err != nil {
		t.Fatal(err)
	}
	if len(dev)+len(test) != 1 || (len(dev) == 1) != (relext.LMEHalf("q1") == "dev") {
		t.Errorf("halves dev %d, test %d; q1 is in %s", len(dev), len(test), relext.LMEHalf("q1"))
	}
	if _, err := relext.ReadLMEAnswers(path, "train"); err == nil {
		t.Error("ReadLMEAnswers(train) = nil error, want one")
	}
}

// TestAnswerFacts finds an answer as an end of a fact (with or without
// its article or "my", the giver as well as the thing), or an end within
// a longer answer, and in a fact's text; a word inside another word is no
// match.
func TestAnswerFacts(t *testing.T) {
	g := relext.Graph{
		Entities: []core.Entity{{UUID: "u", Name: "User"}, {UUID: "s", Name: "User's sister"}, {UUID: "q", Name: "Quillary"}, {UUID: "k", Name: "new kettle"}},
		Facts: []core.Fact{
			{SourceUUID: "u", TargetUUID: "q", Relation: "BOUGHT_FROM", Text: "User bought a new kettle at Quillary"},
			{SourceUUID: "s", TargetUUID: "k", Relation: "GAVE", Text: "User's sister gave User a new kettle"},
		},
	}
	tests := []struct {
		answer       string
		target, text bool
	}{
		{"Quillary", true, true},
		{"the Quillary store downtown", true, false},
		{"my sister", true, true},
		{"a new kettle", true, true},
		{"kettle", true, true},
		{"Quill", false, false},
		{"Tarnwell", false, false},
	}
	for _, tc := range tests {
		target, text := relext.AnswerFacts(g, tc.answer)
		if diff := cmp.Diff([]bool{tc.target, tc.text}, []bool{target, text}); diff != "" {
			t.Errorf("AnswerFacts(%q) target, text (-want +got):\n%s", tc.answer, diff)
		}
	}
}
