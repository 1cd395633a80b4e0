package main

import "testing"

// TestExtractFormerTies holds ties a noun phrase says are over ("my
// former boss", "the previous owner of", "an ex-colleague"): each is
// kept with its end, and none is stated as current, whichever
// construction names it.
func TestExtractFormerTies(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a former boss in a copula", source: "message",
			content: "Aud: Sunniva is my former boss.",
			want:    []wf{{"MANAGER_OF", "Sunniva", "Aud", "", "ref"}},
			absent:  []wf{{"MANAGER_OF", "Sunniva", "Aud", "ref", ""}}},
		{name: "a former chief executive in a copula",
			content: "Hallvard Rye is the former CEO of Brennick Foods.",
			want:    []wf{{"HAS_CEO", "Brennick Foods", "Hallvard Rye", "", "ref"}},
			absent:  []wf{{"HAS_CEO", "Brennick Foods", "Hallvard Rye", "ref", ""}}},
		{name: "a previous chief executive after a possessive",
			content: "Hallvard Rye is Brennick Foods's previous CEO.",
			want:    []wf{{"HAS_CEO", "Brennick Foods", "Hallvard Rye", "", "ref"}}},
		{name: "an old roommate before a name", source: "message",
			content: "Aud: I ran into my old roommate Kasimir.",
			want:    []wf{{"ROOMMATE_OF", "Kasimir", "Aud", "", "ref"}},
			absent:  []wf{{"ROOMMATE_OF", "Kasimir", "Aud", "ref", ""}}},
		{name: "an old friend is still a friend", source: "message",
			content: "Aud: My old friend Kasimir visited.",
			want:    []wf{{"FRIEND_OF", "Kasimir", "Aud", "ref", ""}}},
		{name: "an ex-colleague set off by commas", source: "message",
			content: "Aud: Kasimir, my ex-colleague, moved to Tromsø.",
			want:    []wf{{"COLLEAGUE_OF", "Kasimir", "Aud", "", "ref"}},
			absent:  []wf{{"COLLEAGUE_OF", "Kasimir", "Aud", "ref", ""}}},
		{name: "a former chief executive set off by commas",
			content: "Hallvard Rye, the former CEO of Brennick Foods, joined Tindra Software.",
			want: []wf{{"HAS_CEO", "Brennick Foods", "Hallvard Rye", "", "ref"},
				{"WORKS_AT", "Hallvard Rye", "Tindra Software", "ref", ""}},
			absent: []wf{{"HAS_CEO", "Brennick Foods", "Hallvard Rye", "ref", ""}}},
		{name: "a former engineer of a company, set off by commas",
			content: "Hallvard Rye, a former Brennick Foods engineer, joined Tindra Software.",
			want:    []wf{{"WORKS_AT", "Hallvard Rye", "Brennick Foods", "", "ref"}},
			absent:  []wf{{"WORKS_AT", "Hallvard Rye", "Brennick Foods", "ref", ""}}},
		{name: "a former title before the name opens the sentence",
			content: "Former CEO Hallvard Rye joined Tindra Software.",
			want:    []wf{{"WORKS_AT", "Hallvard Rye", "Tindra Software", "ref", ""}},
			absent:  []wf{{"*", "Former", "*", "", ""}}},
		{name: "a former title after a company's possessive",
			content: "Brennick Foods's former CEO Hallvard Rye joined Tindra Software.",
			want:    []wf{{"HAS_CEO", "Brennick Foods", "Hallvard Rye", "", "ref"}}},
		{name: "an ex- title after a company's possessive",
			content: "Hallvard Rye is Brennick's ex-CEO.",
			want:    []wf{{"HAS_CEO", "Brennick", "Hallvard Rye", "", "ref"}},
			absent:  []wf{{"HAS_JOB_TITLE", "Hallvard Rye", "*", "", ""}}},
		{name: "a former employee of a company works there no more",
			content: "Hallvard Rye is a former employee of Brennick Foods.",
			want:    []wf{{"WORKS_AT", "Hallvard Rye", "Brennick Foods", "", "ref"}},
			absent:  []wf{{"REPORTS_TO", "Hallvard Rye", "*", "", ""}}},
	})
}

// TestExtractPostNamed holds a copula whose subject is the post and
// whose complement the name: it says what the other order says.
func TestExtractPostNamed(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the chief executive of a company is a name",
			content: "The CEO of Brennick Foods is Hallvard Rye.",
			want:    []wf{{"HAS_CEO", "Brennick Foods", "Hallvard Rye", "ref", ""}}},
		{name: "the owner of a company is a name",
			content: "The owner of Brennick Foods is Hallvard Rye.",
			want:    []wf{{"OWNS", "Hallvard Rye", "Brennick Foods", "ref", ""}}},
		{name: "the previous owner is over",
			content: "The previous owner of Brennick Foods is Hallvard Rye.",
			want:    []wf{{"OWNS", "Hallvard Rye", "Brennick Foods", "", "ref"}},
			absent:  []wf{{"OWNS", "Hallvard Rye", "Brennick Foods", "ref", ""}}},
		{name: "a former boss named by the copula", source: "message",
			content: "Aud: My former boss is Sunniva.",
			want:    []wf{{"MANAGER_OF", "Sunniva", "Aud", "", "ref"}}},
		{name: "the mother of a person is kin, not a post",
			content: "The mother of Sunniva Rye is Hallvard Rye.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}, {"WORKS_AT", "*", "*", "", ""}}},
	})
}

// TestExtractWhoAfterAnAside holds a relative "who" after an aside that
// ends in a thing: it is the person's ("Sten Frostad, our head of QA, who
// leaves us …"); and a head of something is no pet.
func TestExtractWhoAfterAnAside(t *testing.T) {
	runConstructions(t, []construction{
		{name: "who past an aside",
			content: "Brennick Foods staff bulletin. Farewell to Hallvard Rye, our head of QA, who leaves us today to join Tindra Software.",
			want:    []wf{{"WORKS_AT", "Hallvard Rye", "Tindra Software", "2024-05-15", ""}},
			absent:  []wf{{"WORKS_AT", "QA", "*", "", ""}, {"HAS_PET", "*", "*", "", ""}}},
	})
}
