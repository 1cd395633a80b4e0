package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// entityTypes extracts an episode of the given source and returns each
// entity's type by its name.
func entityTypes(t *testing.T, source, content string) map[string]string {
	t.Helper()
	var resp abi.ExtractResponse
	req := abi.ExtractRequest{Episode: abi.Episode{Source: source, ReferenceTime: refTime, Content: content}}
	roundTrip(t, abi.CapExtract, req, &resp)
	got := map[string]string{}
	for _, e := range resp.Entities {
		got[e.Name] = e.Type
	}
	return got
}

// entityType returns the type an extraction of req gives the entity
// named name, and whether it has one of that name.
func entityType(t *testing.T, req abi.ExtractRequest, name string) (string, bool) {
	t.Helper()
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, req, &resp)
	for _, e := range resp.Entities {
		if e.Name == name {
			return e.Type, true
		}
	}
	return "", false
}

func TestExtractTypesEveryEntity(t *testing.T) {
	// Without an ontology every entity the rules find has a type, so that
	// entity_types filters work offline.
	content := "Jo(user): My order RX-7710 from Tamsworth Ltd arrived in Leeds, and my dentist Dr. Edna Ames moved to Harrow."
	want := map[string]string{"Jo": "Person", "RX-7710": "Identifier", "Tamsworth Ltd": "Organization", "Leeds": "Location", "Dr. Edna Ames": "Person", "Harrow": "Location", "dentist": "Occupation"}
	if diff := cmp.Diff(want, entityTypes(t, "message", content)); diff != "" {
		t.Errorf("extract(%q) entity types mismatch (-want +got):\n%s", content, diff)
	}
}

func TestExtractAliasesInEpisode(t *testing.T) {
	// A title and a surname, or a first name, are the full name of the
	// same episode when exactly one fits.
	var resp abi.ExtractResponse
	req := abi.ExtractRequest{Episode: abi.Episode{Source: "text", ReferenceTime: refTime,
		Content: "Note: Dr. Lucia Perez met Tomas Ek. Dr. Perez says Tomas lives in Malmo."}}
	roundTrip(t, abi.CapExtract, req, &resp)
	var names []string
	for _, e := range resp.Entities {
		names = append(names, e.Name)
	}
	want := []string{"Dr. Lucia Perez", "Tomas Ek", "doctor", "Malmo"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("extract(%q) entities mismatch (-want +got):\n%s", req.Episode.Content, diff)
	}
}

func TestExtractSpeakerNamesThemselfInFull(t *testing.T) {
	// A speaker labelled by a short form who gives their full name is
	// one person under it; a title in capital letters WordNet knows as
	// a person's is an occupation, no organisation.
	content := "Theo(user): Hi, I'm Theodora Lindqvist, Theo is fine. My GP, Dr. Linda Aasen, put me on sertraline in January."
	want := map[string]string{"Theodora Lindqvist": "Person", "GP": "Occupation", "Dr. Linda Aasen": "Person", "doctor": "Occupation", "sertraline": "Medication"}
	if diff := cmp.Diff(want, entityTypes(t, "message", content)); diff != "" {
		t.Errorf("extract(%q) entities mismatch (-want +got):\n%s", content, diff)
	}
}

func TestExtractTradeNames(t *testing.T) {
	// A name that ends in a trade's gerund is a business, whatever verb
	// it is the subject of; a given name before a surname in -ing is a
	// person.
	content := "Heads up, Varde Roofing is putting prices up from April. Linda Browning is my sister."
	if got := entityTypes(t, "text", content); got["Varde Roofing"] != "Organization" || got["Linda Browning"] != "Person" {
		t.Errorf("extract(%q) types = %v, want Varde Roofing an Organization and Linda Browning a Person", content, got)
	}
}

func TestExtractTwoSurnamesInEpisode(t *testing.T) {
	// A person of two surnames is the same by a given name and the first
	// surname, or by an honorific and either surname.
	content := "Visit note. Patient: Inés Huamán Ccori, 61. Ms. Huamán has been on metformin since 2020. Inés Huamán lives in Cusco."
	var people []string
	for name, typ := range entityTypes(t, "text", content) {
		if typ == "Person" {
			people = append(people, name)
		}
	}
	if diff := cmp.Diff([]string{"Inés Huamán Ccori"}, people); diff != "" {
		t.Errorf("extract(%q) people mismatch (-want +got):\n%s", content, diff)
	}
}

func TestExtractOrganisationShortForms(t *testing.T) {
	// An organisation named in full and then by its distinctive words is
	// one entity, under its full name; a short form two organisations
	// share is neither.
	tests := []struct {
		name, content string
		want, absent  []string
	}{
		{"university then its name", "Odile Ferrand teaches at Carrow University. Carrow pays its lecturers well.",
			[]string{"Carrow University"}, []string{"Carrow"}},
		{"a corporate suffix dropped", "Renzo Abate works for Pellucid Foods Ltd. Pellucid Foods opened a bakery in Turin.",
			[]string{"Pellucid Foods Ltd"}, []string{"Pellucid Foods"}},
		{"two organisations share the short form", "Odile Ferrand teaches at Carrow University and banks with Carrow Bank. She praised Carrow in a speech.",
			[]string{"Carrow University", "Carrow Bank", "Carrow"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkEntityNames(t, "text", tt.content, tt.want, tt.absent)
		})
	}
}

// checkEntityNames extracts an episode and checks that its entities
// include the names want and none of the names absent.
func checkEntityNames(t *testing.T, source, content string, want, absent []string) {
	t.Helper()
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: source, Content: content, ReferenceTime: refTime}}, &resp)
	names := map[string]bool{}
	for _, e := range resp.Entities {
		names[e.Name] = true
	}
	for _, w := range want {
		if !names[w] {
			t.Errorf("extract(%q) entities = %v, want %q among them", content, names, w)
		}
	}
	for _, a := range absent {
		if names[a] {
			t.Errorf("extract(%q) entities = %v, want no %q", content, names, a)
		}
	}
}

func TestOrgShortForm(t *testing.T) {
	tests := []struct {
		short, long string
		want        bool
	}{
		{"Carrow", "Carrow University", true},
		{"Dunlin", "Dunlin Rovers FC", true},
		{"Pellucid Foods", "Pellucid Foods Ltd.", true},
		{"Orvell", "Orvell Therapeutics", false},
		{"Carrow University", "Carrow", false},
		{"Tollgate", "North Tollgate Academy", false},
		{"Carrow", "Carrow College Leeds", true},
		{"Carrow", "Carrow Leeds", false},
		{"Carrow", "Carrow College Hartwell", false},
		{"Varnholm", "FC Varnholm", true},
		{"Varnholm", "SV Varnholm 09", false},
		{"Dunlin", "AC Dunlin Rovers", true},
		{"Varnholm Town", "FC Varnholm", false},
	}
	for _, tt := range tests {
		if got := orgShortForm(nameWords(tt.short), nameWords(tt.long)); got != tt.want {
			t.Errorf("orgShortForm(%q, %q) = %v, want %v", tt.short, tt.long, got, tt.want)
		}
	}
}

func TestExtractClubIsOrganisation(t *testing.T) {
	// A name with a club's word is a club, whatever the verb it governs.
	var resp abi.ExtractResponse
	content := "Corvel Athletic sacked Teo Vranjes in April."
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "text", Content: content, ReferenceTime: refTime}}, &resp)
	got := ""
	for _, e := range resp.Entities {
		if e.Name == "Corvel Athletic" {
			got = e.Type
		}
	}
	if got != "Organization" {
		t.Errorf("extract(%q) type of Corvel Athletic = %q, want Organization", content, got)
	}
}

func TestExtractPetIsNoPerson(t *testing.T) {
	// A pet named by its owner is a pet, whatever its name.
	tests := []struct {
		name, content, entity, want string
	}{
		{"my dog", "My dog Rex loves the park.", "Rex", "Pet"},
		{"our cat", "Sindre: Our cat Miso sleeps all day.", "Miso", "Pet"},
		{"an animal's appositive", "Sindre: We took Tassen, a 4-year-old male spaniel, to the vet today.", "Tassen", "Pet"},
		{"an insult's appositive", "Sindre: Thomas, a real pig, ate it all.", "Thomas", "Person"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp abi.ExtractResponse
			roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: tt.content, ReferenceTime: refTime}}, &resp)
			got := ""
			for _, e := range resp.Entities {
				if e.Name == tt.entity {
					got = e.Type
				}
			}
			if got != tt.want {
				t.Errorf("extract(%q) type of %s = %q, want %q", tt.content, tt.entity, got, tt.want)
			}
		})
	}
}

// TestPraiseOfAPlace: praise of a name the parse cannot class is kept
// (the speaker likes it) without making the name a person, so that it
// still merges with the place it is.
func TestPraiseOfAPlace(t *testing.T) {
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{Episode: abi.Episode{Source: "message", Content: "Ilka: Reykjavik was amazing.", ReferenceTime: refTime}}, &resp)
	for _, e := range resp.Entities {
		if e.Name == "Reykjavik" && e.Type == "Person" {
			t.Errorf("extract: Reykjavik is a %s, want no person", e.Type)
		}
	}
}

func TestExtractTypesFromShapeAndUse(t *testing.T) {
	// Kinds told by a name's shape or by what its clause says of it, with
	// no lexicon row for the name: a reference said with nothing about
	// it yet, a business named first by its kind, a group named by its
	// members in the plural, a name that is born and marries.
	cases := []struct {
		source, content string
		want            map[string]string
	}{
		{"message", "Ama(user): Your other order, PC-30781, was delivered on Friday.",
			map[string]string{"PC-30781": "Identifier"}},
		{"message", "Ama(user): Could you confirm my booking at Hotel Rustaveli?",
			map[string]string{"Hotel Rustaveli": "Organization"}},
		{"text", "Kofi Mensah has run with the Accra Shingle Runners since 2015.",
			map[string]string{"Accra Shingle Runners": "Organization"}},
		{"text", "Born in Onitsha, Ebele came to England in 1961. She was married to Reginald Pickering until 2017.",
			map[string]string{"Ebele": "Person", "Reginald Pickering": "Person", "Onitsha": "Location"}},
		// A city WordNet knows, whatever its first word looks like.
		{"text", "Mei-Ling will be seconded to the Abu Dhabi office of Fenwright Prentice Engineering. Leeds can wait.",
			map[string]string{"Abu Dhabi": "Location", "Leeds": "Location"}},
		// A school named with its town is the school, not the town.
		{"text", "Noor is in her second year at Carrow College Edinburgh.",
			map[string]string{"Carrow College Edinburgh": "Organization"}},
		// A post written with capitals names no one; a surname that is a
		// job does not make a post of a name.
		{"text", "Employee: Mei-Ling Tan, Senior Structural Engineer, Manchester office. Tom Cook signed it.",
			map[string]string{"Senior Structural Engineer": "Occupation", "Tom Cook": "Person"}},
		// A given name of the gazetteer (not of the small list) makes a
		// person of a name nothing else types; a name ending in "High"
		// is a high school.
		{"text", "Thanks to Dorothea Lindqvist and Westbury High for the photos.",
			map[string]string{"Dorothea Lindqvist": "Person", "Westbury High": "Organization"}},
	}
	for _, c := range cases {
		var resp abi.ExtractResponse
		req := abi.ExtractRequest{Episode: abi.Episode{Source: c.source, ReferenceTime: refTime, Content: c.content}}
		roundTrip(t, abi.CapExtract, req, &resp)
		got := map[string]string{}
		for _, e := range resp.Entities {
			got[e.Name] = e.Type
		}
		for name, typ := range c.want {
			if got[name] != typ {
				t.Errorf("extract(%q): %s typed %q, want %q (all: %v)", c.content, name, got[name], typ, got)
			}
		}
	}
}

func TestExtractNoSettingAsPlace(t *testing.T) {
	// "at home" is where one was, not a place of its own.
	checkEntityNames(t, "text", "Ebele Nnaji died at home in Harrogate on 3 February.", []string{"Harrogate"}, []string{"home"})
}

func TestExtractNameAfterToNotAlwaysPlace(t *testing.T) {
	// One goes to a place but hands over, reports or speaks to a person.
	noneTyped(t, "Location",
		"Losana Havili handed the role over to Joaquín Ferreyra last week.",
		"Ikenna Obi reports to Wambui Karanja.")
}

// noneTyped fails the test for each entity of a text episode of contents
// that has the type typ.
func noneTyped(t *testing.T, typ string, contents ...string) {
	t.Helper()
	for _, content := range contents {
		var resp abi.ExtractResponse
		roundTrip(t, abi.CapExtract, abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", ReferenceTime: refTime, Content: content}}, &resp)
		for _, e := range resp.Entities {
			if e.Type == typ {
				t.Errorf("extract(%q): %s typed %s", content, e.Name, typ)
			}
		}
	}
}

// TestNoPersonByShapeAfterThe: "The Copper Kettle" and "Salt Quay" have a
// person's shape, two capitalised words, but "the" and a first word that
// is a common word and no given name say they are things.
func TestNoPersonByShapeAfterThe(t *testing.T) {
	noneTyped(t, "Person", "The Copper Kettle has been sold.", "Salt Quay has been sold.")
	var resp abi.ExtractResponse
	roundTrip(t, abi.CapExtract, abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "text", Content: "Grace Tollefsen has been promoted.", ReferenceTime: refTime}}, &resp)
	if len(resp.Entities) != 1 || resp.Entities[0].Type != "Person" {
		t.Errorf("Grace Tollefsen: entities %+v, want one Person", resp.Entities)
	}
}

func TestExtractArticleOfAName(t *testing.T) {
	// "The" written with its capital inside a sentence belongs to the
	// name after it; at a sentence's start it may be the article, and the
	// two spellings are one entity under the fuller name.
	tests := []struct {
		name, content string
		want, absent  []string
	}{
		{"inside a sentence", "After a decade, The Tin Whistle is still the best pub in Ardmore.",
			[]string{"The Tin Whistle"}, []string{"Tin Whistle"}},
		{"both spellings", "The Tin Whistle closed in May. Marit Vold had run The Tin Whistle since 2011.",
			[]string{"The Tin Whistle"}, []string{"Tin Whistle"}},
		{"article of a common noun", "Marit Vold took over the pub in May.",
			nil, []string{"The pub"}},
		{"an object", "Since 2011, Marit Vold has owned The Tin Whistle.",
			[]string{"The Tin Whistle", "Marit Vold"}, []string{"Tin Whistle"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkEntityNames(t, "text", tt.content, tt.want, tt.absent)
		})
	}
}

func TestExtractNamedEstablishment(t *testing.T) {
	// A shop, a cafe or a hotel given a name is the business run in it;
	// a boat or a car given one is a thing.
	tests := []struct{ content, name, want string }{
		{"Nia: Ivor Lund owns a bakehouse called Halden Bakes.", "Halden Bakes", "Organization"},
		{"Nia: Ivor Lund opened a cafe called Sea Kettle in 2019.", "Sea Kettle", "Organization"},
		{"Nia: Ivor Lund owns a boat called Sea Kettle.", "Sea Kettle", "Product"},
	}
	for _, tt := range tests {
		var resp abi.ExtractResponse
		roundTrip(t, abi.CapExtract, abi.ExtractRequest{GroupID: "g", Episode: abi.Episode{Source: "message", Content: tt.content, ReferenceTime: refTime}}, &resp)
		got := ""
		for _, e := range resp.Entities {
			if e.Name == tt.name {
				got = e.Type
			}
		}
		if got != tt.want {
			t.Errorf("extract(%q): %s has type %q, want %q", tt.content, tt.name, got, tt.want)
		}
	}
}

// TestExtractPityBeforeName: "Poor Bramble", "Lucky Tom" opening a
// sentence name Bramble and Tom; the word before is what the speaker
// feels.
func TestExtractPityBeforeName(t *testing.T) {
	checkEntityNames(t, "message", "Sunniva: Poor Bramble has been limping all week. Lucky Odd got the last ticket.", []string{"Bramble", "Odd"}, []string{"Poor Bramble", "Lucky Odd"})
}

func TestExtractKinPossessorIsPerson(t *testing.T) {
	// One whose mother or brother is named is a person, though a
	// preposition of place comes before the name.
	content := "Keep the dog away from Fletcher's mum, and from Tarrant."
	want := map[string]string{"Fletcher": "Person", "Tarrant": "Location"}
	if diff := cmp.Diff(want, entityTypes(t, "text", content)); diff != "" {
		t.Errorf("extract(%q) entities mismatch (-want +got):\n%s", content, diff)
	}
}

func TestSoundMadeTwiceIsNoName(t *testing.T) {
	checkEntityNames(t, "message", "Speaker 1: She's going to help us with the baby! Yoo-hoo.\nSpeaker 2: She is a very nice woman.", nil, []string{"Yoo-hoo"})
}

// TestExtractClippedNameOfEarlierSpeaker: a clipped form of the one name
// an earlier speaker went by is that name.
func TestExtractClippedNameOfEarlierSpeaker(t *testing.T) {
	runConstructions(t, []construction{
		{name: "clipped", source: "message", previous: []string{"Thaddeus: Back from holiday, lads."},
			content: "Ruairi: Thad plays for Westgate Rovers now.",
			want:    []wf{{"PLAYS_FOR", "Thaddeus", "Westgate Rovers", "ref", ""}}},
		{name: "a dictionary word is no clipped name", source: "message", previous: []string{"Maximilian: Back from holiday, lads."},
			content: "Ruairi: Max plays for Westgate Rovers now.",
			absent:  []wf{{"PLAYS_FOR", "Maximilian", "*", "", ""}}},
	})
}

// TestExtractQuotedNickname: a nickname in quotes inside a full name
// leaves the name whole (reference time: 15 May 2024).
func TestExtractQuotedNickname(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a quoted nickname between first name and surname",
			content: `Shingle Terns bulletin. Our captain, Bartholomew "Barty" Osei, joins Kelvin Rovers next month.`,
			want:    []wf{{"PLAYS_FOR", "Bartholomew Osei", "Kelvin Rovers", "2024-06-01", ""}},
			absent:  []wf{{"*", "Bartholomew", "*", "", ""}}},
	})
}

func TestExtractNameAfterToIsNoPlace(t *testing.T) {
	// One says, gives or sends something to a person: the name after
	// "to" is no place for the verb before the object.
	for _, content := range []string{"Ingunn: I said that to Ottar.", "Ingunn: I sent the letter to Ottar."} {
		types := entityTypes(t, "message", content)
		if got, ok := types["Ottar"]; !ok || got == "Location" {
			t.Errorf("extract(%q) type of Ottar = %q (found %v), want no Location", content, got, ok)
		}
	}
}
