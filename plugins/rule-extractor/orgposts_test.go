package main

import "testing"

// TestExtractOrgNamedBeforePost holds a post whose organisation is named
// right before it, as a modifier ("the Northlea CFO"), a possessor
// ("Northlea's CFO") or in a news-style label before the holder's name
// ("Northlea CFO Dana Cole").
func TestExtractOrgNamedBeforePost(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a title after an organisation's name, by a copula",
			content: "Imogen Achterberg is the Northlea CFO.",
			want:    []wf{{"HAS_CFO", "Northlea", "Imogen Achterberg", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Imogen Achterberg", "*", "", ""}}},
		{name: "a title after an organisation's possessive",
			content: "Imogen Achterberg is Northlea's CFO.",
			want:    []wf{{"HAS_CFO", "Northlea", "Imogen Achterberg", "ref", ""}}},
		{name: "an office of one holder after an acronym",
			content: "Philippa Oduro is the PTA chair.",
			want:    []wf{{"HAS_CHAIR", "PTA", "Philippa Oduro", "ref", ""}}},
		{name: "a team's coach by a copula",
			content: "Maddox Kerr is the Gullhaven Otters coach.",
			want:    []wf{{"COACHES", "Maddox Kerr", "Gullhaven Otters", "ref", ""}}},
		{name: "a title after its, in a relative clause on the clause's subject",
			content: "The Varde Institute stays in Bergen under Dr. Imogen Achterberg, who becomes its director.",
			want:    []wf{{"WORKS_AT", "Dr. Imogen Achterberg", "Varde Institute", "ref", ""}}},
		{name: "a title after its, for the organisation of the sentence before",
			content: "Northlea Foods announced a new board. Imogen Achterberg becomes its CFO.",
			want:    []wf{{"HAS_CFO", "Northlea Foods", "Imogen Achterberg", "ref", ""}}},
		{name: "an organisation has a post, named after it",
			content: "Northlea Foods has a new chief executive, Imogen Achterberg.",
			want:    []wf{{"HAS_CEO", "Northlea Foods", "Imogen Achterberg", "ref", ""}}},
		{name: "an organisation has a place, named after it, which no one holds",
			content: "Northlea Foods has a new office, Varde House.",
			absent:  []wf{{"*", "*", "Varde House", "", ""}}},
		{name: "a title in an appositive after a name",
			content: "Imogen Achterberg, the Northlea CFO, opened the meeting.",
			want:    []wf{{"HAS_CFO", "Northlea", "Imogen Achterberg", "ref", ""}}},
		{name: "a team's coach in an appositive",
			content: "Maddox Kerr, the Gullhaven Otters coach, said the squad was ready.",
			want:    []wf{{"COACHES", "Maddox Kerr", "Gullhaven Otters", "ref", ""}}},
		{name: "a news label: organisation, post, name",
			content: "Gullhaven Otters coach Maddox Kerr said the squad was ready.",
			want:    []wf{{"COACHES", "Maddox Kerr", "Gullhaven Otters", "ref", ""}}},
		{name: "a news label with a job noun",
			content: "Northlea engineer Tomasz Wilk found the fault.",
			want:    []wf{{"WORKS_AT", "Tomasz Wilk", "Northlea", "ref", ""}}},
		{name: "a news label with a title",
			content: "PTA chair Philippa Oduro thanked the volunteers.",
			want:    []wf{{"HAS_CHAIR", "PTA", "Philippa Oduro", "ref", ""}}},
		{name: "a labelled officer who resigns leaves the office there",
			content: "Northlea CFO Imogen Achterberg resigned.",
			want:    []wf{{"HAS_CFO", "Northlea", "Imogen Achterberg", "", "ref"}},
			absent:  []wf{{"HAS_JOB_TITLE", "Imogen Achterberg", "*", "", ""}}},
		{name: "an adjective and a date before the label are no part of the name",
			content: "Yesterday former Northlea chief executive Imogen Achterberg resigned.",
			want:    []wf{{"HAS_CEO", "Northlea", "Imogen Achterberg", "", "2024-05-14"}}},
		{name: "a place before a job is no employer",
			content: "Boston lawyer Tomasz Wilk said it.",
			absent:  []wf{{"WORKS_AT", "Tomasz Wilk", "*", "", ""}}},
	})
}

// TestExtractOfficeInContext holds offices named without their
// organisation, read from the conversation and the text around them.
func TestExtractOfficeInContext(t *testing.T) {
	const chat = "Wenonah Pryce: Reminder from your friendly Elmfield PTA chair 🙂 the jumble sale is on Saturday."
	runConstructions(t, []construction{
		{name: "a message signed with a post is its author's",
			source: "message", content: chat,
			want: []wf{{"HAS_CHAIR", "Elmfield PTA", "Wenonah Pryce", "ref", ""}}},
		{name: "a post heard from someone else is not the author's",
			source: "message", content: "Wenonah Pryce: I heard from your PTA chair yesterday.",
			absent: []wf{{"HAS_CHAIR", "*", "Wenonah Pryce", "", ""}}},
		{name: "an office elected without its organisation is the one named before",
			source: "message", previous: []string{chat},
			content: "Caius Orme: Congratulations Teodor on being elected chair!",
			want:    []wf{{"HAS_CHAIR", "Elmfield PTA", "Teodor", "ref", ""}}},
		{name: "another office of the same organisation, taken over as it is said",
			source: "message", previous: []string{chat},
			content: "Caius Orme: I'm taking over from Teodor as treasurer.",
			want: []wf{{"HAS_TREASURER", "Elmfield PTA", "Caius Orme", "ref", ""},
				{"HAS_TREASURER", "Elmfield PTA", "Teodor", "", "ref"}}},
		{name: "a club's newsletter speaks for it: our secretary is the club's",
			content: "HALLOW FEN RAMBLERS — Winter Newsletter\n\nOur secretary, Oriel Manse, will step down at the end of May, we're sorry to say.",
			want:    []wf{{"WORKS_AT", "Oriel Manse", "HALLOW FEN RAMBLERS", "", "2024-05-31"}},
			absent:  []wf{{"REPORTS_TO", "Oriel Manse", "*", "", ""}}},
	})
}

// TestExtractNewPostReplaces: "our new head teacher, Mrs. Randi Holm" in
// a school's newsletter is the school's head teacher, and "Mrs. Holm
// replaces Mr. Arne Vik" ends his time in the post.
func TestExtractNewPostReplaces(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the new holder of the writer's post replaces the old one",
			content: "Brekkestø Primary School, newsletter. A warm welcome to our new head teacher, Mrs. Randi Holm. Mrs. Holm replaces Mr. Arne Vik.",
			want: []wf{{"HAS_PRINCIPAL", "Brekkestø Primary School", "Mrs. Randi Holm", "ref", ""},
				{"HAS_PRINCIPAL", "Brekkestø Primary School", "Mr. Arne Vik", "", "ref"}}},
	})
}

// TestExtractAppointmentWithEffect: "with effect from" a date in the
// coming week starts the post then; "He" after a sentence whose subject
// is the board is the one person that sentence named, not the person
// two sentences back; and the one he succeeds leaves the post when he
// takes it.
func TestExtractAppointmentWithEffect(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a successor appointed from a coming date",
			content: "Solbakken Marine ASA, notice to shareholders. The board announces that Kari Nes will leave the company on 31 May 2024. The board also confirms the appointment of Olav Grønli as chief financial officer with effect from 20 May 2024. He succeeds Ragnar Dahl.",
			want: []wf{{"HAS_CFO", "Solbakken Marine ASA", "Olav Grønli", "2024-05-20", ""},
				{"HAS_CFO", "Solbakken Marine ASA", "Ragnar Dahl", "", "2024-05-20"}},
			absent: []wf{{"SUCCEEDS", "Kari Nes", "*", "", ""}}},
		{name: "he is the one the sentence before named, not the subject before it",
			content: "Solbakken Marine ASA, notice to shareholders. Dr. Nes will leave the company in June. The board confirms the appointment of Olav Grønli as chief financial officer. He succeeds Ragnar Dahl.",
			want:    []wf{{"HAS_CFO", "Solbakken Marine ASA", "Ragnar Dahl", "", "ref"}},
			absent:  []wf{{"SUCCEEDS", "Dr. Nes", "*", "", ""}}},
	})
}

// TestExtractBodyHiresForOrganisation checks that the directors or the board
// of an organisation hire and fire for it, and only that.
func TestExtractBodyHiresForOrganisation(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the directors fire",
			content: "The directors of the Larch Inn fired Edvin Sund on Monday.",
			want:    []wf{{"WORKS_AT", "Edvin Sund", "Larch Inn", "", "2024-05-13"}}},
		{name: "the board fires, in the perfect",
			content: "The board of Vessla Foods has fired Maren Holt.",
			want:    []wf{{"WORKS_AT", "Maren Holt", "Vessla Foods", "", "ref"}}},
		{name: "the directors sell",
			content: "The directors of the Larch Inn sold it in May.",
			absent:  []wf{{"OWNS", "Larch Inn", "*", "", ""}, {"WORKS_AT", "*", "*", "", ""}}},
	})
}

// TestExtractPostsOfTheSpeakersOrganisation holds posts given or left
// at the organisation the speaker is at: "joins us as CTO", "we hired
// her as CTO" (no one holds a post at the speaker), and "stepping back
// as CTO", which ends it.
func TestExtractPostsOfTheSpeakersOrganisation(t *testing.T) {
	runConstructions(t, []construction{
		{name: "joins us, the organisation told", source: "message",
			content: "Marit: I'm the CEO of Tindra Software. Solveig Aas joins us as CTO on November 6th.",
			want:    []wf{{"HAS_CTO", "Tindra Software", "Solveig Aas", "2024-11-06", ""}},
			absent:  []wf{{"HAS_CTO", "Solveig Aas", "*", "", ""}}},
		{name: "joins us, no organisation told", source: "message",
			content: "Marit: Solveig Aas joins us as CTO on November 6th.",
			want:    []wf{{"HAS_JOB_TITLE", "Solveig Aas", "CTO", "2024-11-06", ""}},
			absent:  []wf{{"HAS_CTO", "*", "*", "", ""}}},
		{name: "joined us in a job", source: "message",
			content: "Marit: I work at Tindra Software. Solveig Aas joined us as a designer in May.",
			want:    []wf{{"WORKS_AT", "Solveig Aas", "Tindra Software", "2024-05-01", ""}}},
		{name: "we hired", source: "message",
			content: "Marit: We hired Solveig Aas as CTO.",
			absent:  []wf{{"WORKS_AT", "Solveig Aas", "Marit", "", ""}}},
		{name: "stepping back as an officer", source: "message",
			content: "Marit: Eirik is stepping back as CTO of Tindra Software.",
			want:    []wf{{"HAS_CTO", "Tindra Software", "Eirik", "", "ref"}},
			absent:  []wf{{"HAS_CTO", "Tindra Software", "Eirik", "ref", ""}}},
	})
}

// TestExtractTitleWordsOpeningASentence holds a title whose first word
// opens the sentence ("Head coach Maite …"): no organisation is called
// "Head"; in a club's bulletin the post is the club's, whose name may
// open with an abbreviation ("CB", "SV", "AC").
func TestExtractTitleWordsOpeningASentence(t *testing.T) {
	runConstructions(t, []construction{
		{name: "in a club's bulletin",
			content: "SV Kelderbach — Club bulletin, 2 June. Head coach Ilse Brandt has signed a two-year extension.",
			want:    []wf{{"COACHES", "Ilse Brandt", "SV Kelderbach", "ref", ""}},
			absent:  []wf{{"*", "*", "Head", "", ""}}},
		{name: "with no organisation told",
			content: "Head coach Ilse Brandt has signed a two-year extension.",
			want:    []wf{{"HAS_JOB_TITLE", "Ilse Brandt", "head coach", "ref", ""}},
			absent:  []wf{{"*", "*", "Head", "", ""}}},
	})
}

// TestExtractReplacedWith holds "replaced A with B as R": B holds the
// role from then, A no longer, at the subject.
func TestExtractReplacedWith(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a coach replaced with another",
			content: "Harbour Rovers replaced Ilse Brandt with Jens Moe as head coach in October.",
			want: []wf{{"COACHES", "Jens Moe", "Harbour Rovers", "2023-10-01", ""},
				{"COACHES", "Ilse Brandt", "Harbour Rovers", "", "2023-10-01"}},
			absent: []wf{{"HAS_JOB_TITLE", "Harbour Rovers", "*", "", ""}}},
	})
}

// TestExtractPostsOfPersonnelVerbs holds the post of one hired or let
// go, said with "as" or before the name: it starts or ends with them.
func TestExtractPostsOfPersonnelVerbs(t *testing.T) {
	runConstructions(t, []construction{
		{name: "sacked as a post ends it",
			content: "Nordvik Foods Ltd sacked Linda Aasen as chief executive on 3 March 2024.",
			want:    []wf{{"HAS_CEO", "Nordvik Foods Ltd", "Linda Aasen", "", "2024-03-03"}}},
		{name: "fired, the post set off before the name",
			content: "Nordvik Foods Ltd fired its CEO, Linda Aasen, on 3 March 2024.",
			want:    []wf{{"HAS_CEO", "Nordvik Foods Ltd", "Linda Aasen", "", "2024-03-03"}}},
		{name: "sacked, a club's post before the name",
			content: "Kestrel Rovers sacked head coach Linda Aasen on 3 March 2024.",
			want:    []wf{{"COACHES", "Linda Aasen", "Kestrel Rovers", "", "2024-03-03"}}},
		{name: "hired, the job before the name",
			content: "Nordvik Foods Ltd hired designer Linda Aasen in March 2024.",
			want:    []wf{{"WORKS_AT", "Linda Aasen", "Nordvik Foods Ltd", "2024-03-01", ""}, {"HAS_JOB_TITLE", "Linda Aasen", "designer", "2024-03-01", ""}}},
	})
}

// TestExtractTopicAfterRelative holds the organisation a text is about
// when its first sentence opens with a relative clause, and an
// appositive whose noun is possessed by "the company".
func TestExtractTopicAfterRelative(t *testing.T) {
	runConstructions(t, []construction{
		{name: "the acquired firm keeps its chief executive",
			content: "Nordvik Foods Ltd, which was founded in 2010 by Linda Aasen and Thomas Berg, was acquired by Halvorsen Group on Tuesday. Aasen will stay on as chief executive, while Berg, the company's chief operating officer, is leaving.",
			want:    []wf{{"HAS_CEO", "Nordvik Foods Ltd", "Linda Aasen", "ref", ""}},
			absent:  []wf{{"HAS_CEO", "Halvorsen Group", "*", "", ""}, {"HAS_CEO", "Berg", "*", "", ""}, {"HAS_CEO", "Thomas Berg", "*", "", ""}}},
	})
}

// TestExtractWordOfTheJobAndItsOrganisation: a dictionary word its place
// capitalized before a job is a word of the job, no employer; "its"
// stands for the nearest organisation a clause was said of, "itself" and
// all (reference time: 15 May 2024).
func TestExtractWordOfTheJobAndItsOrganisation(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a word of the job opening the sentence", source: "text",
			content: "Marine biologist Oddny Lie has joined Kelder Bio.",
			want:    []wf{{"HAS_JOB_TITLE", "Oddny Lie", "marine biologist", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Oddny Lie", "Marine", "", ""}}},
		{name: "an employer named before the job", source: "text",
			content: "Then Kelder engineer Oddny Lie left.",
			want:    []wf{{"WORKS_AT", "Oddny Lie", "Kelder", "ref", ""}}},
		{name: "its after two organisations, the nearest emphasized", source: "text",
			content: "His field team will move to Tromsø in January; the Varde Ocean Lab itself stays in Bergen under Dr. Oddny Lie, who becomes its director.",
			want:    []wf{{"WORKS_AT", "Dr. Oddny Lie", "Varde Ocean Lab", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Dr. Oddny Lie", "field team", "", ""}}},
	})
}
