package main

import (
	"testing"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// TestExtractRecordProse holds the fields of a travel record said in
// prose: its passenger, its ends, and a field changed or restated.
func TestExtractRecordProse(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a booking for a person, from one place to another", source: "message",
			content: "Ines: Booking BK-7781 is for Ana Berg, from Oslo to Rome on 3 July.",
			want: []wf{{"PASSENGER", "Booking BK-7781", "Ana Berg", "ref", ""}, {"ORIGIN", "Booking BK-7781", "Oslo", "ref", ""},
				{"DESTINATION", "Booking BK-7781", "Rome", "ref", ""}}},
		{name: "an order for a person has no passenger", source: "message",
			content: "Ines: Order ORD-5512 is for Ana Berg.",
			absent:  []wf{{"PASSENGER", "*", "*", "", ""}}},
		{name: "an e-ticket's passenger and a route set off by commas",
			content: "Your e-ticket 2206114598331 for passenger Ines Saar, Narva to Tartu, departs 3 July at 06:15.",
			want: []wf{{"PASSENGER", "e-ticket 2206114598331", "Ines Saar", "ref", ""}, {"ORIGIN", "e-ticket 2206114598331", "Narva", "ref", ""},
				{"DESTINATION", "e-ticket 2206114598331", "Tartu", "ref", ""}}},
		{name: "a field changed", source: "message",
			content: "Ines: Please change the destination on ticket TK-5512 to Madrid.",
			want:    []wf{{"DESTINATION", "TK-5512", "Madrid", "ref", ""}}},
		{name: "a field after a phrase on the record", source: "message",
			content: "Ines: The passenger on ticket TK-5512 is now Ola Nord.",
			want:    []wf{{"PASSENGER", "TK-5512", "Ola Nord", "ref", ""}}},
		{name: "a record that goes somewhere has a destination, not a trip", source: "message",
			content: "Ines: Ticket TK-5512 now goes to Madrid.",
			want:    []wf{{"DESTINATION", "Ticket TK-5512", "Madrid", "ref", ""}},
			absent:  []wf{{"TRAVELED_TO", "*", "Madrid", "", ""}}},
	})
}

// TestClassedNamesAreNoEntities checks that a name that only modifies a
// class noun ("the Family Premium tier", "the Shingrix vaccine") is no
// entity of its own, while one that stands in a fact stays.
func TestClassedNamesAreNoEntities(t *testing.T) {
	for _, tc := range []struct {
		content      string
		want, unwant []string
	}{
		{"Ines: I'm on the Family Premium tier.", []string{"Family Premium tier"}, []string{"Family Premium"}},
		{"Ines: I got the Shingrix vaccine last month.", []string{"Shingrix vaccine"}, []string{"Shingrix"}},
		{"Ines: I work at Lumo Labs. I'm on the Lumo Labs plan.", []string{"Lumo Labs", "Lumo Labs plan"}, nil},
	} {
		checkEntityNames(t, "message", tc.content, tc.want, tc.unwant)
	}
}

// TestDegreeFieldIsNoPlace checks that the field of a degree after "in"
// is not guessed a place, as a name after "in" otherwise is.
func TestDegreeFieldIsNoPlace(t *testing.T) {
	req := abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "message", Content: "Ines: I got my MSc in Data Science from Aalto in 2019.", ReferenceTime: refTime}}
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	for _, e := range resp.Entities {
		if e.Name == "Data Science" && e.Type == "Location" {
			t.Errorf("entity %q is a %s, want no place", e.Name, e.Type)
		}
	}
}

// TestExtractRecordSubjectPronoun holds a record about someone: its
// "she" is its subject, though the record is told from their side.
func TestExtractRecordSubjectPronoun(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an HR note's she",
			content: "HR file note\n\nEmployee: Mei-Ling Tan, Senior Structural Engineer, Manchester office\n\nFor the duration she will report to Khalid Al-Mansoori, the project director.",
			want:    []wf{{"REPORTS_TO", "Mei-Ling Tan", "Khalid Al-Mansoori", "ref", ""}},
			absent:  []wf{{"REPORTS_TO", "Senior Structural Engineer", "*", "", ""}}},
	})
}

// TestExtractRecordParticiples holds a participle with no subject after
// a record's identifier, or opening a label line of the record: what was
// done to the record, not to the one who writes.
func TestExtractRecordParticiples(t *testing.T) {
	runConstructions(t, []construction{
		{name: "opened by, after a dash",
			content: "Ticket QX-48213 — opened by Sunniva Rye (office manager, Brennick Foods). Priority: high.",
			want:    []wf{{"OPENS", "Sunniva Rye", "QX-48213", "", ""}}},
		{name: "assigned to, after a colon",
			content: "Ticket QX-48213: assigned to Hallvard Moe.",
			want:    []wf{{"ASSIGNED_TO", "QX-48213", "Hallvard Moe", "ref", ""}},
			absent:  []wf{{"*", "User", "*", "", ""}}},
		{name: "reassigned on a day",
			content: "Ticket QX-48213: reassigned to Aud Berg on 11 March.",
			want:    []wf{{"ASSIGNED_TO", "QX-48213", "Aud Berg", "2024-03-11", ""}}},
		{name: "a label line of the record",
			content: "Ticket QX-48213 — opened by Sunniva Rye. Priority: high. Assigned to: Hallvard Moe (Tier 1).",
			want:    []wf{{"ASSIGNED_TO", "QX-48213", "Hallvard Moe", "ref", ""}}},
		{name: "no record, the writer's own",
			content: "Moved to Leeds in March.",
			want:    []wf{{"LIVES_IN", "User", "Leeds", "2024-03-01", ""}}},
	})
}

// TestExtractSurnameFirstHeading holds a text headed by a surname in
// capitals and the given name ("MOE-LIND, Sunniva."): the one the text
// is about, whose are the verbs with no subject after it.
func TestExtractSurnameFirstHeading(t *testing.T) {
	runConstructions(t, []construction{
		{name: "an obituary's heading",
			content: "MOE-LIND, Sunniva. Died peacefully at home in Marden on 3 February 2024, aged 88. Born in Tromsø, Sunniva later taught chemistry at Marden Grammar School.",
			want:    []wf{{"BORN_IN", "Sunniva Moe-Lind", "Tromsø", "", ""}},
			absent:  []wf{{"*", "User", "*", "", ""}}},
	})
	checkEntityNames(t, "text", "MOE-LIND, Sunniva. Died peacefully at home.", []string{"Sunniva Moe-Lind"}, []string{"MOE-LIND", "User"})
}

// TestExtractHomeIn holds "at home in X": home is in X, up to a death.
func TestExtractHomeIn(t *testing.T) {
	runConstructions(t, []construction{
		{name: "died at home in a town", source: "message",
			content: "Aud: Sunniva died at home in Marden in March.",
			want:    []wf{{"LIVES_IN", "Sunniva", "Marden", "", "2024-03-01"}}},
		{name: "at home in a town", source: "message",
			content: "Aud: Sunniva is at home in Marden with the kids.",
			want:    []wf{{"LIVES_IN", "Sunniva", "Marden", "ref", ""}}},
	})
}

// TestExtractWentToOrganisation holds a visit to a named organisation:
// "went to Fenwick Imaging for a knee MRI"; a university gone to is no
// visit told.
func TestExtractWentToOrganisation(t *testing.T) {
	runConstructions(t, []construction{
		{name: "went to a clinic", source: "message",
			content: "Aud: Yesterday I went to Fenwick Imaging for a knee MRI.",
			want:    []wf{{"VISITED", "Aud", "Fenwick Imaging", "2024-05-14", ""}}},
		{name: "went to a university", source: "message",
			content: "Aud: Kasimir went to Marden University.",
			absent:  []wf{{"VISITED", "*", "*", "", ""}}},
	})
}

// TestExtractAnimalRecord holds a clinic record about an animal: the
// patient is a pet, its owner has it, and a drug given with a decimal
// dose is its medication.
func TestExtractAnimalRecord(t *testing.T) {
	runConstructions(t, []construction{
		{name: "patient, owner and a started drug",
			content: "Fjordside Animal Clinic, consult notes. Patient: Tassen, 4-year-old male spaniel. Owner: Linda Aasen. Started meloxicam 1.5 mg once daily.",
			want:    []wf{{"HAS_PET", "Linda Aasen", "Tassen", "ref", ""}, {"TAKES_MEDICATION", "Tassen", "meloxicam", "ref", ""}}},
		{name: "an owner of a person's record is no pet's",
			content: "Patient: Rafael Ames, 47. Owner: Linda Aasen. Started lisinopril 10 mg daily.",
			want:    []wf{{"TAKES_MEDICATION", "Rafael Ames", "lisinopril", "ref", ""}},
			absent:  []wf{{"HAS_PET", "*", "*", "", ""}}},
	})
}

// TestExtractRecordSubjectPet checks that a record about a subject an
// earlier record described as an animal types it as a pet, as the earlier
// one did, so that the two are one entity.
func TestExtractRecordSubjectPet(t *testing.T) {
	req := abi.ExtractRequest{
		Episode: abi.Episode{Source: "text", ReferenceTime: refTime,
			Content: "Consult record. Biscuit rechecked by Dr. Aune. Owner stopped the meloxicam on 10 May."},
		Previous: []abi.Episode{{Source: "text", ReferenceTime: refTime,
			Content: "Consult record. Patient: Biscuit, 3-year-old male terrier. Owner: Henrik Sola. Started meloxicam."}},
	}
	if typ, ok := entityType(t, req, "Biscuit"); typ != "Pet" {
		t.Errorf("Biscuit has type %q (found %v), want Pet", typ, ok)
	}
}

// TestExtractCancelledAsAsked: an assistant says that what the turn
// before asked to cancel is cancelled, and when access ends (reference
// time: 15 May 2024).
func TestExtractCancelledAsAsked(t *testing.T) {
	const joined = "Maartje Lind(user): I'm on the Basic plan at Fjellsport Gym, membership number FS-40219."
	runConstructions(t, []construction{
		{name: "that's been cancelled, with the last day of access", source: "message",
			previous: []string{joined, "Maartje Lind(user): Please cancel FS-40219, I've moved away."},
			content:  "(assistant): No problem, that's been cancelled. Your last day of access will be 14 June 2024.",
			want: []wf{{"HAS_MEMBERSHIP", "Maartje Lind", "FS-40219", "", "2024-06-14"},
				{"CUSTOMER_OF", "Maartje Lind", "Fjellsport Gym", "", "2024-06-14"}}},
		{name: "nothing asked to cancel, nothing cancelled", source: "message",
			previous: []string{joined},
			content:  "(assistant): No problem, that's been cancelled.",
			absent:   []wf{{"HAS_MEMBERSHIP", "*", "*", "", ""}}},
	})
}
