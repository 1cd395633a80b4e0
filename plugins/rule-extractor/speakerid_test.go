package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestIdentifySpeakers checks which names the voices of a transcript
// take, and the aliases they keep, with conversations written for it.
func TestIdentifySpeakers(t *testing.T) {
	for _, tc := range []struct {
		name, content string
		// want maps an entity's name to its aliases.
		want map[string][]string
	}{
		{"introduced", "Speaker 1: Hello, I'm Magnus Berg.\nSpeaker 2: Nice to meet you.",
			map[string][]string{"Magnus Berg": {"Speaker 1"}}},
		{"a name called after sure", "Speaker 1: Can I use your phone?\nSpeaker 2: Sure Vesna, it's on the desk.\nSpeaker 1: Thanks.",
			map[string][]string{"Vesna": {"Speaker 1"}}},
		{"a name called after all right", "Speaker 1: All right Oddny, you remember the rules!\nSpeaker 2: Just flip!",
			map[string][]string{"Oddny": {"Speaker 2"}}},
		{"an answer to a question of one's name", "Speaker 1: Right, and what's your name?\nSpeaker 2: Oddny Rasmussen.\nSpeaker 1: Thank you.",
			map[string][]string{"Oddny Rasmussen": {"Speaker 2"}}},
		{"this is someone presented, not the one who speaks", "Speaker 1: You must meet my cousins. This is Oddny.\nSpeaker 2: Hello there.",
			map[string][]string{"Oddny": {"Speaker 2"}}},
		{"a short form is the name", "Speaker 1: Hey Mag, are you coming?\nSpeaker 2: Yes, wait.\nSpeaker 3: Magnus, your coat!\nSpeaker 2: Thanks.",
			map[string][]string{"Magnus": {"Mag", "Speaker 2"}}},
		{"a pet form with other vowels is the name", "Speaker 1: Theodora, the car is here.\nSpeaker 2: Thanks.\nSpeaker 1: Theddie, you forgot your keys.\nSpeaker 2: Oh no.",
			map[string][]string{"Theodora": {"Speaker 2", "Theddie"}}},
		{"one pet form spelt two ways is one name", "Speaker 1: Theebs, the car is here.\nSpeaker 2: Thanks.\nSpeaker 1: Well, you know Thoebs. You never listen.\nSpeaker 2: Oh no.",
			map[string][]string{"Theebs": {"Speaker 2", "Thoebs"}}},
		{"a name drawn out is the name", "Speaker 1: Hi Tove.\nSpeaker 2: Hello.\nSpeaker 1: Tooovvveee, come on!\nSpeaker 2: Fine.",
			map[string][]string{"Tove": {"Speaker 2", "Tooovvveee"}}},
		{"a short form the dictionary knows as a word", "Speaker 1: Okay, Gabriella. Gab, what you saw was nothing.\nSpeaker 2: Sure.",
			map[string][]string{"Gabriella": {"Gab", "Speaker 2"}}},
		{"a word that begins no name of the talk is none", "Speaker 1: Okay, Benedikta. Bark, what you saw was nothing.\nSpeaker 2: Sure.",
			map[string][]string{"Benedikta": {"Speaker 2"}}},
		{"a name called before a subject pronoun", "Speaker 1: Mr. Halvorsen I need to talk to you about your exam.\nSpeaker 2: Why?\nSpeaker 1: What happened there, Tormod?\nSpeaker 2: I was ill.",
			map[string][]string{"Tormod": {"Mr. Halvorsen", "Speaker 2"}}},
		{"two first names called to one voice are not one person", "Speaker 1: Hey, Ingrid, sit down.\nSpeaker 2: Thanks.\nSpeaker 3: Hi, Sigrid!\nSpeaker 2: Hi.",
			map[string][]string{"Sigrid": {"Speaker 2"}}},
		{"a name that ends a question's object calls no one", "Speaker 1: Hello.\nSpeaker 2: Do you have any, um, Honey Oat Clusters?\nSpeaker 1: No.",
			map[string][]string{}},
		{"a name after a box of is a product's", "Speaker 1: Hi.\nSpeaker 2: Let's open a box of Crunchy Oat Clusters.\nSpeaker 1: No.\nSpeaker 2: A bowl of Crunchy Oat Clusters, then.\nSpeaker 1: No.",
			map[string][]string{}},
		{"a word of a closed class opening a sentence is no name", "Speaker 1: Hello.\nSpeaker 2: Not you. Ever have to fire anyone?\nSpeaker 1: Never mind.\nSpeaker 2: Already?!\nSpeaker 1: Fine.",
			map[string][]string{}},
		{"a word said back with a capital calls no one", "Speaker 1: You saved me! You are my hero!\nSpeaker 2: Hero, I do not know.\nSpeaker 1: You are.",
			map[string][]string{}},
		{"y'know is no name", "Speaker 1: Y'know I hate this.\nSpeaker 2: Me too.",
			map[string][]string{}},
		{"a second name called out", "Speaker 1: I'm Magnus.\nSpeaker 2: Hey Berg, come here!\nSpeaker 1: Coming.",
			map[string][]string{"Magnus": {"Berg", "Speaker 1"}}},
		{"an interjection before the name", "Speaker 1: Uhh Ingrid, the door.\nSpeaker 2: I know.",
			map[string][]string{"Ingrid": {"Speaker 2"}}},
		{"a place or an organisation names no voice", "SPEAKER_00: I work at Vantor.\nSPEAKER_01: Nice, I grew up near Holmsund.",
			map[string][]string{}},
		{"a relative of the speaker is spoken of, not to", "SPEAKER_00: I live in Montauk and I love my sister Oddny.\nSPEAKER_01: Cool, I just started at Vantor.",
			map[string][]string{}},
		{"a possessive is no introduction", "Speaker 1: I'm Magnus's cousin.\nSpeaker 2: Nice.",
			map[string][]string{"Magnus": {"Speaker 2"}}},
		{"a caller says who calls", "Speaker 1: Hi Tove, it's Greta Lund, call me back.\nSpeaker 2: Hello?",
			map[string][]string{"Greta Lund": {"Speaker 1"}, "Tove": {"Speaker 2"}}},
		{"asked who one is, the next answers", "Speaker 1: Hello.\nSpeaker 2: Excuse me, you're Greta Lund, aren't you?\nSpeaker 3: I am.",
			map[string][]string{"Greta Lund": {"Speaker 3"}}},
		{"a drawn-out interjection or a verb is no name", "Speaker 1: Ohhhh, come here.\nSpeaker 2: Feels, like, wrong.\nSpeaker 3: Yes.",
			map[string][]string{}},
		{"a greeting calls the name after it", "Speaker 1: Uh, hey, Ingrid let me ask you something.\nSpeaker 2: Sure.",
			map[string][]string{"Ingrid": {"Speaker 2"}}},
		{"a name called outweighs names mentioned", "Speaker 1: Hey, Ingrid, listen.\nSpeaker 2: What?\nSpeaker 1: Only you and Tove know.\nSpeaker 2: Know what?\nSpeaker 1: Tove said so.",
			map[string][]string{"Ingrid": {"Speaker 2"}}},
		{"an adverb is no name", "Speaker 1: Totally.\nSpeaker 2: Right.", map[string][]string{}},
		{"a name said beside you is someone else", "Speaker 1: Hi.\nSpeaker 2: So you dated Albin Storm?\nSpeaker 1: Yes.\nSpeaker 2: And you met Albin's sister?",
			map[string][]string{"Albin Storm": {"Albin"}}},
		{"told who one is with a tag, the next answers", "Speaker 1: Hello.\nSpeaker 2: You're Greta Lund, right?\nSpeaker 3: I am.",
			map[string][]string{"Greta Lund": {"Speaker 3"}}},
		{"a sound said alone is no name", "Speaker 1: Noooo!\nSpeaker 2: Wha?\nSpeaker 3: Phew.\nSpeaker 1: Bzzzz.", map[string][]string{}},
		{"an interjection before a name called", "Speaker 1: Hello.\nSpeaker 2: Aw, Ingrid, the door.\nSpeaker 3: I know.",
			map[string][]string{"Ingrid": {"Speaker 3"}}},
		{"a verb before a name is no name", "Speaker 1: Go Otters!\nSpeaker 2: Yes!", map[string][]string{}},
		{"a name that would tie a voice to itself is taken back", "Speaker 1: Torvald!\nSpeaker 2: Yes?\nSpeaker 1: Your brother Torvald called.",
			map[string][]string{}},
		{"a voice tied to its first name takes its next", "Speaker 1: Torvald! Ulrik!\nSpeaker 2: Yes?\nSpeaker 1: Your brother Torvald called.",
			map[string][]string{"Ulrik": {"Speaker 2"}}},
		{"a call goes to the first voice that does not speak of the name", "Speaker 1: Ingrid, look! I told Agnes.\nSpeaker 2: Ingrid is busy. I saw Agnes.\nSpeaker 3: What?",
			map[string][]string{"Ingrid": {"Speaker 3"}}},
		{"a name that is the subject of a third-person verb is spoken of", "Speaker 1: Hello.\nSpeaker 2: Ulrik is late again.\nSpeaker 3: Typical.",
			map[string][]string{}},
		{"a name asked alone after another sentence calls", "Speaker 1: Morning.\nSpeaker 2: Sorry I'm late! Sigrun?\nSpeaker 3: Here. Sit down.",
			map[string][]string{"Sigrun": {"Speaker 3"}}},
		{"a word the dictionary knows is a name after an opener and its comma", "Speaker 1: Iris? Oh, Iris, there you are.\nSpeaker 2: Hi.",
			map[string][]string{"Iris": {"Speaker 2"}}},
		{"a bare question of the name", "Speaker 1: Next, please. Name?\nSpeaker 2: Halvor Brekke.\nSpeaker 1: Have a seat.",
			map[string][]string{"Halvor Brekke": {"Speaker 2"}}},
		{"one who named oneself is not the one told another name", "Speaker 1: We haven't met, I'm Sigrun Dahl.\nSpeaker 2: Oh, you are! And you're Halvor Brekke!\nSpeaker 3: Yes!",
			map[string][]string{"Sigrun Dahl": {"Speaker 1"}, "Halvor Brekke": {"Speaker 3"}}},
		{"the surname of someone spoken of is no second name", "Speaker 1: Sigrun! Sorry I'm late.\nSpeaker 2: I ran into Halvor Brekke.\nSpeaker 1: Halvor Brekke?! Wow.\nSpeaker 2: Yes.\nSpeaker 1: Sorry, Brekke. Go on.\nSpeaker 2: Fine.",
			map[string][]string{"Sigrun": {"Speaker 2"}, "Halvor Brekke": {"Brekke"}}},
		{"a given name that is also a bird's is the name", "Speaker 1: Look at this mess.\nSpeaker 2: Robin, stop.\nSpeaker 1: Why?",
			map[string][]string{"Robin": {"Speaker 1"}}},
		{"a given name that is also a plant's is the name", "Speaker 1: Juniper! Dinner!\nSpeaker 2: Coming.",
			map[string][]string{"Juniper": {"Speaker 2"}}},
		{"a place that is also a given name is not called", "Speaker 1: Austin! Finally.\nSpeaker 2: Yes?",
			map[string][]string{}},
		{"no said twice is no name", "Speaker 1: So you were in that club?\nSpeaker 2: No. No.\nSpeaker 1: Okay.",
			map[string][]string{}},
		{"a name and a comma opening a later sentence calls", "Speaker 1: What do you mean? Ingrid, don't you see it?\nSpeaker 2: Not really.",
			map[string][]string{"Ingrid": {"Speaker 2"}}},
		{"one presented as the speaker's friend is there", "Speaker 1: Hey Jessica.\nSpeaker 2: Hey you.\nSpeaker 1: Ah, this is my friend Ingrid.\nSpeaker 3: Hi.",
			map[string][]string{"Jessica": {"Speaker 2"}, "Ingrid": {"Speaker 3"}}},
		{"a name right before you calls", "Speaker 1: Here are the keys.\nSpeaker 2: Okay, Mr. Lund you'll be in room nine.\nSpeaker 3: Thanks.",
			map[string][]string{"Mr. Lund": {"Speaker 3"}}},
		{"a compound the dictionary knows is no name", "Speaker 1: Stone Age, right?\nSpeaker 2: Yes.\nSpeaker 1: Cold War, huh.\nSpeaker 3: Sure.",
			map[string][]string{}},
		{"a call read out of a card calls no one", "Speaker 1: Look what Vibeke wrote on my card, \"Dear Gunnar, you're a star.\" A star!\nSpeaker 2: Gunnar, you're reading too much into it.\nSpeaker 1: Am I?\nSpeaker 3: Tea, anyone?",
			map[string][]string{"Gunnar": {"Speaker 1"}}},
		{"a plural, a nationality, a drawn-out no and a show's kind are no names", "Speaker 1: Hundreds of times!\nSpeaker 2: I'm Danish.\nSpeaker 1: Nooo, that's not it.\nSpeaker 2: Okay.\nSpeaker 3: Trygve is directing a new Vaudeville show.\nSpeaker 1: Right.",
			map[string][]string{}},
		{"one presented to someone called first", "Speaker 1: This is my father, Harald Vik. Dad, this is Bjørn Lie.\nSpeaker 2: Great to meet you, sir.\nSpeaker 3: Likewise.",
			map[string][]string{"Bjørn Lie": {"Speaker 2"}}},
		{"a name answering who someone is names neither voice", "Speaker 1: Who is the father?\nSpeaker 2: Ottar Vestli, but he's lovely.",
			map[string][]string{}},
		{"a name said back after who alone calls", "Speaker 1: You're Ottar Vestli.\nSpeaker 2: Who?\nSpeaker 1: Ottar Vestli! My best friend in fifth grade.",
			map[string][]string{"Ottar Vestli": {"Speaker 2"}}},
		{"a name after a verb or after she's is spoken of", "Speaker 1: Hi.\nSpeaker 2: Really? Remember Ingvild?\nSpeaker 1: Yes.\nSpeaker 2: Maybe she's Tordis Moe.\nSpeaker 1: Maybe.",
			map[string][]string{}},
		{"boy before the name is a sound", "Speaker 1: That's your move? Boy Ingvild, you're lucky.\nSpeaker 2: I know.",
			map[string][]string{"Ingvild": {"Speaker 2"}}},
		{"a day's short form called before a clause is a pet form", "Speaker 1: Fri, can I talk to you for a sec?\nSpeaker 2: Yeah, what is it?",
			map[string][]string{"Fri": {"Speaker 2"}}},
		{"days in a list call no one", "Speaker 1: Fri, Sat and Sun suit me.\nSpeaker 2: Fine.",
			map[string][]string{}},
		{"a name after y'know what calls", "Speaker 1: I'm late.\nSpeaker 2: Y'know what Ingvild, maybe you should stay.",
			map[string][]string{"Ingvild": {"Speaker 1"}}},
		{"a name ending a question whose verb takes no person calls", "Speaker 1: This shirt.\nSpeaker 2: What do you think Ingvild?\nSpeaker 3: Nice.",
			map[string][]string{"Ingvild": {"Speaker 3"}}},
		{"a name after you and before a comma calls", "Speaker 1: Hm?\nSpeaker 2: Well, I'll tell you Ingvild Tordsen, I had plans.\nSpeaker 1: Oh.",
			map[string][]string{"Ingvild Tordsen": {"Speaker 1"}}},
		{"a name set right", "Speaker 1: Hey Tordis!\nSpeaker 2: Hey Eskilder.\nSpeaker 1: It's Eskil actually.\nSpeaker 2: No.",
			map[string][]string{"Tordis": {"Speaker 2"}, "Eskilder": {"Eskil", "Speaker 1"}}},
		{"one's name said again in the turn that gave it", "Speaker 1: Okay. Are you sure?\nSpeaker 2: Trond! Hi, it's Gudrun. Gudrun Brattli. You left me a message.",
			map[string][]string{"Gudrun Brattli": {"Gudrun", "Speaker 2"}, "Trond": {"Speaker 1"}}},
		{"one's name asked back after giving it", "Speaker 1: Hi.\nSpeaker 2: Hi?\nSpeaker 1: Oh, I'm Gudrun. Gudrun Brattli? The new neighbour?\nSpeaker 2: Oh.",
			map[string][]string{"Gudrun Brattli": {"Gudrun", "Speaker 1"}}},
		{"a greeting answering a greeting by name", "Speaker 1: Hey, Trond!\nSpeaker 2: Hey, Gudrun!\nSpeaker 3: Hi.",
			map[string][]string{"Trond": {"Speaker 2"}, "Gudrun": {"Speaker 1"}}},
		{"it's and a name after one's name is asked", "Speaker 1: You there! What's your name?\nSpeaker 2: Oh it's Brattli, sir.\nSpeaker 1: Fine.",
			map[string][]string{"Brattli": {"Speaker 2"}}},
		{"a name after but and a comma calls", "Speaker 1: Congratulations!\nSpeaker 2: But, Gudrun, you can still come.",
			map[string][]string{"Gudrun": {"Speaker 1"}}},
		{"a name and then the full name opening a turn is one's own", "Speaker 1: Hey! Long time!\nSpeaker 2: Eskil, Eskil Brattli. From school.\nSpeaker 1: Oh.",
			map[string][]string{"Eskil Brattli": {"Eskil", "Speaker 2"}}},
		{"a name after you ending the sentence calls", "Speaker 1: Goodbye then.\nSpeaker 2: I must see you Vigdis!\nSpeaker 1: Why?",
			map[string][]string{"Vigdis": {"Speaker 1"}}},
		{"a name after calls you is what one is called", "Speaker 1: Bad day?\nSpeaker 2: Yes. My boss calls you Vigdis.\nSpeaker 1: Why?",
			map[string][]string{}},
		{"a verb of attention before the name", "Speaker 1: See Eskild, we want you to tell stories.\nSpeaker 2: Fine.",
			map[string][]string{"Eskild": {"Speaker 2"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var resp abi.ExtractResponse
			roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: tc.content, ReferenceTime: refTime}}, &resp)
			got := map[string][]string{}
			for _, e := range resp.Entities {
				as, _ := e.Attributes["aliases"].([]any)
				for _, a := range as {
					got[e.Name] = append(got[e.Name], a.(string))
				}
			}
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("aliases (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExtractUnnamedVoices holds the facts of voices no one names: they
// keep their labels, and no name said near them is theirs.
func TestExtractUnnamedVoices(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a diarized transcript", source: "message",
			content: "SPEAKER_00: I live in Montauk and I love my sister Oddny.\nSPEAKER_01: Cool, I just started at Vantor.",
			want:    []wf{{"LIVES_IN", "SPEAKER_00", "Montauk", "ref", ""}, {"SISTER_OF", "Oddny", "SPEAKER_00", "ref", ""}, {"WORKS_AT", "SPEAKER_01", "Vantor", "ref", ""}},
			absent:  []wf{{"*", "Vantor", "*", "", ""}, {"WORKS_AT", "Oddny", "*", "", ""}}},
	})
}

// TestExtractPersonsPerson holds a person named with another's
// possessive: two people, not one name as a shop's "Joe's Pizza" is.
func TestExtractPersonsPerson(t *testing.T) {
	runConstructions(t, []construction{
		{name: "said back with the possessive", source: "message",
			content: "Ingrid: I invited Tobias over.\nLaila: Greta's Tobias? Since when are you friends?",
			want:    []wf{{"INVITES", "Ingrid", "Tobias", "", ""}},
			absent:  []wf{{"*", "*", "Greta's Tobias", "", ""}, {"*", "Greta's Tobias", "*", "", ""}}},
		{name: "a shop's name keeps its possessive", source: "message",
			content: "Ingrid: We ate at Joe's Pizza last night.",
			want:    []wf{{"EATS_AT", "Ingrid", "Joe's Pizza", "2024-05-14", ""}}},
	})
}

// TestExtractPauses holds sentences with an ellipsis that marks a pause,
// not an end.
func TestExtractPauses(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a pause after a possessive", source: "message",
			content: "Sigrun: Trygve is my... boyfriend.",
			want:    []wf{{"IS_DATING", "Trygve", "Sigrun", "ref", ""}}},
		{name: "a pause after a whole clause ends it", source: "message",
			content: "Sigrun: I met Trygve at work... boyfriend material, no.",
			absent:  []wf{{"IS_DATING", "*", "*", "", ""}}},
	})
}

// TestExtractImpressionsOfNamed holds what a speaker says of someone
// named, and the words around it that are no relation.
func TestExtractImpressionsOfNamed(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a given name and a surname in -s is a person", source: "message",
			content: "Ingunn: Really? Lee Fowlers is hot!",
			want:    []wf{{"LIKES", "Ingunn", "Lee Fowlers", "ref", ""}}},
		{name: "a hedge before the verb", source: "message",
			content: "Ingunn: I kinda like Ottar.",
			want:    []wf{{"LIKES", "Ingunn", "Ottar", "ref", ""}}},
		{name: "a term of address after a particle is no object", source: "message",
			content: "Ingunn: Hey! You hold on pal!\nOttar: Sorry.",
			absent:  []wf{{"*", "*", "pal", "", ""}}},
		{name: "a word in capitals for stress is the word", source: "message",
			content: "Ingunn: I did NOT hire Ottar.",
			absent:  []wf{{"*", "*", "NOT", "", ""}, {"*", "NOT", "*", "", ""}}},
		{name: "a day that suits someone does no work", source: "message",
			content: "Ingunn: Tuesday works for me. Thu works for Ottar.",
			absent:  []wf{{"WORKS_AT", "*", "*", "", ""}}},
		{name: "a pronoun before an ellipsis is no initial", source: "message",
			content: "Ingunn: I realized I... was in love with Ottar.",
			absent:  []wf{{"*", "*", "I.", "", ""}}},
	})
}

// TestToFullNamesOneStep moves evidence for a short form one step, to
// the name it shortens, whatever the maps' order: "ab" of "abc", "abc"
// of "abcd" leave "ab"'s weight with "abc".
func TestToFullNamesOneStep(t *testing.T) {
	for range 50 {
		score := map[string]map[string]int{"Speaker 1": {"ab": 1, "abc": 2, "x": 4}}
		not := map[string]map[string]bool{"Speaker 2": {"ab": true}}
		toFullNames(score, not, map[string]string{"ab": "abc", "abc": "abcd"})
		if diff := cmp.Diff(map[string]int{"abc": 1, "abcd": 2, "x": 4}, score["Speaker 1"]); diff != "" {
			t.Fatalf("score (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(map[string]bool{"ab": true, "abc": true}, not["Speaker 2"]); diff != "" {
			t.Fatalf("denials (-want +got):\n%s", diff)
		}
	}
}
