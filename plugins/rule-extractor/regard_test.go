package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractRegardAndTies checks the readings of regard and ties that
// conversation says with adverbs of degree, verbs of appearance and
// capitalized pronouns.
func TestExtractRegardAndTies(t *testing.T) {
	const greet = "Speaker 1: Hello, Torunn.\nSpeaker 2: Hello, Eskil.\n"
	runConstructions(t, []construction{
		{name: "a verb of appearance before praise", source: "message",
			content: greet + "Speaker 1: You look wonderful tonight.",
			want:    []wf{{"LIKES", "Eskil", "Torunn", "2024-05-15", ""}}},
		{name: "a verb of appearance before blame", source: "message",
			content: greet + "Speaker 1: Your brother Vidar seems so rude.",
			want:    []wf{{"DISLIKES", "Eskil", "Vidar", "ref", ""}}},
		{name: "a sentence-final adjective is no term of address", source: "message",
			content: greet + "Speaker 1: You look lovely!",
			want:    []wf{{"LIKES", "Eskil", "Torunn", "ref", ""}}},
		{name: "an adverb of degree inside the noun phrase", source: "message",
			content: greet + "Speaker 1: You're a very good man.",
			want:    []wf{{"LIKES", "Eskil", "Torunn", "ref", ""}}},
		{name: "praise and the tie its noun names, after such", source: "message",
			content: greet + "Speaker 1: You are such a wonderful friend.",
			want:    []wf{{"LIKES", "Eskil", "Torunn", "ref", ""}, {"FRIEND_OF", "Torunn", "Eskil", "ref", ""}}},
		{name: "praise and the tie its noun names, with of", source: "message",
			content: "Speaker 1: Sigrun is a wonderful friend of Halvard.",
			want:    []wf{{"LIKES", "Speaker 1", "Sigrun", "ref", ""}, {"FRIEND_OF", "Sigrun", "Halvard", "ref", ""}}},
		{name: "a superlative before a plural noun", source: "message",
			content: "Speaker 1: Sigrun and I were best friends in school.",
			want:    []wf{{"FRIEND_OF", "Speaker 1", "Sigrun", "", "ref"}}},
		{name: "a superlative after a noun opens an adverbial", source: "message",
			content: "Speaker 1: I take metformin most days.",
			want:    []wf{{"TAKES_MEDICATION", "Speaker 1", "metformin", "ref", ""}}},
		{name: "a capitalized object pronoun opening the sentence", source: "message",
			content: "Speaker 1: Me and Sigrun are roommates.",
			want:    []wf{{"ROOMMATE_OF", "Sigrun", "Speaker 1", "ref", ""}}},
		{name: "an adverb of degree after a possessive", source: "message",
			content: "Speaker 1: Sigrun is my very best friend.",
			want:    []wf{{"FRIEND_OF", "Sigrun", "Speaker 1", "ref", ""}}},
		{name: "a superlative alone praises", source: "message",
			content: greet + "Speaker 1: Vidar is the best.",
			want:    []wf{{"LIKES", "Eskil", "Vidar", "ref", ""}}},
		{name: "a superlative of praise after like", source: "message",
			content: greet + "Speaker 1: Vidar is like the most popular guy in town!",
			want:    []wf{{"LIKES", "Eskil", "Vidar", "ref", ""}}},
		{name: "a superlative of a thing praises no one", source: "message",
			content: greet + "Speaker 1: Vidar is the best at chess. This is the best day.",
			absent:  []wf{{"LIKES", "*", "*", "", ""}}},
		{name: "a noun of praise, mine or not, is no job", source: "message",
			content: greet + "Speaker 1: You saved me! You are my hero! And Vidar is such a sweetheart.",
			want:    []wf{{"LIKES", "Eskil", "Torunn", "ref", ""}, {"LIKES", "Eskil", "Vidar", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a name said twice calls once", source: "message",
			content: "Speaker 1: Hello.\nSpeaker 2: Hi.\nSpeaker 3: Hey.\nSpeaker 1: Ingrid-Ingrid, you have no idea what this means! You are my hero!\nSpeaker 2: Okay.",
			want:    []wf{{"LIKES", "Speaker 1", "Ingrid", "ref", ""}}},
		{name: "a comparative before a verb stays an adverb", source: "message",
			content: "Speaker 1: I no longer work at Brennvik Joinery.",
			want:    []wf{{"WORKS_AT", "Speaker 1", "Brennvik Joinery", "", "ref"}}},
	})
}

// TestExtractPresupposedRegard checks the regard that "miss" said of what
// will or would be takes for granted, the ties "our" holds with a noun
// of a shared tie, and "gonna" read as "going to".
func TestExtractPresupposedRegard(t *testing.T) {
	const greet = "Speaker 1: Hello, Torunn.\nSpeaker 2: Hello, Eskil.\n"
	runConstructions(t, []construction{
		{name: "gonna miss", source: "message",
			content: greet + "Speaker 1: I'm gonna miss you both.",
			want:    []wf{{"LIKES", "Eskil", "Torunn", "ref", ""}}},
		{name: "miss in a condition", source: "message",
			content: "Speaker 1: I would miss Solrun if she moved away.",
			want:    []wf{{"LIKES", "Speaker 1", "Solrun", "ref", ""}}},
		{name: "a question presupposes no regard", source: "message",
			content: greet + "Speaker 1: Will you miss me?",
			absent:  []wf{{"LIKES", "Torunn", "Eskil", "", ""}}},
		{name: "a negation presupposes no regard", source: "message",
			content: greet + "Speaker 1: I won't miss you.",
			absent:  []wf{{"LIKES", "Eskil", "Torunn", "", ""}}},
		{name: "our with a noun of a shared tie", source: "message",
			content: greet + "Speaker 1: I would never risk our friendship.",
			want:    []wf{{"FRIEND_OF", "Eskil", "Torunn", "ref", ""}}},
		{name: "a possessed friendship with someone", source: "message",
			content: "Speaker 1: My friendship with Solrun matters to me.",
			want:    []wf{{"FRIEND_OF", "Speaker 1", "Solrun", "ref", ""}}},
		{name: "gonna keeps its subject, and a plan to end a tie presupposes it", source: "message",
			content: "Speaker 1: I'm gonna quit Brennvik Joinery.",
			want:    []wf{{"WORKS_AT", "Speaker 1", "Brennvik Joinery", "", ""}}},
	})
}

// TestExtractComparedPraise reads praise said in the comparative: it
// praises as the plain adjective does, and the time it compares with is
// not the clause's.
func TestExtractComparedPraise(t *testing.T) {
	runConstructions(t, []construction{
		{name: "more after look", source: "message",
			content: "Vilde: Hi.\nSindre: Wow, you look even more beautiful than yesterday.",
			want:    []wf{{"LIKES", "Sindre", "Vilde", "ref", ""}}},
		{name: "a comparative in -er", source: "message",
			content: "Vilde: Hi.\nSindre: You look prettier than ever.",
			want:    []wf{{"LIKES", "Sindre", "Vilde", "ref", ""}}},
		{name: "more after be", source: "message",
			content: "Vilde: Hi.\nSindre: You are more beautiful than ever.",
			want:    []wf{{"LIKES", "Sindre", "Vilde", "ref", ""}}},
		{name: "less says the opposite", source: "message",
			content: "Vilde: Hi.\nSindre: You look less beautiful than Oddny.",
			absent:  []wf{{"LIKES", "*", "*", "", ""}}},
		{name: "a superlative before a person", source: "message",
			content: "Vilde: Sindre is the sweetest man.",
			want:    []wf{{"LIKES", "Vilde", "Sindre", "ref", ""}}},
		{name: "one of the plural of praise", source: "message",
			content: "Vilde: Hi.\nSindre: You are one of my favourite people.",
			want:    []wf{{"LIKES", "Sindre", "Vilde", "ref", ""}}},
		{name: "one of the plural of blame", source: "message",
			content: "Vilde: Oddny is one of the rudest people I know.",
			want:    []wf{{"DISLIKES", "Vilde", "Oddny", "ref", ""}}},
		{name: "a favourite relative is the relative", source: "message",
			content: "Vilde: Oddny is my favourite cousin.",
			want:    []wf{{"COUSIN_OF", "Oddny", "Vilde", "ref", ""}}},
		{name: "good of looks", source: "message",
			content: "Vilde: Hi.\nSindre: You look good.",
			want:    []wf{{"LIKES", "Sindre", "Vilde", "ref", ""}}},
		{name: "good of a thing's looks", source: "message",
			content: "Vilde: The new bakery looks good.",
			absent:  []wf{{"LIKES", "*", "*", "", ""}}},
	})
}

// TestExtractPluralBlame checks praise and blame in a plural noun: said
// of people named together it is said of each, in the singular; said to
// a plural "you" it is said of no one person.
func TestExtractPluralBlame(t *testing.T) {
	runConstructions(t, []construction{
		{name: "names together", source: "message",
			content: "Vilde: Sindre and Oddny are idiots.",
			want:    []wf{{"DISLIKES", "Vilde", "Sindre", "ref", ""}, {"DISLIKES", "Vilde", "Oddny", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "a plural you", source: "message",
			content: "Vilde: Sindre, you are both idiots.",
			absent:  []wf{{"DISLIKES", "*", "*", "", ""}, {"HAS_JOB_TITLE", "*", "*", "", ""}}},
		{name: "one person", source: "message",
			content: "Vilde: Sindre, you are an idiot.",
			want:    []wf{{"DISLIKES", "Vilde", "Sindre", "ref", ""}}},
		{name: "an insult is no job", source: "message",
			content: "Vilde: I was a complete fool.",
			absent:  []wf{{"HAS_JOB_TITLE", "*", "*", "", ""}}},
	})
	var resp abi.ExtractResponse
	content := "Vilde: Sindre and Oddny are wonderful hosts."
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "message", Content: content, ReferenceTime: refTime}}, &resp)
	found := false
	for _, f := range resp.Facts {
		if f.Relation == "LIKES" && f.Target == "Oddny" {
			found = true
			if want := "Vilde calls Oddny a wonderful host"; f.Fact != want {
				t.Errorf("extract(%q) fact = %q, want %q", content, f.Fact, want)
			}
		}
	}
	if !found {
		t.Errorf("extract(%q) facts = %+v, want Vilde LIKES Oddny", content, resp.Facts)
	}
}

// TestExtractReportedRegard checks whose regard a clause states when a
// verb of saying or thinking reports it, and an adjective fronted by
// "how".
func TestExtractReportedRegard(t *testing.T) {
	runConstructions(t, []construction{
		{name: "reported by someone else", source: "message",
			content: "Vilde: Hi.\nSindre: Oddny says you are kind.",
			want:    []wf{{"LIKES", "Oddny", "Vilde", "ref", ""}},
			absent:  []wf{{"LIKES", "Sindre", "*", "", ""}}},
		{name: "reported in the progressive, the adjective fronted", source: "message",
			content: "Vilde: Hi.\nSindre: Oddny is always saying how kind you are.",
			want:    []wf{{"LIKES", "Oddny", "Vilde", "ref", ""}},
			absent:  []wf{{"LIKES", "Sindre", "*", "", ""}}},
		{name: "the speaker's own thought", source: "message",
			content: "Vilde: Hi.\nSindre: I just wanted to say how wonderful I think you are.",
			want:    []wf{{"LIKES", "Sindre", "Vilde", "ref", ""}}},
		{name: "a negated thought holds no praise", source: "message",
			content: "Vilde: Hi.\nSindre: I don't think you are nice.",
			absent:  []wf{{"LIKES", "*", "*", "", ""}}},
		{name: "said by no one in particular", source: "message",
			content: "Vilde: Hi.\nSindre: Everybody says you are nice.",
			absent:  []wf{{"LIKES", "*", "*", "", ""}}},
		{name: "a noun of praise reported", source: "message",
			content: "Vilde: Hi.\nSindre: Oddny says you are a great guy.",
			want:    []wf{{"LIKES", "Oddny", "Vilde", "ref", ""}},
			absent:  []wf{{"LIKES", "Sindre", "*", "", ""}}},
	})
	// A word that opens a clause is no one a pronoun means.
	checkEntityNames(t, "message", "Sindre: Whenever I saw him I was happy. It did not matter how nice he was.", []string{"Sindre"}, []string{"Whenever"})
}

// TestExtractFeelingsAndDenials checks a feeling told with a participle
// the parse reads as a passive ("upset with"), an adjective of feeling
// tagged a noun, and a liking denied, which says a dislike.
func TestExtractFeelingsAndDenials(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a participle of feeling with its preposition", source: "message",
			content: "Vilde: Oddny is still upset with Sindre.",
			want:    []wf{{"DISLIKES", "Oddny", "Sindre", "ref", ""}}},
		{name: "a participle of feeling said of oneself", source: "message",
			content: "Vilde: I'm pissed at Sindre.",
			want:    []wf{{"DISLIKES", "Vilde", "Sindre", "ref", ""}}},
		{name: "a participle of a good feeling", source: "message",
			content: "Vilde: I'm really impressed with Sindre.",
			want:    []wf{{"LIKES", "Vilde", "Sindre", "ref", ""}}},
		{name: "a liking denied", source: "message",
			content: "Vilde: Oddny doesn't like Sindre.",
			want:    []wf{{"DISLIKES", "Oddny", "Sindre", "ref", ""}},
			absent:  []wf{{"LIKES", "*", "*", "", ""}}},
		{name: "a liking denied in the past, adverbs before the verb", source: "message",
			content: "Vilde: Oddny never really liked Sindre.",
			want:    []wf{{"DISLIKES", "Oddny", "Sindre", "ref", ""}}},
		{name: "fondness denied", source: "message",
			content: "Vilde: I'm not very fond of Sindre.",
			want:    []wf{{"DISLIKES", "Vilde", "Sindre", "ref", ""}}},
		{name: "a liking ended is no dislike", source: "message",
			content: "Vilde: Oddny doesn't like Sindre anymore.",
			absent:  []wf{{"DISLIKES", "*", "*", "", ""}}},
		{name: "love denied is no dislike", source: "message",
			content: "Vilde: Oddny doesn't love Sindre.",
			absent:  []wf{{"DISLIKES", "*", "*", "", ""}}},
		{name: "a liking denied in a condition", source: "message",
			content: "Vilde: If Oddny didn't like Sindre, she would say so.",
			absent:  []wf{{"DISLIKES", "*", "*", "", ""}}},
		{name: "a liking denied by no one", source: "message",
			content: "Vilde: Nobody likes Sindre.",
			absent:  []wf{{"DISLIKES", "*", "*", "", ""}, {"LIKES", "*", "*", "", ""}}},
	})
}

// TestExtractCalledInsults reads an insult called at the one spoken to as
// the speaker's dislike of them.
func TestExtractCalledInsults(t *testing.T) {
	runConstructions(t, []construction{
		{name: "you and an insult", source: "message",
			content: "Vilde: Oops, sorry.\nSindre: You idiot! That was my best shirt.",
			want:    []wf{{"DISLIKES", "Sindre", "Vilde", "ref", ""}}},
		{name: "with blame before it and more after", source: "message",
			content: "Vilde: Oops, sorry.\nSindre: You stupid jerk, look what you did.",
			want:    []wf{{"DISLIKES", "Sindre", "Vilde", "ref", ""}}},
		{name: "a verb after you", source: "message",
			content: "Vilde: Hi.\nSindre: You fool me every time.",
			absent:  []wf{{"DISLIKES", "*", "*", "", ""}}},
		{name: "several called", source: "message",
			content: "Vilde: Hi.\nSindre: You idiots!",
			absent:  []wf{{"DISLIKES", "*", "*", "", ""}}},
	})
}
