package main

import "testing"

// TestExtractEndings holds ends said without the tie's other end, or said
// with the tie itself: the end comes from the class of the verb, the
// other end from the episode or the ones before it.
func TestExtractEndings(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a tie named by a possessive and ended in the same sentence", source: "message",
			content: "Ines: My husband Teodor and I got divorced in 2021.",
			want:    []wf{{"MARRIED_TO", "Teodor", "Ines", "", "2021-01-01"}},
			absent:  []wf{{"MARRIED_TO", "Teodor", "Ines", "ref", ""}}},
		{name: "a roommate who moved out, dated", source: "message",
			content: "Ines: My roommate Aivar moved out in February.",
			want:    []wf{{"ROOMMATE_OF", "Aivar", "Ines", "", "2024-02-01"}},
			absent:  []wf{{"ROOMMATE_OF", "Aivar", "Ines", "ref", ""}}},
		{name: "an end without an object, after a job said before it", source: "message",
			content: "Ines: I used to work at Kelder Tools, but I quit in 2022.",
			want:    []wf{{"WORKS_AT", "Ines", "Kelder Tools", "", "2022-01-01"}},
			absent:  []wf{{"WORKS_AT", "Ines", "Kelder Tools", "", "ref"}}},
		{name: "a resignation after years at an organisation named first",
			content: "After nine years at Harlow Tiles, Mette Lund resigned in April.",
			want:    []wf{{"WORKS_AT", "Mette Lund", "Harlow Tiles", "", "2024-04-01"}}},
		{name: "a dismissal in the passive ends the job said before it",
			content: "Oskar Brevik works at Stellan Foods as a buyer. He got fired in April.",
			want:    []wf{{"WORKS_AT", "Oskar Brevik", "Stellan Foods", "", "2024-04-01"}, {"HAS_JOB_TITLE", "Oskar Brevik", "buyer", "", "2024-04-01"}},
			absent:  []wf{{"WORKS_AT", "Oskar Brevik", "Stellan Foods", "ref", ""}}},
		{name: "a phrasal dismissal with its organisation", source: "message",
			content: "Ines: I was let go from Marrow Bank in January.",
			want:    []wf{{"WORKS_AT", "Ines", "Marrow Bank", "", "2024-01-01"}}},
		{name: "an end without an object ends the ties of the previous episodes", source: "message",
			previous: []string{"Ines: I work at Kelder Tools as a welder."},
			content:  "Ines: I resigned last week.",
			want:     []wf{{"WORKS_AT", "Ines", "Kelder Tools", "", "2024-05-08"}, {"HAS_JOB_TITLE", "Ines", "welder", "", "2024-05-08"}}},
		{name: "a tie the previous episodes ended is not ended again", source: "message",
			previous: []string{"Ines: I work at Kelder Tools.", "Ines: I left Kelder Tools and joined Narva Print."},
			content:  "Ines: I resigned in May.",
			want:     []wf{{"WORKS_AT", "Ines", "Narva Print", "", "2024-05-01"}},
			absent:   []wf{{"WORKS_AT", "Ines", "Kelder Tools", "", "2024-05-01"}}},
		{name: "a copula with no longer ends a possessed tie", source: "message",
			content: "Ines: Aivar is no longer my boss.",
			want:    []wf{{"MANAGER_OF", "Aivar", "Ines", "", "ref"}},
			absent:  []wf{{"MANAGER_OF", "Aivar", "Ines", "ref", ""}}},
		{name: "a copula with not and anymore ends a possessed tie", source: "message",
			content: "Ines: Teodor is not my boyfriend anymore.",
			want:    []wf{{"IS_DATING", "Teodor", "Ines", "", "ref"}}},
		{name: "a plain negated copula states nothing", source: "message",
			content: "Ines: Teodor is not my boyfriend.",
			absent:  []wf{{"IS_DATING", "Teodor", "Ines", "", ""}}},
		{name: "a job at an organisation left", source: "message",
			content: "Ines: I left my job at Kelder Tools in April.",
			want:    []wf{{"WORKS_AT", "Ines", "Kelder Tools", "", "2024-04-01"}},
			absent:  []wf{{"WORKS_AT", "Ines", "Kelder Tools", "ref", ""}}},
		{name: "a job at an organisation taken", source: "message",
			content: "Ines: I got a job with Narva Print last year.",
			want:    []wf{{"WORKS_AT", "Ines", "Narva Print", "2023-01-01", ""}}},
		{name: "a new job as a title is the subject's, not the job's", source: "message",
			content: "Ines: Yesterday I started a new job as a nurse at Pärnu Hospital.",
			want:    []wf{{"HAS_JOB_TITLE", "Ines", "nurse", "2024-05-14", ""}, {"WORKS_AT", "Ines", "Pärnu Hospital", "2024-05-14", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "new job", "nurse", "", ""}}},
		{name: "promoted to a title of two nouns", source: "message",
			content: "Ines: I was promoted to shift lead.",
			want:    []wf{{"HAS_JOB_TITLE", "Ines", "shift lead", "ref", ""}}},
		{name: "seeing a therapist is no date", source: "message",
			content: "Ines: I have been seeing a therapist, Dr. Anu Tamm, since January.",
			want:    []wf{{"THERAPIST_OF", "Dr. Anu Tamm", "Ines", "2024-01-01", ""}},
			absent:  []wf{{"IS_DATING", "Ines", "Dr. Anu Tamm", "", ""}}},
		{name: "seeing someone is still a date", source: "message",
			content: "Ines: I'm seeing Teodor Kask.",
			want:    []wf{{"IS_DATING", "Ines", "Teodor Kask", "ref", ""}}},
		{name: "a date after an apposition is the clause's", source: "message",
			content: "Ines: I sold my boat, a Nordkapp 22, in February.",
			want:    []wf{{"OWNS", "Ines", "Nordkapp 22", "", "2024-02-01"}}},
		{name: "the date of an until clause ends the clause before it", source: "message",
			content: "Ines: I lived in Narva until I moved to Tartu in 2020.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "", "2020-01-01"}, {"LIVES_IN", "Ines", "Tartu", "2020-01-01", ""}}},
		{name: "the date of a before clause ends the clause before it", source: "message",
			content: "Ines: I used to live in Narva before moving to Tartu in 2019.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "", "2019-01-01"}, {"LIVES_IN", "Ines", "Tartu", "2019-01-01", ""}}},
		{name: "a when clause on an until date happened at it", source: "message",
			content: "Ines: I lived in Narva until 2019, when I moved to Tartu.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "", "2019-01-01"}, {"LIVES_IN", "Ines", "Tartu", "2019-01-01", ""}}},
		{name: "a when clause on a range happened at its end", source: "message",
			content: "Ines: I was at Narva Print from 2010 to 2014, when I joined Lumo Labs.",
			want:    []wf{{"WORKS_AT", "Ines", "Narva Print", "2010-01-01", "2014-01-01"}, {"WORKS_AT", "Ines", "Lumo Labs", "2014-01-01", ""}}},
		{name: "a when clause on a duration takes no date from it", source: "message",
			content: "Ines: I waited for two years, when I joined Lumo Labs.",
			absent:  []wf{{"WORKS_AT", "Ines", "Lumo Labs", "2022-05-15", ""}}},
		{name: "the date of a before clause is not an event's", source: "message",
			content: "Ines: I visited Riga before moving to Tartu in 2019.",
			absent:  []wf{{"VISITED", "Ines", "Riga", "2019-01-01", ""}}},
		{name: "a death said with the tie that it ends", source: "message",
			content: "Ines: My husband Teodor died in 2020.",
			want:    []wf{{"MARRIED_TO", "Ines", "Teodor", "", "2020-01-01"}},
			absent:  []wf{{"MARRIED_TO", "Teodor", "Ines", "ref", ""}}},
		{name: "a pet's death said with the pet", source: "message",
			content: "Ines: Our cat Miso died in February.",
			want:    []wf{{"HAS_PET", "Ines", "Miso", "", "2024-02-01"}},
			absent:  []wf{{"HAS_PET", "Ines", "Miso", "ref", ""}}},
		{name: "an until clause without a date leaves the clause undated", source: "message",
			content: "Ines: I lived in Narva until I met Teodor.",
			want:    []wf{{"LIVES_IN", "Ines", "Narva", "", "ref"}}},
	})
}

// TestExtractCoordinatedPronouns holds pronouns that mean the object of
// the clause before them in the sentence.
func TestExtractCoordinatedPronouns(t *testing.T) {
	runConstructions(t, []construction{
		{name: "it after a common noun object", source: "message",
			content: "Ines: Aivar bought a boat in 2019 and sold it last year.",
			want:    []wf{{"OWNS", "Aivar", "boat", "2019-01-01", "2023-01-01"}}},
		{name: "it is the object, not the place after it", source: "message",
			content: "Ines: Aivar bought a flat in Narva in 2019 and sold it last year.",
			want:    []wf{{"OWNS", "Aivar", "flat", "2019-01-01", "2023-01-01"}},
			absent:  []wf{{"OWNS", "Aivar", "Narva", "", ""}}},
		{name: "them after a team", source: "message",
			content: "Ines: Aivar joined the Narva Ravens in 2021 and left them in 2023.",
			want:    []wf{{"PLAYS_FOR", "Aivar", "Narva Ravens", "2021-01-01", "2023-01-01"}}},
		{name: "them in the next sentence", source: "message",
			content: "Ines: Aivar joined the Narva Ravens in 2021. He left them in 2023.",
			want:    []wf{{"PLAYS_FOR", "Aivar", "Narva Ravens", "2021-01-01", "2023-01-01"}}},
		{name: "them is no person's organisation", source: "message",
			content: "Ines: I met Aivar and Teodor and thanked them.",
			absent:  []wf{{"THANKS", "Ines", "Aivar", "", ""}}},
	})
}

// TestExtractStudies holds what one studies and where.
func TestExtractStudies(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a subject and a school", source: "message",
			content: "Ines: Aivar studies law at Narva College.",
			want:    []wf{{"STUDIES_AT", "Aivar", "Narva College", "ref", ""}, {"STUDIES", "Aivar", "law", "ref", ""}}},
		{name: "a school named with its town", source: "message",
			content: "Ines: Aivar is studying at Trinity College Tartu.",
			want:    []wf{{"STUDIES_AT", "Aivar", "Trinity College Tartu", "ref", ""}}},
		{name: "a verb in -s the tagger took for a plural noun", source: "message",
			content: "Ines: Mette teaches chemistry at Harlow School.",
			want:    []wf{{"WORKS_AT", "Mette", "Harlow School", "ref", ""}}},
	})
}

// TestExtractCouples holds "we" said of a couple by one of them, with no
// one spoken to: the other is the partner the episodes named.
func TestExtractCouples(t *testing.T) {
	runConstructions(t, []construction{
		{name: "we married, the partner named in an earlier episode", source: "message",
			previous: []string{"Ines: My partner Teodor and I moved to Tartu."},
			content:  "Ines: We got married on 12 April.",
			want:     []wf{{"MARRIED_TO", "Ines", "Teodor", "2024-04-12", ""}}},
		{name: "we engaged, the partner named in the same episode", source: "message",
			content: "Ines: My boyfriend Teodor proposed last night. We're engaged!",
			want:    []wf{{"ENGAGED_TO", "Ines", "Teodor", "ref", ""}}},
		{name: "we split up ends the tie", source: "message",
			previous: []string{"Ines: I've been dating Teodor Kask since February."},
			content:  "Ines: We broke up last week.",
			want:     []wf{{"IS_DATING", "Ines", "Teodor Kask", "", "2024-05-08"}}},
		{name: "no partner named, no one to marry", source: "message",
			content: "Ines: We got married on 12 April.",
			absent:  []wf{{"MARRIED_TO", "Ines", "*", "", ""}}},
		{name: "two partners named, no guess", source: "message",
			previous: []string{"Ines: My ex-boyfriend Aivar moved to Narva.", "Ines: I'm dating Teodor now. My boyfriend Aivar was jealous."},
			content:  "Ines: We got engaged.",
			absent:   []wf{{"ENGAGED_TO", "Ines", "*", "", ""}}},
		{name: "a partner is no job", source: "message",
			content: "Ines: My partner Teodor works at Narva Print.",
			want:    []wf{{"PARTNER_OF", "Teodor", "Ines", "ref", ""}},
			absent:  []wf{{"HAS_JOB_TITLE", "Teodor", "partner", "", ""}}},
		{name: "a partner in a firm is one", source: "message",
			content: "Ines: Teodor became a partner at Kask & Tamm in 2021.",
			want:    []wf{{"HAS_JOB_TITLE", "Teodor", "partner", "2021-01-01", ""}}},
		{name: "promoted to a title whose second noun the tagger took for an adjective", source: "message",
			content: "Ines: Got promoted to charge nurse today.",
			want:    []wf{{"HAS_JOB_TITLE", "Ines", "charge nurse", "2024-05-15", ""}}},
	})
}

// TestExtractNotice holds a notice or a resignation handed in: the end of
// a job.
func TestExtractNotice(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a notice handed in at an organisation", source: "message",
			content: "Ines: I handed in my notice at Narva Print on Monday.",
			want:    []wf{{"WORKS_AT", "Ines", "Narva Print", "", "2024-05-13"}}},
		{name: "a notice given ends the job the episode told", source: "message",
			content: "Ines: I work at Narva Print. Yesterday I gave my notice.",
			want:    []wf{{"WORKS_AT", "Ines", "Narva Print", "", "2024-05-14"}}},
		{name: "a resignation submitted to an organisation",
			content: "Aivar Tamm submitted his resignation to Kelder Tools in April.",
			want:    []wf{{"WORKS_AT", "Aivar Tamm", "Kelder Tools", "", "2024-04-01"}}},
		{name: "a notice given to someone else is no end of one's job", source: "message",
			content: "Ines: I work at Narva Print. The landlord gave us notice.",
			want:    []wf{{"WORKS_AT", "Ines", "Narva Print", "ref", ""}}},
	})
}

// TestExtractReplacements holds a drug or a plan replaced by another,
// said of the old one.
func TestExtractReplacements(t *testing.T) {
	runConstructions(t, []construction{
		{name: "it changed to another drug ends it for its taker", source: "message",
			content: "Ines: I was put on nifedipine in January. In April my doctor changed it to valsartan.",
			want:    []wf{{"TAKES_MEDICATION", "Ines", "nifedipine", "2024-01-01", "2024-04-01"}, {relSwitchedMedication, "Ines", "valsartan", "2024-04-01", ""}}},
		{name: "a hormone is a drug one is switched to", source: "message",
			content: "Ines: I was on metformin until April, when my doctor switched me to insulin.",
			want:    []wf{{"TAKES_MEDICATION", "Ines", "metformin", "", "2024-04-01"}, {relSwitchedMedication, "Ines", "insulin", "2024-04-01", ""}}},
		{name: "a hormone taken since a year", source: "message",
			content: "Ines: I have been taking estrogen since 2021.",
			want:    []wf{{"TAKES_MEDICATION", "Ines", "estrogen", "2021-01-01", ""}}},
		{name: "a possessed plan changed to another", source: "message",
			content: "Ines: I changed my plan to the Pro tier in April.",
			want:    []wf{{"ON_PLAN", "Ines", "Pro tier", "2024-04-01", ""}},
			absent:  []wf{{"ON_PLAN", "plan", "*", "", ""}}},
		{name: "a degree finished at a university ends the studies", source: "message",
			content: "Ines: Two years ago I finished my degree at Narva College.",
			want:    []wf{{"STUDIES_AT", "Ines", "Narva College", "", "2022-05-15"}}},
		{name: "a degree's field before its school", source: "message",
			content: "Ines: I'm doing a degree in law at Narva College.",
			want:    []wf{{"STUDIES_AT", "Ines", "Narva College", "ref", ""}},
			absent:  []wf{{"STUDIES_AT", "Ines", "law", "", ""}}},
		{name: "a car traded in for another is no longer owned", source: "message",
			content: "Ines: In May I traded in my Volvo for a Tesla.",
			want:    []wf{{"OWNS", "Ines", "Volvo", "", "2024-05-01"}, {"OWNS", "Ines", "Tesla", "2024-05-01", ""}}},
		{name: "a bike exchanged for a kayak", source: "message",
			content: "Ines: Last week I exchanged my bike for a kayak.",
			want:    []wf{{"OWNS", "Ines", "bike", "", "2024-05-08"}, {"OWNS", "Ines", "kayak", "2024-05-08", ""}}},
	})
}

func TestExtractTakenOff(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a doctor takes one off a drug", source: "message",
			content: "Diego: My doctor took me off lisinopril last week.",
			want:    []wf{{"TAKES_MEDICATION", "Diego", "lisinopril", "", "2024-05-08"}}},
		{name: "taken off a drug, in the passive", source: "message",
			content: "Diego: I was taken off lisinopril in April.",
			want:    []wf{{"TAKES_MEDICATION", "Diego", "lisinopril", "", "2024-04-01"}}},
		{name: "came off a drug", source: "message",
			content: "Diego: I came off sertraline in June.",
			want:    []wf{{"TAKES_MEDICATION", "Diego", "sertraline", "", "2023-06-01"}}},
		{name: "laid off with a time after it keeps the particle", source: "message",
			content: "Diego: Vela Print laid me off last week.",
			want:    []wf{{"WORKS_AT", "Diego", "Vela Print", "", "2024-05-08"}}},
	})
}

func TestExtractPossessedThings(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a relative's brewery is not the relative", source: "message",
			content: "Oskar: I work at my uncle Ivar's brewery.",
			want:    []wf{{"UNCLE_OF", "Ivar", "Oskar", "ref", ""}, {"WORKS_AT", "Oskar", "Ivar's brewery", "ref", ""}},
			absent:  []wf{{"WORKS_AT", "Oskar", "Ivar", "", ""}}},
		{name: "a relative's car is not the relative", source: "message",
			content: "Oskar: I borrowed my brother Ivar's car.",
			absent:  []wf{{"BORROWS", "Oskar", "Ivar", "", ""}}},
		{name: "a company's team still stands for the company", source: "message",
			content: "Oskar: Ivar plays for Kessington Rovers' youth team.",
			want:    []wf{{"PLAYS_FOR", "Ivar", "Kessington Rovers", "ref", ""}}},
		{name: "a club named for a man is the club, not his belonging", source: "message",
			content: "Oskar: Ivar plays for Tomas Berglund's youth team.",
			want:    []wf{{"PLAYS_FOR", "Ivar", "Tomas Berglund", "ref", ""}},
			absent:  []wf{{"PLAYS_FOR", "Ivar", "Tomas Berglund's youth team", "", ""}}},
		{name: "dating someone with a job is a date, not the job's tie", source: "message",
			content: "Carlos: Ana is dating a dentist named Tomas.",
			want:    []wf{{"IS_DATING", "Ana", "Tomas", "ref", ""}},
			absent:  []wf{{"DENTIST_OF", "*", "Ana", "", ""}}},
	})
}
