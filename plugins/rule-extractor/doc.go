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
// A message or text episode is split into utterances ("Name: text" lines,
// voices such as "Speaker 1", the user when no one is named;
// speakers.go, speakerid.go), sentences and tokens (text.go). In each
// sentence, date expressions are found and resolved against the
// reference time (dates.go), capitalized names, acronyms and quoted
// titles are collected with a guessed kind (entities.go), and package nlp
// parses the sentence: part-of-speech tags, lemmas, noun phrases, verb
// groups and their clauses. Each clause's verb finds its frames in a
// lexicon of relation classes (classes.go) and gives facts (clauses.go)
// when the clause states one (factual.go) and its phrases fit the frame
// (framefit.go), worded from the clause as said (facttext.go); a verb the
// lexicon does not know gives an open relation named after it (open.go).
// Noun phrases
// give facts of their own: kinship and role nouns, titles, pets, records
// (roles.go, phraseties.go, appositive.go). Pronouns and
// possessives resolve through the conversation (context.go, refs.go).
// JSON episodes are flattened (jsonep.go). Kinds are mapped onto the
// tenant's ontology at the end (ontology.go).
//
// # Conventions
//
//   - Speakers. A speaker is a Person entity. I, me, my, we, us and our
//     resolve to the speaker (a "we" group is not an entity of its own);
//     you and your to the nearest earlier other speaker of this episode or
//     the previous ones; he, she and her to the one person named before
//     them in the utterance other than the clause's subjects and the
//     conversation's speaker and addressee (under the names their voices
//     were given), the last subject among several, else the last person
//     of the previous episodes; it to an organisation (context.go).
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
//     a date ("I'm moving to Berlin") produce no fact, but for the tie an
//     ending verb presupposes: "should I quit Acme?" still says one works
//     at Acme (presuppose.go).
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
// docs/rule-extractor.md#libraries has the figures. Package nlp uses
// github.com/jdkato/prose/v2's averaged-perceptron tagger through its
// model, converted by internal/tools/nlpdata into a table read in place
// (prose itself decodes its model into maps on every load: 0.7 s, and
// about 2 MB of gob), and WordNet 3.0 from Debian's wordnet-base for
// lemmas and noun classes. prose's NER was not used: it misread the
// names that matter here (a speaker as GPE, "IBM" as PERSON). golem's
// lemmatizer loads every inflected form of its dictionary into a Go map
// at start, more than a plugin's memory allows, and its English
// dictionary module was not served here. github.com/olebedev/when was
// measured for dates and not used: it missed "in June 2021", "in 2019",
// "last year" and "last week I quit", and returns one date per text,
// while facts need the date of their own clause.
//
// # Speed
//
// docs/rule-extractor.md#speed has the figures: about 0.8 to 1 ms for a
// 100-word message on the host; offline ingestion end to end stays above
// 100 episodes/s, its CPU per episode within that of the pattern table.
package main
