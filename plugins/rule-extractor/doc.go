// Command rule-extractor is mnemo's offline default plugin: it extracts
// entities and facts from episodes and resolves duplicates and
// contradictions without an LLM. docs/rule-extractor.md says what it
// catches and what it misses.
//
// Built for wasip1 (main.go) it registers its three handlers with the
// SDK: extract, resolve_entities and resolve_facts. Built for the host
// (main_host.go) it is a small command that runs one handler on a JSON
// request from standard input, for trying rules out:
//
//	go run ./plugins/rule-extractor -call extract < request.json
//
// # How extraction works
//
// A message or text episode is split into utterances ("Name: text" lines;
// speakers.go), sentences and tokens (text.go). In each sentence, date
// expressions are found and resolved against the reference time
// (dates.go), capitalized names, acronyms and quoted titles are collected
// with a guessed kind (entities.go), and the relation table (patterns.go)
// is matched: each row is a phrase in a small pattern language ("<move>
// from {o} to {o2}") with the facts it produces, so a new relation is a new
// row. The matcher (match.go) finds the subject to the left of the phrase
// across auxiliaries and adverbs, reads tense, negation and modality from
// the words it skipped, and places the fact in time. JSON episodes are
// flattened (jsonep.go). Kinds are mapped onto the tenant's ontology at
// the end (ontology.go).
//
// # Conventions
//
//   - Speakers. A speaker is a Person entity. I, me, my, we, us and our
//     resolve to the speaker (a "we" group is not an entity of its own);
//     you and your to the nearest earlier other speaker of this episode or
//     the previous ones; he, she and her to the one person named before
//     them in the utterance other than the clause's subjects, the last
//     subject among several, else the last person of the previous
//     episodes; it to an organisation (context.go).
//   - Roles. In user/assistant transcripts the user is the Person "User",
//     or the name the label gives ("Chloé(user): …").
//     The assistant's turns are context only: nothing is extracted from
//     them, because an assistant's "I" is not a memory about anyone and
//     its turns are mostly suggestions; "you" in a user's turn, which
//     means the assistant, resolves to no one.
//   - Time. A present-tense state ("I live in Paris") is valid from the
//     reference time, as the Zep paper's extraction prompt does: it is
//     known to hold from then, unless the sentence dates it ("since 2018",
//     "for three years"). A start ("moved to", "just started at", "joined")
//     is valid from its date, else the reference time. An end ("quit",
//     "left", "no longer", "don't ... anymore", "used to", a past-tense
//     state) is invalid from its date, else the reference time. An event
//     ("visited") is valid at its date, unknown without one. Dates are
//     truncated to their precision (a day at midnight, a month on its
//     first day, a year on January 1st) in the reference time's zone.
//   - Negations ("I don't work at X"), plans and wishes ("want to",
//     "going to", modals, "if"), questions and a progressive start without
//     a date ("I'm moving to Berlin") produce no fact.
//   - Types. Without an ontology an entity's Type is its kind (Person,
//     Organization, Location, Pet, Product, Work, Occupation, Identifier,
//     Date, Event), so type filters work offline. With one, it is an
//     ontology type its kind maps onto by name or synonym; when the
//     ontology has none, Type is empty and the kind is kept in the
//     attribute "kind", which resolve_entities reads back to keep a person
//     from merging with a place.
//
// # Libraries considered
//
// github.com/jdkato/prose/v2 (v2.0.0, June 2020, its last release) was
// measured and not used. Its tagger and NER model are loaded per process
// from data embedded in the binary: a wasip1 build grows from 3.5 MB to
// 9.6 MB, loading the model takes about 260 ms (on the host, more under
// wazero, and again in every plugin instance), and a 40-word message then
// takes about 12 ms, roughly a hundred times the cost of these rules. Its
// NER also misread the sample sentences that matter here: the speaker
// "Alice" as GPE, "IBM" as PERSON, "Acme Corp" as FACILITY, and it kept
// "Rex." as a token. The part-of-speech tags alone would not pay for that
// cost, so names come from capitalization, word lists and the relation
// patterns instead.
//
// github.com/olebedev/when (v1.1.0) was measured and not used: on the
// expressions this plugin needs it missed "in June 2021", "in 2019",
// "last year" and "last week I quit", resolved "last June" to the coming
// June, "2024-03-03" to a time of day and "on March 3, 2024" without its
// year, and took about 110 µs per short message because every rule scans
// the whole text. It also returns one date per text, while facts need the
// date of their own clause. dates.go resolves the expressions listed in
// docs/rule-extractor.md directly on tokens.
//
// # Speed
//
// About 0.1 ms for a 100-word message and 0.16 ms for a 2 KB session on
// the host (BenchmarkExtract), about 1.05 ms and 1.2 ms compiled for
// wasip1 under wazero; the 948 LongMemEval oracle sessions (14 KB on
// average, assistant turns included) took 0.15 to 0.35 ms each on the
// host.
package main
