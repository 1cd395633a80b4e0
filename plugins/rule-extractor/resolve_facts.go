package main

import (
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// resolveFacts is the mnemo_resolve_facts handler.
func resolveFacts(req abi.ResolveFactsRequest) (abi.ResolveFactsResponse, error) {
	resp := abi.ResolveFactsResponse{Answers: make([]abi.FactAnswer, 0, len(req.Questions))}
	for _, q := range req.Questions {
		resp.Answers = append(resp.Answers, resolveFact(req.Episode, q))
	}
	return resp, nil
}

// relGroups gathers relation names that mean the same thing; the first of
// each group is its canonical name.
var relGroups = [][]string{
	{"WORKS_AT", "WORKS_FOR", "EMPLOYED_BY", "EMPLOYED_AT", "WORKS_IN", "EMPLOYEE_OF"},
	{"LIVES_IN", "RESIDES_IN", "LIVES_AT", "RESIDENT_OF"},
	{"MARRIED_TO", "SPOUSE_OF", "IS_MARRIED_TO", "HUSBAND_OF", "WIFE_OF"},
	{"ENGAGED_TO", "FIANCE_OF", "IS_ENGAGED_TO"},
	{"IS_DATING", "DATING", "DATES", "BOYFRIEND_OF", "GIRLFRIEND_OF", "IN_RELATIONSHIP_WITH"},
	{"HAS_JOB_TITLE", "HAS_ROLE", "JOB_TITLE", "WORKS_AS", "HAS_OCCUPATION", "HAS_TITLE"},
	{"LIKES", "LOVES", "ENJOYS", "PREFERS", "FAN_OF", "INTERESTED_IN"},
	{"DISLIKES", "HATES"},
	{"STUDIES_AT", "ATTENDS", "STUDENT_AT", "ENROLLED_AT"},
	{"VISITED", "TRAVELED_TO", "TRAVELLED_TO", "VISITS"},
	{"MANAGER_OF", "MANAGES", "BOSS_OF", "SUPERVISES"},
	{"FRIEND_OF", "FRIENDS_WITH", "IS_FRIEND_OF"},
	{"HAS_PET", "OWNS_PET"},
	{"OWNS", "POSSESSES"},
	{"BORN_IN", "WAS_BORN_IN", "BIRTHPLACE"},
	{"TAKES_MEDICATION", "SWITCHED_TO_MEDICATION", "TAKES", "PRESCRIBED"},
	{"REPORTS_TO", "REPORTS_INTO"},
	{"COACHES", "COACH_OF", "HEAD_COACH_OF", "TRAINS"},
	{"PLAYS_FOR", "PLAYS_AT", "PLAYER_OF"},
	{"ON_PLAN", "PLAN", "HAS_PLAN", "SUBSCRIBED_TO", "ON_TIER", "TIER", "SUBSCRIPTION"},
	{"ROOMMATE_OF", "LIVES_WITH", "FLATMATE_OF", "HOUSEMATE_OF"},
	{"DESTINATION", "DESTINATION_OF", "FLIES_TO"},
	{"BASED_IN", "HEADQUARTERED_IN", "HQ_IN"},
	{"ASSIGNED_TO", "HANDLED_BY"},
}

// leaveable are the ties one ends by leaving: an end of one of them ends
// an open fact of another between the same two.
var leaveable = words("worksat livesin playsfor memberof studiesat coaches boardmemberof volunteersat runs")

// inverseRels pair the relations that state one tie from either end.
var inverseRels = map[string]string{"reportsto": "managerof", "managerof": "reportsto"}

// officeRel reports whether a normalized relation names an office an
// organisation gives a person (HAS_CEO, HAS_CFO …, from the organisation).
func officeRel(rel string) bool {
	if officeRels[rel] {
		return true
	}
	// HAS_CEO, HAS_CFO, HAS_CPO …: chief officers.
	return len(rel) == 6 && strings.HasPrefix(rel, "hasc") && strings.HasSuffix(rel, "o")
}

// officeRels are the normalized relations of the titles an extraction
// reads (HAS_PRESIDENT, HAS_TREASURER …), a founder's left out: founding
// is a deed, no office.
var officeRels = func() map[string]bool {
	m := map[string]bool{}
	for _, canon := range titles {
		if canon != "FOUNDER" {
			m[canonRel(titleRelation(canon))] = true
		}
	}
	return m
}()

// ownership are the ties of owning a thing: "sold Fenlow Analytics"
// ends the ownership "acquired" began, and a new owner's either.
var ownership = words("owns acquired")

// thingUses are the uses of a thing one owns: an end of its ownership
// ends them ("sold the Skoda" after "I drive a Skoda", "sold the cafe"
// after "runs the cafe").
var thingUses = words("drives rides uses runs")

// couples are the ties of a couple, which one ending verb ends.
var couples = words("marriedto engagedto isdating")

// singleFields are fields of a record that hold one value at a time,
// however the record was written ("the destination is now Oslo").
var singleFields = words("destination origin status tier seat gate")

// replacingRels are relations whose new fact ends the source's other
// facts of the relation, though the relation holds several targets at
// once: "switched me to losartan" ends the drug taken before.
var replacingRels = words("switchedtomedication")

// canonRels maps a normalized relation name to its normalized canonical
// name.
var canonRels = func() map[string]string {
	m := map[string]string{}
	for _, g := range relGroups {
		for _, r := range g {
			m[normType(r)] = normType(g[0])
		}
	}
	return m
}()

// canonRel returns the normalized canonical name of a relation
// ("employed_by" → "worksat").
func canonRel(rel string) string {
	n := normType(rel)
	if c, ok := canonRels[n]; ok {
		return c
	}
	return n
}

// relProps are the properties of canonical relations the resolver needs.
type relProps struct {
	// functional relations hold one target per source at a time: a new
	// target contradicts the old one.
	functional bool
	// symmetric relations read both ways (MARRIED_TO).
	symmetric bool
	// event relations happen at a time; two on different dates are two
	// events, not duplicates.
	event bool
	// open relations carry their meaning in the text, not the name; their
	// duplicates need similar texts.
	open bool
	// antonym is the relation that contradicts this one for the same ends.
	antonym string
	// ends are the relations between the same two that this one ends when
	// it begins after them (a marriage ends the engagement).
	ends []string
}

// relTable lists the relations with properties, by normalized canonical
// name; others have none.
var relTable = normalizeRelTable(map[string]relProps{
	"WORKS_AT":        {functional: true},
	"LIVES_IN":        {functional: true},
	"BASED_IN":        {functional: true},
	"HAS_JOB_TITLE":   {functional: true},
	"HAS_AGE":         {functional: true},
	"STUDIES_AT":      {functional: true},
	"DRIVES":          {functional: true},
	"BORN_IN":         {functional: true, event: true},
	"MARRIED_TO":      {functional: true, symmetric: true, ends: []string{"ENGAGED_TO", "IS_DATING"}},
	"ENGAGED_TO":      {functional: true, symmetric: true, ends: []string{"IS_DATING"}},
	"IS_DATING":       {functional: true, symmetric: true},
	"REPORTS_TO":      {functional: true},
	"COACHES":         {functional: true},
	"PLAYS_FOR":       {functional: true},
	"ON_PLAN":         {functional: true},
	"DESTINATION":     {functional: true},
	"ORIGIN":          {functional: true},
	"PASSENGER":       {functional: true},
	"INSURED_WITH":    {functional: true},
	"PATIENT_AT":      {functional: true},
	"PLACED_IN":       {functional: true},
	"HELD_AT":         {functional: true},
	"LOCATED_AT":      {functional: true},
	"SUBSIDIARY_OF":   {functional: true},
	"PART_OF":         {functional: true},
	"REGISTERED_WITH": {functional: true},
	"IN_BED":          {functional: true},
	// A company has many officers and directors: a record that names
	// one appointed adds them, it replaces none.
	"OFFICER":                {},
	"DIRECTOR":               {},
	"ROOMMATE_OF":            {symmetric: true},
	"RECEIVED_VACCINE":       {event: true},
	"DIAGNOSED_WITH":         {event: true},
	"HAS_CEO":                {functional: true},
	"HAS_CFO":                {functional: true},
	"HAS_CTO":                {functional: true},
	"HAS_COO":                {functional: true},
	"HAS_PRESIDENT":          {functional: true},
	"HAS_CHAIR":              {functional: true},
	"ASSIGNED_TO":            {functional: true},
	"HAS_TREASURER":          {functional: true},
	"HAS_PRINCIPAL":          {functional: true},
	"HAS_CAPTAIN":            {functional: true},
	"HAS_EXECUTIVE_DIRECTOR": {functional: true},
	"HAS_MANAGING_DIRECTOR":  {functional: true},
	"HAS_GENERAL_COUNSEL":    {functional: true},
	"HAS_COMPANY_SECRETARY":  {functional: true},
	"ACQUIRED":               {event: true},
	"ORDERED":                {event: true},
	"HAD_APPOINTMENT_AT":     {event: true},
	"HAS_APPOINTMENT_WITH":   {event: true},
	"FRIEND_OF":              {symmetric: true},
	"COLLEAGUE_OF":           {symmetric: true},
	"SIBLING_OF":             {symmetric: true},
	"LIKES":                  {antonym: "DISLIKES"},
	"DISLIKES":               {antonym: "LIKES"},
	"VISITED":                {event: true},
	"MET":                    {event: true},
	"ATTENDED":               {event: true},
	"GRADUATED_FROM":         {event: true},
	"FOUNDED":                {event: true},
	"ADOPTED":                {event: true},
	"GREW_UP_IN":             {event: true},
	"RELATES_TO":             {open: true},
	"RELATED_TO":             {open: true},
	"MENTIONS":               {open: true},
	"IS":                     {open: true},
	"HAS":                    {open: true},
	"ASSOCIATED_WITH":        {open: true},
	"HAS_ATTRIBUTE":          {open: true},
	"HAS_PROPERTY":           {open: true},
})

// normalizeRelTable normalizes the names of a relation table.
func normalizeRelTable(t map[string]relProps) map[string]relProps {
	out := make(map[string]relProps, len(t))
	for k, v := range t {
		v.antonym = canonRel(v.antonym)
		for i, r := range v.ends {
			v.ends[i] = canonRel(r)
		}
		out[canonRel(k)] = v
	}
	return out
}

// similarity is the token-set similarity (Jaccard) above which two fact
// texts say the same thing.
const similarity = 0.6

// rfact is a fact prepared for resolution.
type rfact struct {
	uuid           string
	src, dst       string // endpoint identities: uuids, else normalized names
	rel            string // canonical relation
	props          relProps
	text           string // normalized text
	tokens         map[string]bool
	valid, invalid time.Time
	// replaces marks a fact that ends the source's other targets of its
	// relation (replacingRels).
	replaces bool
	// named is set when the target is a name said without an article
	// ("The Brass Kettle", "8 Tamarind Close"), not "a bike".
	named bool
	// role is the title a fact of work says the work is held as
	// ("… works at Ferrovia Logistics as a senior analyst").
	role string
}

// prepare parses a fact's fields; unparsable dates count as unknown.
func prepare(f abi.Fact) rfact {
	r := prepareEnds(f)
	r.text = core.NormalizeName(f.Fact)
	r.tokens = contentTokens(f.Fact)
	return r
}

// prepareEnds parses what contradicts reads: the relation, the ends and
// the interval, not the text. Most candidates are only checked for a
// contradiction, and tokenizing their texts was most of the resolver's
// time.
func prepareEnds(f abi.Fact) rfact {
	r := rfact{uuid: f.UUID, rel: canonRel(f.Relation)}
	r.props = relTable[r.rel]
	r.replaces = replacingRels.has(normType(f.Relation))
	if _, known := relTable[r.rel]; !known && (isChiefTitle(r.rel) || singleFields.has(r.rel)) {
		// HAS_CMO, HAS_CIO, …: an organisation has one at a time.
		r.props.functional = true
	}
	r.src, r.dst = f.SourceUUID, f.TargetUUID
	if r.src == "" || r.dst == "" {
		r.src, r.dst = core.NormalizeName(f.Source), core.NormalizeName(f.Target)
	}
	r.valid = parseTime(f.ValidAt)
	r.invalid = parseTime(f.InvalidAt)
	r.named = namedTarget(f)
	if r.rel == "worksat" {
		r.role = workRole(f)
	}
	return r
}

// workRole returns the title a fact of work says it is held as, after
// its target: "Inês works at Ferrovia Logistics as a senior analyst" is
// work as a senior analyst; "Ana became a cashier at Lidl" names none.
func workRole(f abi.Fact) string {
	i := strings.LastIndex(f.Fact, f.Target)
	if f.Target == "" || i < 0 {
		return ""
	}
	rest, ok := strings.CutPrefix(f.Fact[i+len(f.Target):], " as ")
	if !ok {
		return ""
	}
	if a, ok := strings.CutPrefix(rest, "a "); ok {
		rest = a
	} else if a, ok := strings.CutPrefix(rest, "an "); ok {
		rest = a
	}
	return strings.ToLower(rest)
}

// otherRole reports whether two facts of work at one place hold it as
// two titles: the later ends the earlier (a promotion), and neither
// duplicates the other.
func otherRole(n, e rfact) bool {
	return n.rel == "worksat" && e.rel == "worksat" && n.role != "" && e.role != "" && n.role != e.role &&
		n.src == e.src && n.dst == e.dst
}

// namedTarget reports whether a fact's target is a name its text says
// without an indefinite article: a capital or a digit opens it.
func namedTarget(f abi.Fact) bool {
	t := f.Target
	if t == "" {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(t); !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		return false
	}
	low := strings.ToLower(f.Fact)
	lt := strings.ToLower(t)
	return !strings.Contains(low, " a "+lt) && !strings.Contains(low, " an "+lt)
}

// parseTime parses an RFC 3339 time; "" or garbage is the zero time.
func parseTime(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// factStop are words left out of the token sets of fact texts.
var factStop = words("a an the is are was were be been of to in at on and or for with by from as that this it its their his her")

// contentTokens returns the set of content words of a text.
func contentTokens(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range tokenize(s) {
		if t.word && !factStop.has(t.lower) && t.lower != "'s" {
			out[t.lower] = true
		}
	}
	return out
}

// jaccard is the Jaccard similarity of two token sets.
func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	inter := 0
	for t := range a {
		if b[t] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// overlap reports whether two validity intervals may overlap; an unknown
// bound is open.
func overlap(a, b rfact) bool {
	if !a.invalid.IsZero() && !b.valid.IsZero() && !a.invalid.After(b.valid) {
		return false
	}
	if !b.invalid.IsZero() && !a.valid.IsZero() && !b.invalid.After(a.valid) {
		return false
	}
	return true
}

// sameEnds reports whether two facts join the same entities, either way
// round for symmetric relations.
func sameEnds(a, b rfact) bool {
	if a.src == b.src && a.dst == b.dst {
		return true
	}
	return a.props.symmetric && a.src == b.dst && a.dst == b.src
}

// sameDay reports whether two known times fall on the same UTC day.
func sameDay(a, b time.Time) bool {
	return a.UTC().Format(time.DateOnly) == b.UTC().Format(time.DateOnly)
}

// isDuplicate reports whether the new fact n says what e says. A new fact
// with an end (invalid_at) that matches an open existing fact is its
// duplicate: the pipeline carries the end over.
func isDuplicate(n, e rfact) bool {
	if n.valid.IsZero() && !n.invalid.IsZero() && n.src == e.dst && n.dst == e.src && overlap(n, e) {
		switch {
		case inverseRels[n.rel] == e.rel:
			// "I don't report to Hanne any more" ends "Hanne is my
			// manager".
			return true
		case n.rel == "worksat" && officeRel(e.rel):
			// "Priya Raman will leave the company" ends "Brightwater's
			// CFO is Priya Raman".
			return true
		}
	}
	if !sameEnds(n, e) {
		return n.text != "" && n.text == e.text && n.src == e.src && n.dst == e.dst
	}
	if n.text != "" && n.text == e.text {
		return overlap(n, e) || n.props.event
	}
	if otherRole(n, e) {
		return false
	}
	if n.rel != e.rel {
		// "left Velvet Harbor" ends whatever tie the text named before:
		// a job, a home, a team, a school.
		// "Niamh and I separated" ends a couple's tie, whichever the
		// text named before: dating, an engagement, a marriage.
		return n.valid.IsZero() && !n.invalid.IsZero() && (leaveable.has(n.rel) && leaveable.has(e.rel) || couples.has(n.rel) && couples.has(e.rel) || ownership.has(n.rel) && (ownership.has(e.rel) || thingUses.has(e.rel))) && overlap(n, e)
	}
	switch {
	case n.props.open:
		return jaccard(n.tokens, e.tokens) >= similarity
	case n.props.event:
		if !n.valid.IsZero() && !e.valid.IsZero() {
			return sameDay(n.valid, e.valid)
		}
		return jaccard(n.tokens, e.tokens) >= similarity
	}
	return overlap(n, e)
}

// contradicts reports whether the new fact n contradicts e: a functional
// relation of the same source with another target, or an antonym between
// the same ends, while both may hold at once. A new fact that only states
// an end (invalid_at without valid_at) contradicts nothing.
func contradicts(n, e rfact) bool {
	if !n.invalid.IsZero() && n.valid.IsZero() {
		return false
	}
	if !overlap(n, e) {
		return false
	}
	if n.props.antonym != "" && e.rel == n.props.antonym {
		return n.src == e.src && n.dst == e.dst
	}
	if otherRole(n, e) {
		// Promoted from senior analyst to analytics lead: the work
		// as the new title ends the work as the old one.
		return e.valid.IsZero() || !n.valid.IsZero() && n.valid.After(e.valid)
	}
	samePair := n.src == e.src && n.dst == e.dst || n.src == e.dst && n.dst == e.src
	if samePair && slices.Contains(n.props.ends, e.rel) {
		return e.valid.IsZero() || n.valid.IsZero() || !n.valid.Before(e.valid)
	}
	if samePair && slices.Contains(e.props.ends, n.rel) {
		return e.valid.IsZero() || n.valid.IsZero() || !e.valid.Before(n.valid)
	}
	if inv, ok := inverseRels[n.rel]; ok && n.rel == e.rel && !n.props.functional && relTable[inv].functional {
		// "Ottoline is my manager", then "Vesna is my manager": the tie
		// read from its other end holds one at a time (one reports to
		// one manager), so two of them with one report contradict.
		return n.dst == e.dst && n.src != e.src
	}
	if inv, ok := inverseRels[n.rel]; ok && inv == e.rel {
		// "Pieter is my manager" and "I report to Farhan": one tie
		// stated from either end, of one holder at a time. Both are
		// read as the functional one.
		switch {
		case relTable[e.rel].functional:
			n = flipped(n, e.rel, relTable[e.rel])
		case n.props.functional:
			e = flipped(e, n.rel, n.props)
		default:
			return false
		}
		return n.src == e.src && n.dst != e.dst
	}
	if ownership.has(e.rel) && newHolder(n, e) {
		return true
	}
	if !(n.props.functional || n.replaces || e.replaces) || n.rel != e.rel {
		return false
	}
	if n.props.symmetric {
		shared := 0
		for _, x := range []string{n.src, n.dst} {
			if x == e.src || x == e.dst {
				shared++
			}
		}
		return shared == 1
	}
	return n.src == e.src && n.dst != e.dst
}

// newHolder reports whether n gives the thing e's holder owns another
// holder, later: a business, a property or a work has one owner (or one
// set of co-owners) at a time, and "the Novak brothers took over The
// Brass Kettle" ends Odile Marsh's ownership whatever verb ended it, or
// none ("The Brass Kettle has been sold"). Both starts must be known,
// and the thing named: "bought a bike" after "owns a bike" may be
// another bike.
func newHolder(n, e rfact) bool {
	if n.rel != "owns" && n.rel != "acquired" || n.dst != e.dst || n.src == e.src {
		return false
	}
	if n.valid.IsZero() || e.valid.IsZero() || !n.valid.After(e.valid) || !n.invalid.IsZero() {
		return false
	}
	return n.named
}

// flipped returns f stated from its other end, as relation rel.
func flipped(f rfact, rel string, props relProps) rfact {
	f.src, f.dst, f.rel, f.props = f.dst, f.src, rel, props
	return f
}

// isChiefTitle reports whether a normalized relation is an organisation's
// chief officer: "hasc" + one letter + "o".
func isChiefTitle(rel string) bool {
	return len(rel) == 6 && strings.HasPrefix(rel, "hasc") && rel[5] == 'o'
}

// recordField reports whether a fact is a field of a JSON record or an
// amount told in words: a scalar field holds one value at a time ("The
// status of order ORD-1 is shipped"); a list field ("… include …") does
// not.
func recordField(ep abi.Episode, f abi.Fact) bool {
	if !strings.HasPrefix(f.Fact, "The ") || !strings.Contains(f.Fact, " of ") || !strings.Contains(f.Fact, " is ") {
		return false
	}
	// ("The monthly rent of 14 Orchard Row is 1,240 pounds": attrvalues.go.)
	return strings.EqualFold(ep.Source, "json") || strings.HasPrefix(f.Relation, "HAS_")
}

// resolveFact answers one question: duplicates among the facts between
// the same entities, contradictions among those and the related facts.
// A field of a JSON record is functional when the plugin knows nothing
// else of its relation: a newer record's value replaces the older one.
func resolveFact(ep abi.Episode, q abi.FactQuestion) abi.FactAnswer {
	ans := abi.FactAnswer{ID: q.ID}
	n := prepare(q.Fact)
	if _, known := relTable[n.rel]; !known && recordField(ep, q.Fact) {
		n.props.functional = true
	}
	seen := map[string]bool{}
	existing := make([]rfact, len(q.Existing))
	for i, f := range q.Existing {
		existing[i] = prepare(f)
		if f.UUID == "" || seen[f.UUID] {
			continue
		}
		if isDuplicate(n, existing[i]) {
			seen[f.UUID] = true
			ans.Duplicates = append(ans.Duplicates, f.UUID)
		}
	}
	check := func(e rfact) {
		if e.uuid != "" && !seen[e.uuid] && contradicts(n, e) {
			seen[e.uuid] = true
			ans.Contradicts = append(ans.Contradicts, e.uuid)
		}
	}
	for _, e := range existing {
		check(e)
	}
	for _, f := range q.Related {
		if f.UUID != "" && !seen[f.UUID] {
			check(prepareEnds(f))
		}
	}
	return ans
}
