package main

import (
	"fmt"
	"strings"
)

// temporal says how a pattern's fact is placed in time.
type temporal int

const (
	// tState is an ongoing state (LIVES_IN). Present tense: valid from the
	// date, else from the reference time. Past tense ("I lived in"): ended,
	// invalid at the reference time unless a date says when.
	tState temporal = iota
	// tTrait is a state whose past tense does not end it ("I liked the
	// film" is not "I no longer like it"): present as tState, past dated
	// only when a date is given.
	tTrait
	// tStart begins a state (moved to → LIVES_IN): valid from the date,
	// else from the reference time.
	tStart
	// tEnd ends a state (quit → WORKS_AT): invalid from the date, else from
	// the reference time.
	tEnd
	// tEvent happened once (VISITED): valid at the date when one is given,
	// at the reference time in the present tense, else unknown.
	tEvent
)

// Slots a pattern's outputs take their endpoints from.
const (
	slotSubject = "s"  // the subject left of the phrase
	slotObject  = "o"  // {o}
	slotObject2 = "o2" // {o2}
	slotPoss    = "p"  // {p}: "my", "your", "Alice's"
	slotJob     = "j"  // {j}: a job title noun phrase
	slotWord    = "k"  // the word a (…) group captured, as an entity
	// slotPartner is the other one of a compound subject ("Sam and I got
	// married").
	slotPartner = "partner"
	// slotOrg is the organisation the context names: the one a title
	// belongs to when the phrase does not say ("stepped down as CEO").
	slotOrg = "org"
)

// output is one fact a pattern produces.
type output struct {
	rel      string
	src, dst string
	temporal temporal
	// text and past are fact templates: {s} {o} {o2} {p} {j} name the
	// slots' entities, {k} the captured word, {aj} the job title with its
	// article. past is used for the past tense and for ends; empty means
	// text.
	text, past string
	// srcKind and dstKind are the kinds the pattern implies for its ends.
	srcKind, dstKind kind
}

// relSwitchedMedication ends the drugs taken before (replacingRels).
const relSwitchedMedication = "SWITCHED_TO_MEDICATION"

// relKin is an output relation standing for the kinship relation of the
// captured word (kinship); relTitle for the relation of the matched title
// ({t}: HAS_CEO), whose source is the organisation.
const (
	relKin   = "@kin"
	relTitle = "@title"
)

// pattern is one relation pattern: a phrase and the facts it produces.
type pattern struct {
	// phrase is the pattern in a small language, matched against
	// lower-case tokens:
	//
	//	<work>        any form of the verb "work" (see verbTable); <be>|<get>
	//	              any form of either
	//	at|for        one of the words
	//	a|an?         optional
	//	(dog|cat)     one of the words, captured as {k}
	//	(%pet)        one of a named word class, captured (%pet, %kin, %adj)
	//	{o} {o2}      an object: a name, a pronoun or (np) a noun phrase
	//	{p}           a possessor: my, your, his, her, Alice's
	//	{j}           a job title ending in a job noun
	//
	// A phrase opening with {p} needs no subject; every other phrase takes
	// its subject from the left of its first word.
	phrase string
	// np lets objects be common noun phrases ("a bakery"), not only names.
	np bool
	// onlyKind and notKind constrain the first object's known kind.
	onlyKind, notKind kind
	// undated patterns ignore dates in the sentence: "my sister Carol
	// moved two weeks ago" dates the move, not the kinship.
	undated bool
	// subjKind, when set, is the only kind of subject the pattern takes.
	subjKind kind
	// relative patterns open with "that" or "which": their subject is the
	// name the clause hangs on ("Helix, the firm that Vertex acquired").
	relative bool
	// ahead patterns may name a date to come in the past tense ("booked
	// a cleaning for June 3").
	ahead bool
	outs  []output

	elems []elem
}

// elemKind is the kind of one element of a compiled phrase.
type elemKind int

const (
	eWords elemKind = iota
	eVerb
	eObj
	eObj2
	ePoss
	eJob
	eTitle
)

// elem is one compiled phrase element.
type elem struct {
	kind    elemKind
	set     wordSet
	verbs   []*verb
	opt     bool
	capture bool
	// any matches any lower-case word that does not end a noun phrase
	// (%w).
	any bool
}

// classes are the word classes a phrase may name with %.
var classes = map[string]wordSet{
	"pet":  petNouns,
	"kin":  kinNouns,
	"appt": apptNouns,
	"adj":  words("best old older young younger little big twin new eldest oldest youngest dear close good step"),
}

// compile parses p.phrase. It panics on a malformed phrase: the table is
// part of the program.
func (p *pattern) compile() {
	for _, f := range strings.Fields(p.phrase) {
		var e elem
		if strings.HasSuffix(f, "?") && len(f) > 1 {
			e.opt, f = true, f[:len(f)-1]
		}
		if strings.HasPrefix(f, "(") && strings.HasSuffix(f, ")") {
			e.capture, f = true, f[1:len(f)-1]
		}
		switch {
		case f == "{o}":
			e.kind = eObj
		case f == "{o2}":
			e.kind = eObj2
		case f == "{p}":
			e.kind = ePoss
		case f == "{j}":
			e.kind = eJob
		case f == "{t}":
			e.kind = eTitle
		case f == "%w":
			e.any = true
		case strings.HasPrefix(f, "<") && strings.HasSuffix(f, ">"):
			e.kind = eVerb
			for _, name := range strings.Split(f, "|") {
				v := verbs[strings.Trim(name, "<>")]
				if v == nil {
					panic(fmt.Sprintf("pattern %q: unknown verb %s", p.phrase, name))
				}
				e.verbs = append(e.verbs, v)
			}
		case strings.HasPrefix(f, "%"):
			e.set = classes[f[1:]]
			if e.set == nil {
				panic(fmt.Sprintf("pattern %q: unknown class %s", p.phrase, f))
			}
		default:
			e.set = words(strings.ReplaceAll(f, "|", " "))
		}
		p.elems = append(p.elems, e)
	}
}

// leadsWithPoss reports whether the phrase opens with {p}.
func (p *pattern) leadsWithPoss() bool {
	return p.elems[0].kind == ePoss
}

// out builds an output.
func out(rel, src, dst string, t temporal, text, past string, srcKind, dstKind kind) output {
	return output{rel: rel, src: src, dst: dst, temporal: t, text: text, past: past, srcKind: srcKind, dstKind: dstKind}
}

// Shorthands for the common subject → object outputs.
func sub(rel string, t temporal, text, past string, dst kind) output {
	return out(rel, slotSubject, slotObject, t, text, past, kindPerson, dst)
}

// patterns is the relation table. Longer matches win over shorter ones at
// the same place; among equal lengths the earlier row wins.
var patterns = compilePatterns([]pattern{
	// Work.
	{phrase: "<be> a|an %w? 's? student|undergraduate|undergrad|postgraduate|postgrad at|of|in {o}", outs: []output{
		sub("STUDIES_AT", tState, "{s} studies at {o}", "{s} studied at {o}", kindOrg)}},
	{phrase: "<start> %w? (grade|school|kindergarten|preschool|nursery|college|university|classes|studies|uni) at {o}", outs: []output{
		sub("STUDIES_AT", tStart, "{s} started {k} at {o}", "", kindOrg)}},
	{phrase: "<work> as a|an {j} at|for|with {o}", np: true, outs: []output{
		sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg),
		out("HAS_JOB_TITLE", slotSubject, slotJob, tState, "{s} works as {aj}", "{s} worked as {aj}", kindPerson, kindOccupation)}},
	{phrase: "<be> now|currently|still? a|an {j} at|for|with {o}", np: true, outs: []output{
		sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg),
		out("HAS_JOB_TITLE", slotSubject, slotJob, tState, "{s} is {aj}", "{s} was {aj}", kindPerson, kindOccupation)}},
	{phrase: "<work> as a|an {j}", outs: []output{
		out("HAS_JOB_TITLE", slotSubject, slotJob, tState, "{s} works as {aj}", "{s} worked as {aj}", kindPerson, kindOccupation)}},
	{phrase: "<be> now|currently|still? a|an {j}", outs: []output{
		out("HAS_JOB_TITLE", slotSubject, slotJob, tState, "{s} is {aj}", "{s} was {aj}", kindPerson, kindOccupation)}},
	{phrase: "<get>|<be> promoted|appointed to|as a|an? {j} at|with|in {o}", np: true, outs: []output{
		sub("WORKS_AT", tStart, "{s} works at {o}", "", kindOrg),
		out("HAS_JOB_TITLE", slotSubject, slotJob, tStart, "{s} was promoted to {j}", "", kindPerson, kindOccupation)}},
	{phrase: "<get>|<be> promoted|appointed to|as a|an? {j}", outs: []output{
		out("HAS_JOB_TITLE", slotSubject, slotJob, tStart, "{s} was promoted to {j}", "", kindPerson, kindOccupation)}},
	{phrase: "<work> remotely|remote|full-time|part-time|freelance|there? at|for {o}", np: true, notKind: kindPerson, outs: []output{
		sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg)}},
	{phrase: "<be> employed at|by|with {o}", np: true, outs: []output{
		sub("WORKS_AT", tState, "{s} is employed at {o}", "{s} was employed at {o}", kindOrg)}},
	{phrase: "<teach> at {o}", np: true, outs: []output{
		sub("WORKS_AT", tState, "{s} teaches at {o}", "{s} taught at {o}", kindOrg)}},
	{phrase: "<start> at|with {o}", outs: []output{
		sub("WORKS_AT", tStart, "{s} started at {o}", "", kindOrg)}},
	{phrase: "<start> working|work at|for {o}", np: true, outs: []output{
		sub("WORKS_AT", tStart, "{s} started working at {o}", "", kindOrg)}},
	{phrase: "<start> a|my new? job at|with {o}", np: true, outs: []output{
		sub("WORKS_AT", tStart, "{s} started a job at {o}", "", kindOrg)}},
	{phrase: "<get> a new? job at|with {o}", np: true, outs: []output{
		sub("WORKS_AT", tStart, "{s} got a job at {o}", "", kindOrg)}},
	{phrase: "<be>|<get> hired by|at {o}", outs: []output{
		sub("WORKS_AT", tStart, "{s} was hired by {o}", "", kindOrg)}},
	{phrase: "<join> {o}", notKind: kindLocation, outs: []output{
		sub("WORKS_AT", tStart, "{s} joined {o}", "", kindOrg)}},
	{phrase: "<join> {o} as a|an {j}", notKind: kindLocation, outs: []output{
		sub("WORKS_AT", tStart, "{s} joined {o}", "", kindOrg),
		out("HAS_JOB_TITLE", slotSubject, slotJob, tStart, "{s} joined {o} as {aj}", "", kindPerson, kindOccupation)}},
	{phrase: "<be> now? at {o} now", notKind: kindLocation, outs: []output{
		sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg)}},
	{phrase: "<be> now at {o}", notKind: kindLocation, outs: []output{
		sub("WORKS_AT", tState, "{s} works at {o}", "{s} worked at {o}", kindOrg)}},
	{phrase: "<join>|<sit>|<be> on? the board of {o}", outs: []output{
		sub("BOARD_MEMBER_OF", tStart, "{s} joined the board of {o}", "", kindOrg)}},
	{phrase: "<leave> {o} for {o2}", notKind: kindLocation, outs: []output{
		sub("WORKS_AT", tEnd, "{s} left {o}", "", kindOrg),
		out("WORKS_AT", slotSubject, slotObject2, tStart, "{s} left {o} for {o2}", "", kindPerson, kindOrg)}},
	{phrase: "<move> {p} practice|office|clinic|business|surgery to {o}", notKind: kindPerson, outs: []output{
		sub("WORKS_AT", tStart, "{s} moved the practice to {o}", "", kindOrg)}},
	{phrase: "<quit> {o}", notKind: kindLocation, outs: []output{
		sub("WORKS_AT", tEnd, "{s} quit {o}", "", kindOrg)}},
	{phrase: "<quit> my|the|a|her|his? job at|with {o}", np: true, outs: []output{
		sub("WORKS_AT", tEnd, "{s} quit the job at {o}", "", kindOrg)}},
	{phrase: "<leave> my|the|a|her|his? job at|with {o}", np: true, outs: []output{
		sub("WORKS_AT", tEnd, "{s} left the job at {o}", "", kindOrg)}},
	{phrase: "<leave> {o}", notKind: kindLocation, outs: []output{
		sub("WORKS_AT", tEnd, "{s} left {o}", "", kindOrg)}},
	{phrase: "<retire>|<resign> from {o}", outs: []output{
		sub("WORKS_AT", tEnd, "{s} left {o}", "", kindOrg)}},
	{phrase: "<be>|<get> laid|fired off? from|by {o}", outs: []output{
		sub("WORKS_AT", tEnd, "{s} was let go by {o}", "", kindOrg)}},
	{phrase: "<found>|<cofound>|<establish> {o}", outs: []output{
		sub("FOUNDED", tEvent, "{s} founded {o}", "", kindOrg)}},
	{phrase: "<be> founded|cofounded|co-founded|established|started|created|set by {o}", outs: []output{
		out("FOUNDED", slotObject, slotSubject, tEvent, "{o} founded {s}", "", kindPerson, kindOrg)}},

	// Companies and their officers.
	{phrase: "<acquire> {o}", outs: []output{
		out("ACQUIRED", slotSubject, slotObject, tEvent, "{s} acquired {o}", "", kindOrg, kindOrg)}},
	{phrase: "<buy>|<purchase> {o}", subjKind: kindOrg, outs: []output{
		out("ACQUIRED", slotSubject, slotObject, tEvent, "{s} acquired {o}", "", kindOrg, kindOrg)}},
	{phrase: "<take> over {o}", outs: []output{
		out("ACQUIRED", slotSubject, slotObject, tEvent, "{s} took over {o}", "", kindOrg, kindOrg)}},
	{phrase: "<be> acquired|bought|purchased|taken by {o}", outs: []output{
		out("ACQUIRED", slotObject, slotSubject, tEvent, "{o} acquired {s}", "", kindOrg, kindOrg)}},
	{phrase: "that|which {o} <acquire>|<buy>|<purchase>", relative: true, outs: []output{
		out("ACQUIRED", slotObject, slotSubject, tEvent, "{o} acquired {s}", "", kindOrg, kindOrg)}},
	{phrase: "that|which|who <found>|<cofound> {o}", relative: true, outs: []output{
		sub("FOUNDED", tEvent, "{s} founded {o}", "", kindOrg)}},
	{phrase: "<be> the|its|their|a|an? new|interim|acting|current? {t} of|at {o}", outs: []output{
		out(relTitle, slotObject, slotSubject, tState, "{s} is the {t} of {o}", "{s} was the {t} of {o}", kindOrg, kindPerson)}},
	{phrase: "<become> the|its|their|a|an? new|interim|acting? {t} of|at {o}", outs: []output{
		out(relTitle, slotObject, slotSubject, tStart, "{s} became the {t} of {o}", "", kindOrg, kindPerson)}},
	{phrase: "<become>|<be> named|appointed? the|its|their|a|an? new|interim|acting? {t}", outs: []output{
		out(relTitle, slotOrg, slotSubject, tStart, "{s} became the {t} of {org}", "", kindOrg, kindPerson)}},
	{phrase: "<name>|<appoint>|<hire>|<elect>|<promote> {o} as|to its|the|their|a|an? new|interim|acting? {t}", outs: []output{
		out(relTitle, slotSubject, slotObject, tStart, "{o} became the {t} of {s}", "", kindOrg, kindPerson)}},
	{phrase: "<step> down as {t} of|at {o}", outs: []output{
		out(relTitle, slotObject, slotSubject, tEnd, "{s} stepped down as {t} of {o}", "", kindOrg, kindPerson)}},
	{phrase: "<step> down as {t}", outs: []output{
		out(relTitle, slotOrg, slotSubject, tEnd, "{s} stepped down as {t} of {org}", "", kindOrg, kindPerson)}},
	{phrase: "<resign>|<retire> as {t} of|at {o}", outs: []output{
		out(relTitle, slotObject, slotSubject, tEnd, "{s} left as {t} of {o}", "", kindOrg, kindPerson)}},

	// Home.
	{phrase: "<live> in|at {o}", np: true, outs: []output{
		sub("LIVES_IN", tState, "{s} lives in {o}", "{s} lived in {o}", kindLocation)}},
	{phrase: "<be> back in {o}", outs: []output{
		sub("LIVES_IN", tState, "{s} lives in {o}", "{s} lived in {o}", kindLocation)}},
	{phrase: "<be> based|located in {o}", outs: []output{
		sub("LIVES_IN", tState, "{s} is based in {o}", "{s} was based in {o}", kindLocation)}},
	{phrase: "<reside> in {o}", np: true, outs: []output{
		sub("LIVES_IN", tState, "{s} lives in {o}", "{s} lived in {o}", kindLocation)}},
	{phrase: "<move>|<relocate> back? to|into {o}", np: true, outs: []output{
		sub("LIVES_IN", tStart, "{s} moved to {o}", "", kindLocation)}},
	{phrase: "<settle> down? in {o}", outs: []output{
		sub("LIVES_IN", tStart, "{s} settled in {o}", "", kindLocation)}},
	{phrase: "<move>|<relocate> from {o} to {o2}", outs: []output{
		sub("LIVES_IN", tEnd, "{s} moved away from {o}", "", kindLocation),
		out("LIVES_IN", slotSubject, slotObject2, tStart, "{s} moved to {o2}", "", kindPerson, kindLocation)}},
	{phrase: "<move>|<relocate> to {o} from {o2}", outs: []output{
		sub("LIVES_IN", tStart, "{s} moved to {o}", "", kindLocation),
		out("LIVES_IN", slotSubject, slotObject2, tEnd, "{s} moved away from {o2}", "", kindPerson, kindLocation)}},
	{phrase: "<move> out|away of|from {o}", np: true, outs: []output{
		sub("LIVES_IN", tEnd, "{s} moved away from {o}", "", kindLocation)}},
	{phrase: "<leave> {o}", onlyKind: kindLocation, outs: []output{
		sub("LIVES_IN", tEnd, "{s} left {o}", "", kindLocation)}},
	{phrase: "<be> originally? from {o}", outs: []output{
		sub("IS_FROM", tTrait, "{s} is from {o}", "", kindLocation)}},
	{phrase: "<be> born in {o}", outs: []output{
		sub("BORN_IN", tEvent, "{s} was born in {o}", "", kindLocation)}},
	{phrase: "<grow> up in {o}", outs: []output{
		sub("GREW_UP_IN", tEvent, "{s} grew up in {o}", "", kindLocation)}},

	// Partners, family, friends, colleagues.
	{phrase: "<be> married to {o}", outs: []output{
		sub("MARRIED_TO", tState, "{s} is married to {o}", "{s} was married to {o}", kindPerson)}},
	{phrase: "<get> married to {o}", outs: []output{
		sub("MARRIED_TO", tStart, "{s} married {o}", "", kindPerson)}},
	{phrase: "<get> married", outs: []output{
		out("MARRIED_TO", slotSubject, slotPartner, tStart, "{s} married {partner}", "", kindPerson, kindPerson)}},
	{phrase: "<get> engaged", outs: []output{
		out("ENGAGED_TO", slotSubject, slotPartner, tStart, "{s} got engaged to {partner}", "", kindPerson, kindPerson)}},
	{phrase: "<get> divorced", outs: []output{
		out("MARRIED_TO", slotSubject, slotPartner, tEnd, "{s} divorced {partner}", "", kindPerson, kindPerson)}},
	{phrase: "<break>|<split> up", outs: []output{
		out("IS_DATING", slotSubject, slotPartner, tEnd, "{s} broke up with {partner}", "", kindPerson, kindPerson)}},
	{phrase: "<be> dating|together|seeing", outs: []output{
		out("IS_DATING", slotSubject, slotPartner, tState, "{s} is dating {partner}", "{s} dated {partner}", kindPerson, kindPerson)}},
	{phrase: "<marry> {o}", outs: []output{
		sub("MARRIED_TO", tStart, "{s} married {o}", "", kindPerson)}},
	{phrase: "<divorce> {o}", outs: []output{
		sub("MARRIED_TO", tEnd, "{s} divorced {o}", "", kindPerson)}},
	{phrase: "<be>|<get> divorced from {o}", outs: []output{
		sub("MARRIED_TO", tEnd, "{s} divorced {o}", "", kindPerson)}},
	{phrase: "<be> engaged to {o}", outs: []output{
		sub("ENGAGED_TO", tState, "{s} is engaged to {o}", "{s} was engaged to {o}", kindPerson)}},
	{phrase: "<get> engaged to {o}", outs: []output{
		sub("ENGAGED_TO", tStart, "{s} got engaged to {o}", "", kindPerson)}},
	{phrase: "<date> {o}", outs: []output{
		sub("IS_DATING", tState, "{s} is dating {o}", "{s} dated {o}", kindPerson)}},
	{phrase: "<be> seeing {o}", onlyKind: kindPerson, outs: []output{
		sub("IS_DATING", tState, "{s} is dating {o}", "{s} dated {o}", kindPerson)}},
	{phrase: "<start> dating|seeing {o}", outs: []output{
		sub("IS_DATING", tStart, "{s} started dating {o}", "", kindPerson)}},
	{phrase: "<break>|<split> up with {o}", outs: []output{
		sub("IS_DATING", tEnd, "{s} broke up with {o}", "", kindPerson)}},
	{phrase: "<be> best|good|close? friends with {o}", outs: []output{
		sub("FRIEND_OF", tState, "{s} is friends with {o}", "{s} was friends with {o}", kindPerson)}},
	{phrase: "<manage> {o}", onlyKind: kindPerson, outs: []output{
		sub("MANAGER_OF", tState, "{s} manages {o}", "{s} managed {o}", kindPerson)}},
	{phrase: "<report> to {o}", outs: []output{
		sub("REPORTS_TO", tState, "{s} reports to {o}", "{s} reported to {o}", kindPerson)}},
	{phrase: "<work> with {o}", onlyKind: kindPerson, outs: []output{
		sub("COLLEAGUE_OF", tState, "{s} works with {o}", "{s} worked with {o}", kindPerson)}},
	{phrase: "<meet> {o}", notKind: kindLocation, outs: []output{
		sub("MET", tEvent, "{s} met {o}", "", kindPerson)}},
	{phrase: "{p} %adj? (%kin) ,? named|called? {o}", undated: true, outs: []output{
		out(relKin, slotObject, slotPoss, tState, "{o} is {p}'s {k}", "{o} was {p}'s {k}", kindPerson, kindPerson)}},
	{phrase: "{p} %adj? (%kin) <be> {o}", undated: true, outs: []output{
		out(relKin, slotObject, slotPoss, tState, "{o} is {p}'s {k}", "{o} was {p}'s {k}", kindPerson, kindPerson)}},
	{phrase: "<be> {p} %adj? (%kin)", undated: true, outs: []output{
		out(relKin, slotSubject, slotPoss, tState, "{s} is {p}'s {k}", "{s} was {p}'s {k}", kindPerson, kindPerson)}},
	{phrase: "<have> a|an %adj? (%kin) named|called {o}", outs: []output{
		out(relKin, slotObject, slotSubject, tState, "{o} is {s}'s {k}", "{o} was {s}'s {k}", kindPerson, kindPerson)}},

	// Likes and dislikes.
	{phrase: "<like> {o}", np: true, outs: []output{sub("LIKES", tTrait, "{s} likes {o}", "{s} liked {o}", "")}},
	{phrase: "<love>|<adore> {o}", np: true, outs: []output{sub("LOVES", tTrait, "{s} loves {o}", "{s} loved {o}", "")}},
	{phrase: "<enjoy> {o}", np: true, outs: []output{sub("ENJOYS", tTrait, "{s} enjoys {o}", "{s} enjoyed {o}", "")}},
	{phrase: "<prefer> {o}", np: true, outs: []output{sub("PREFERS", tTrait, "{s} prefers {o}", "{s} preferred {o}", "")}},
	{phrase: "<hate>|<detest> {o}", np: true, outs: []output{sub("HATES", tTrait, "{s} hates {o}", "{s} hated {o}", "")}},
	{phrase: "<dislike> {o}", np: true, outs: []output{sub("DISLIKES", tTrait, "{s} dislikes {o}", "{s} disliked {o}", "")}},
	{phrase: "can|could not stand {o}", np: true, outs: []output{sub("DISLIKES", tTrait, "{s} dislikes {o}", "", "")}},
	{phrase: "<be> really|totally? into {o}", np: true, outs: []output{sub("LIKES", tTrait, "{s} likes {o}", "{s} liked {o}", "")}},
	{phrase: "<be> a|an big|huge|great? fan of {o}", np: true, outs: []output{sub("LIKES", tTrait, "{s} is a fan of {o}", "{s} was a fan of {o}", "")}},

	// Pets.
	{phrase: "<have> a|an|two|three? (%pet) named|called {o}", outs: []output{
		sub("HAS_PET", tState, "{s} has a {k} named {o}", "{s} had a {k} named {o}", kindPet)}},
	{phrase: "<adopt> a|an %w? (%w) named|called {o}", outs: []output{
		sub("HAS_PET", tStart, "{s} adopted a {k} named {o}", "", kindPet)}},
	{phrase: "<adopt>|<get> a|an (%pet) named|called {o}", outs: []output{
		sub("HAS_PET", tStart, "{s} adopted a {k} named {o}", "", kindPet)}},
	{phrase: "{p} (%pet) ,? named|called? {o}", undated: true, outs: []output{
		out("HAS_PET", slotPoss, slotObject, tState, "{p} has a {k} named {o}", "{p} had a {k} named {o}", kindPerson, kindPet)}},
	{phrase: "<have> a|an (%pet)", outs: []output{
		out("HAS_PET", slotSubject, slotWord, tState, "{s} has a {k}", "{s} had a {k}", kindPerson, kindPet)}},
	{phrase: "<adopt>|<get> a|an (%pet)", outs: []output{
		out("HAS_PET", slotSubject, slotWord, tStart, "{s} adopted a {k}", "", kindPerson, kindPet)}},
	{phrase: "<adopt> {o}", outs: []output{sub("ADOPTED", tEvent, "{s} adopted {o}", "", "")}},

	// Things.
	{phrase: "<own> {o}", np: true, outs: []output{sub("OWNS", tState, "{s} owns {o}", "{s} owned {o}", kindProduct)}},
	{phrase: "<buy>|<purchase> {o}", np: true, outs: []output{sub("OWNS", tStart, "{s} bought {o}", "", kindProduct)}},
	{phrase: "<sell> {o}", np: true, outs: []output{sub("OWNS", tEnd, "{s} sold {o}", "", kindProduct)}},
	{phrase: "<drive> {o}", np: true, notKind: kindLocation, outs: []output{sub("DRIVES", tState, "{s} drives {o}", "{s} drove {o}", kindProduct)}},
	{phrase: "<order> {o}", np: true, outs: []output{sub("ORDERED", tEvent, "{s} ordered {o}", "", kindProduct)}},
	{phrase: "{p} (order|orders|booking|reservation|parcel|package|invoice|ticket|subscription|account) number|no|no.|#? {o}", onlyKind: kindIdentifier, undated: true, outs: []output{
		out("HAS_@", slotPoss, slotObject, tState, "{o} is {p}'s {k}", "{o} was {p}'s {k}", kindPerson, kindIdentifier)}},
	{phrase: "<place>|<make> an|a? order|booking|reservation {o}", onlyKind: kindIdentifier, outs: []output{
		out("HAS_ORDER", slotSubject, slotObject, tStart, "{s} placed {o}", "", kindPerson, kindIdentifier)}},
	{phrase: "<be> the|a|an {o}", np: true, subjKind: kindIdentifier, outs: []output{
		out("ITEM", slotSubject, slotObject, tState, "{s} is {o}", "{s} was {o}", kindIdentifier, kindProduct)}},

	// Health.
	{phrase: "<put> {o} on {o2}", np: true, outs: []output{
		out("TAKES_MEDICATION", slotObject, slotObject2, tStart, "{o} takes {o2}", "", kindPerson, kindProduct)}},
	{phrase: "<switch> {o} to {o2}", np: true, onlyKind: kindPerson, outs: []output{
		out(relSwitchedMedication, slotObject, slotObject2, tStart, "{o} takes {o2} instead", "", kindPerson, kindProduct)}},
	{phrase: "<prescribe> {o} {o2}", np: true, onlyKind: kindPerson, outs: []output{
		out("TAKES_MEDICATION", slotObject, slotObject2, tStart, "{o} takes {o2}", "", kindPerson, kindProduct)}},
	{phrase: "<be> on {o}", np: true, subjKind: kindPerson, onlyKind: kindProduct, outs: []output{
		sub("TAKES_MEDICATION", tState, "{s} takes {o}", "{s} took {o}", kindProduct)}},
	{phrase: "<be> allergic to {o}", np: true, outs: []output{
		sub("ALLERGIC_TO", tTrait, "{s} is allergic to {o}", "{s} was allergic to {o}", kindProduct)}},
	{phrase: "<have> a|an|my|the|his|her? %w? %w? (%appt) at|with {o}", outs: []output{
		sub("HAD_APPOINTMENT_AT", tEvent, "{s} had a {k} at {o}", "{s} had a {k} at {o}", kindOrg)}},
	{phrase: "<book>|<schedule>|<have> a|an|my? %w? %w? (%appt) with|at {o}", ahead: true, outs: []output{
		sub("HAS_APPOINTMENT_WITH", tEvent, "{s} booked a {k} with {o}", "{s} booked a {k} with {o}", "")}},

	// School.
	{phrase: "<study> at {o}", notKind: kindLocation, outs: []output{
		sub("STUDIES_AT", tState, "{s} studies at {o}", "{s} studied at {o}", kindOrg)}},
	{phrase: "<be> enrolled at|in {o}", outs: []output{
		sub("STUDIES_AT", tState, "{s} is enrolled at {o}", "{s} was enrolled at {o}", kindOrg)}},
	{phrase: "<study> {o}", np: true, outs: []output{sub("STUDIES", tTrait, "{s} studies {o}", "{s} studied {o}", "")}},
	{phrase: "<graduate> from {o}", outs: []output{
		sub("GRADUATED_FROM", tEvent, "{s} graduated from {o}", "", kindOrg),
		sub("STUDIES_AT", tEnd, "{s} finished studying at {o}", "", kindOrg)}},
	{phrase: "<attend> {o}", outs: []output{sub("ATTENDED", tEvent, "{s} attended {o}", "", "")}},

	// Travel.
	{phrase: "<visit> {o}", np: true, outs: []output{sub("VISITED", tEvent, "{s} visited {o}", "", kindLocation)}},
	{phrase: "<travel>|<fly>|<go> to {o}", notKind: kindPerson, outs: []output{sub("TRAVELED_TO", tEvent, "{s} traveled to {o}", "", kindLocation)}},
	{phrase: "<take> a|an trip to {o}", outs: []output{sub("TRAVELED_TO", tEvent, "{s} took a trip to {o}", "", kindLocation)}},
})

// compilePatterns compiles a table.
func compilePatterns(ps []pattern) []pattern {
	for i := range ps {
		ps[i].compile()
		if ps[i].elems[0].opt {
			panic(fmt.Sprintf("pattern %q: the first element cannot be optional", ps[i].phrase))
		}
	}
	return ps
}

// anchors indexes the patterns by the words their first element accepts,
// in table order; possLed lists the patterns opening with {p}.
var anchors, possLed = func() (map[string][]int, []int) {
	idx := map[string][]int{}
	var poss []int
	for i := range patterns {
		e := &patterns[i].elems[0]
		switch e.kind {
		case ePoss:
			poss = append(poss, i)
		case eVerb:
			seen := map[string]bool{}
			for _, v := range e.verbs {
				for w := range v.forms {
					if !seen[w] {
						seen[w] = true
						idx[w] = append(idx[w], i)
					}
				}
			}
		case eWords:
			if e.any {
				panic(fmt.Sprintf("pattern %q: a phrase cannot open with %%w", patterns[i].phrase))
			}
			for w := range e.set {
				idx[w] = append(idx[w], i)
			}
		default:
			panic(fmt.Sprintf("pattern %q: a phrase opens with a verb, words or {p}", patterns[i].phrase))
		}
	}
	return idx, poss
}()

// kinship maps a kinship noun to its relation and whether it is over
// ("ex-wife").
var kinship = map[string]struct {
	rel   string
	ended bool
}{
	"sister": {"SISTER_OF", false}, "brother": {"BROTHER_OF", false}, "sibling": {"SIBLING_OF", false},
	"mother": {"MOTHER_OF", false}, "mom": {"MOTHER_OF", false}, "mum": {"MOTHER_OF", false},
	"father": {"FATHER_OF", false}, "dad": {"FATHER_OF", false},
	"son": {"SON_OF", false}, "daughter": {"DAUGHTER_OF", false}, "child": {"CHILD_OF", false},
	"wife": {"MARRIED_TO", false}, "husband": {"MARRIED_TO", false}, "spouse": {"MARRIED_TO", false},
	"ex-wife": {"MARRIED_TO", true}, "ex-husband": {"MARRIED_TO", true},
	"fiance": {"ENGAGED_TO", false}, "fiancee": {"ENGAGED_TO", false}, "fiancé": {"ENGAGED_TO", false}, "fiancée": {"ENGAGED_TO", false},
	"girlfriend": {"IS_DATING", false}, "boyfriend": {"IS_DATING", false},
	"ex-girlfriend": {"IS_DATING", true}, "ex-boyfriend": {"IS_DATING", true}, "ex": {"IS_DATING", true},
	"partner": {"PARTNER_OF", false},
	"friend":  {"FRIEND_OF", false}, "roommate": {"ROOMMATE_OF", false}, "neighbor": {"NEIGHBOR_OF", false}, "neighbour": {"NEIGHBOR_OF", false},
	"colleague": {"COLLEAGUE_OF", false}, "coworker": {"COLLEAGUE_OF", false}, "co-worker": {"COLLEAGUE_OF", false},
	"boss": {"MANAGER_OF", false}, "manager": {"MANAGER_OF", false}, "supervisor": {"MANAGER_OF", false},
	"cousin": {"COUSIN_OF", false}, "aunt": {"AUNT_OF", false}, "uncle": {"UNCLE_OF", false},
	"niece": {"NIECE_OF", false}, "nephew": {"NEPHEW_OF", false},
	"grandmother": {"GRANDMOTHER_OF", false}, "grandma": {"GRANDMOTHER_OF", false},
	"grandfather": {"GRANDFATHER_OF", false}, "grandpa": {"GRANDFATHER_OF", false},
	"mentor": {"MENTOR_OF", false}, "teacher": {"TEACHER_OF", false}, "doctor": {"DOCTOR_OF", false},
	"therapist": {"THERAPIST_OF", false}, "dentist": {"DENTIST_OF", false}, "landlord": {"LANDLORD_OF", false},
}

// doctorNouns are the doctors one has ("my cardiologist"): each is a
// kinship noun of relation DOCTOR_OF.
var doctorNouns = words("physician gp cardiologist dermatologist pediatrician paediatrician psychiatrist oncologist neurologist gynecologist gynaecologist urologist endocrinologist rheumatologist allergist surgeon orthopedist optometrist ophthalmologist orthodontist physiotherapist physio osteopath chiropractor midwife nutritionist dietitian radiologist hematologist gastroenterologist nephrologist pulmonologist podiatrist audiologist")

// kinNouns is the set of kinship nouns.
var kinNouns = func() wordSet {
	s := wordSet{}
	for w := range doctorNouns {
		kinship[w] = struct {
			rel   string
			ended bool
		}{"DOCTOR_OF", false}
	}
	for k := range kinship {
		s[k] = struct{}{}
	}
	return s
}()
