package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Impressions. What a speaker says a person is ("you're amazing", "she's
// so annoying", "he's such a jerk") or feels toward them ("I'm crazy
// about her", "she's mad at him") tells the speaker's, or the subject's,
// regard for that person: LIKES or DISLIKES, the classes of "like" and
// "dislike", so that a later "I can't stand him" contradicts an earlier
// "he's sweet". The words are small closed lexicons of evaluation,
// English's commonest (the adjectives of praise and blame, the nouns of
// insult), not of any one conversation.

// praise and blame are predicate adjectives that evaluate a person.
var (
	praise = words("amazing awesome adorable attractive beautiful good-looking brilliant charming cute fantastic funny gorgeous great handsome hot incredible kind lovely nice perfect pretty sexy smart sweet talented terrific wonderful unbelievable cool special popular")
	blame  = words("annoying arrogant awful boring creepy disgusting dumb evil gross horrible irritating lame mean obnoxious pathetic rude selfish stupid terrible ugly unreasonable weird")
	// insults are nouns that blame the one they are said of ("such a
	// jerk").
	insults = words("jerk idiot creep loser moron bastard bitch fool liar coward pig freak")
	// compliments are nouns that praise the one they are said of ("such
	// a sweetheart", "you're the best").
	compliments = words("sweetheart angel gem hero genius sweetie darling doll star saint best greatest")
	// feelingPreps are the adjectives of a feeling toward someone, with
	// their preposition and polarity: "crazy about", "mad at".
	feelingPreps = map[string]struct {
		prep string
		good bool
	}{
		"crazy": {"about", true}, "nuts": {"about", true}, "fond": {"of", true}, "proud": {"of", true}, "attracted": {"to", true},
		"mad": {"at", false}, "angry": {"at|with", false}, "upset": {"with|at", false}, "pissed": {"at|off", false},
		"furious": {"at|with", false}, "sick": {"of", false}, "jealous": {"of", false}, "disappointed": {"in|with", false},
		"annoyed": {"with|at|by", false}, "irritated": {"with|at|by", false}, "impressed": {"with|by", true},
		"infatuated": {"with", true}, "obsessed": {"with", true},
	}
)

// seemVerbs are the verbs of appearance that link a subject to an
// adjective as "be" does ("you look lovely", "he seems kind").
var seemVerbs = words("look seem sound appear")

// appearance reads a verb of appearance before an adjective of praise or
// blame ("You look lovely", "he seems so kind"): it evaluates its
// subjects as "be" does. It reports whether it did.
func (sc *sentCtx) appearance(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	if !seemVerbs.has(c.Lemma) || !c.Obj.None() || len(c.PPs) > 0 {
		return false
	}
	w := sc.adjectiveAfter(c)
	if w == "good" && c.Lemma == "look" {
		// "You look good": of a person's looks, "good" praises.
		w = "good-looking"
	}
	if !praise.has(w) && !blame.has(w) {
		return false
	}
	for _, s := range subjs {
		sc.evaluated(cc, s, w)
	}
	return true
}

// adjectiveAfter returns the adjective that completes a clause's verb,
// past adverbs of degree ("looks so cute"): "" when another word comes
// first. A word of praise or blame is taken whatever its tag ("lovely",
// "ugly" look like adverbs to the tagger).
//
// A comparative or superlative says as much of its subject ("you look
// even more beautiful", "prettier than ever", "the sweetest"): the
// adjective's plain form is returned; "less" and "least" say the
// opposite, and return "".
func (sc *sentCtx) adjectiveAfter(c *nlp.Clause) string {
	for k := c.VerbEnd; k < len(sc.toks); k++ {
		switch t, w := sc.p.Tags[k], sc.toks[k].lower; {
		case praise.has(w) || blame.has(w):
			return w
		case w == "more" || w == "most":
		case w == "less" || w == "least":
			return ""
		case t == "RB":
		case t == "JJR" || t == "JJS":
			return nlp.Lemma(w, t)
		case strings.HasPrefix(t, "JJ"):
			return w
		default:
			return ""
		}
	}
	return ""
}

// evaluated states the speaker's regard for subj when adj praises or
// blames: "you're amazing" (the one spoken to), "she's so annoying".
// subj must be known as a person: "Reykjavik was amazing" praises a
// place the parse may not class.
func (sc *sentCtx) evaluated(cc *clauseCtx, subj ref, adj string) bool {
	if sc.u.speaker == "" || sc.kindOf(subj) != kindPerson {
		return false
	}
	who, ok := sc.opinionHolder(cc)
	if !ok || sc.u.x.reg.key(who.name) == sc.u.x.reg.key(subj.name) {
		return false
	}
	rel := ""
	switch {
	case praise.has(adj):
		rel = "LIKES"
	case blame.has(adj):
		rel = "DISLIKES"
	default:
		return false
	}
	sc.fact(cc, who, subj, rel, tTrait, "{s} finds {o} "+adj, kindPerson, kindPerson)
	return true
}

// reportVerbs say or think what the clause after them holds.
var reportVerbs = words("say tell think believe feel guess reckon")

// opinionHolder returns whose opinion clause cc states: the subject of a
// verb of saying or thinking it reports ("Monica says you are nice",
// "Monica's always saying how nice you are": Monica's), else the
// speaker's. It is false when that verb is negated ("I don't think he's
// nice" holds no praise) or its subject names no one.
func (sc *sentCtx) opinionHolder(cc *clauseCtx) (ref, bool) {
	speaker := ref{name: sc.u.speaker, kind: kindPerson, str: strSure}
	ci := -1
	for i := range sc.p.Clauses {
		if &sc.p.Clauses[i] == cc.c {
			ci = i
		}
	}
	if ci <= 0 {
		return speaker, true
	}
	start := cc.c.VerbStart
	if cc.c.Subj.Phrase >= 0 {
		start = min(start, sc.p.Phrases[cc.c.Subj.Phrase].Start)
	}
	g := &sc.p.Clauses[ci-1]
	if g.Verb >= start || !reportVerbs.has(g.Lemma) || g.Modal || g.Passive {
		return speaker, true
	}
	for k := g.Verb + 1; k < start; k++ {
		if sc.p.Tags[k] == "." {
			return speaker, true
		}
	}
	if g.Negated {
		return ref{}, false
	}
	subjs := sc.subjects(ci - 1)
	if len(subjs) != 1 || !sc.personish(subjs[0]) && subjs[0].name != sc.u.speaker {
		return ref{}, false
	}
	return subjs[0], true
}

// personish reports whether r is a person, or a name of no known kind.
func (sc *sentCtx) personish(r ref) bool {
	switch sc.kindOf(r) {
	case kindPerson:
		return true
	case kindNone:
		return r.det == "" && r.name != "" && strings.ToUpper(r.name[:1]) == r.name[:1]
	}
	return false
}

// feelingNouns are the nouns of a feeling one has or is in toward
// someone, with the preposition that names them: "in love with her",
// "a crush on him", "feelings for Charlie".
var feelingNouns = map[string]string{"love": "with", "crush": "on", "feeling": "for", "thing": "for", "relationship": "with"}

// feelingFor reads "be in love with X" (linking) and "have a crush on
// X", "have feelings for X" (have): the subject loves or likes X.
func (sc *sentCtx) feelingFor(cc *clauseCtx, subj ref) bool {
	c := cc.c
	noun := -1
	switch {
	case c.Lemma == "be" || c.Lemma == "fall":
		// "is in love with", "fell in love with".
		for _, pp := range c.PPs {
			if pp.Prep != "in" || pp.Obj.Phrase < 0 {
				continue
			}
			if w := sc.headWord(pp.Obj.Phrase); w == "love" || w == "relationship" {
				noun = pp.Obj.Phrase
			}
		}
	case c.Lemma == "have" && !c.Obj.None():
		if w := sc.headWord(c.Obj.Phrase); w == "crush" || w == "feeling" || w == "thing" {
			noun = c.Obj.Phrase
		}
	}
	if noun < 0 || !sc.personish(subj) {
		return false
	}
	head := sc.headWord(noun)
	for _, pp := range c.PPs {
		if pp.Prep != feelingNouns[head] || pp.At < sc.p.Phrases[noun].End || pp.Obj.Phrase < 0 {
			continue
		}
		o := sc.phraseRef(pp.Obj.Phrase, false)
		if o.name == "" || !sc.personish(o) {
			continue
		}
		rel, text, role := "LIKES", "{s} has "+withArticle(head)+" "+pp.Prep+" {o}", tTrait
		switch head {
		case "love":
			rel, text = "LOVES", "{s} is in love with {o}"
			if c.Lemma == "fall" {
				text = "{s} fell in love with {o}"
			}
		case "feeling":
			text = "{s} has feelings for {o}"
		case "relationship":
			// "in a relationship with": a couple's tie, not a feeling.
			rel, text, role = "IS_DATING", "{s} is in a relationship with {o}", tState
		}
		sc.fact(cc, subj, o, rel, role, text, kindPerson, kindPerson)
		return true
	}
	return false
}

// impression reads a clause of "be" for a regard toward a person: a
// predicate adjective or noun of praise or blame said of a person other
// than the speaker ("you're amazing": the speaker likes the one spoken
// to), or an adjective of feeling with its person ("I'm crazy about
// her": the subject likes her). It reports whether it stated one.
func (sc *sentCtx) impression(cc *clauseCtx, subj ref) bool {
	c := cc.c
	speaker := sc.u.speaker
	comp := c.Comp.Phrase
	if c.Adj >= 0 && sc.toks[c.Adj].lower == "such" {
		// "such a jerk": the parse takes "such" for the predicate.
		comp = sc.p.PhraseAt(c.Adj + 1)
	} else if adj := sc.feelingWord(c); adj != "" {
		return sc.feelingToward(cc, subj, adj)
	} else if c.Adj >= 0 {
		adj := sc.toks[c.Adj].lower
		if len(c.PPs) > 0 && !(len(c.PPs) == 1 && c.PPs[0].Prep == "than") {
			// "proud of Ann" is no praise of the subject; "prettier than
			// Ann" is.
			return false
		}
		return sc.evaluated(cc, subj, adj)
	}
	if comp < 0 && c.Adj < 0 && speaker != "" && subj.name != speaker && sc.personish(subj) {
		if term := sc.theBest(c); term != "" {
			// "he's the best", "she's like the most popular girl in
			// school".
			if who, ok := sc.opinionHolder(cc); ok && sc.u.x.reg.key(who.name) != sc.u.x.reg.key(subj.name) {
				sc.fact(cc, who, subj, "LIKES", tTrait, "{s} calls {o} "+term, kindPerson, kindPerson)
			}
			return true
		}
	}
	if comp < 0 || speaker == "" || subj.name == speaker || !sc.personish(subj) {
		return false
	}
	// "you're such a jerk", "he's a great guy".
	p := &sc.p.Phrases[comp]
	// "you're one of my favourite people": one of them.
	oneOf := lowerAt(sc.toks, p.Start-1) == "of" && lowerAt(sc.toks, p.Start-2) == "one"
	myPraise := p.PossEnd == p.PossStart+1 && sc.toks[p.PossStart].lower == "my" && (favourite(sc.toks[p.PossEnd:p.Head]) && !kinNouns.has(nlp.Lemma(sc.headWord(comp), "NNS")) || compliments.has(sc.headWord(comp)))
	if p.PossEnd > p.PossStart && !myPraise {
		// "my favourite person" is the speaker's regard; other
		// possessed nouns are ties ("my best friend").
		return false
	}
	plural := sc.p.Tags[p.Head] == "NNS" && !oneOf
	if plural && c.Subj.Phrase >= 0 && len(c.Subj.Coord) == 0 && sc.toks[sc.p.Phrases[c.Subj.Phrase].Start].lower == "you" {
		// "You are both idiots": a noun in the plural is said to
		// several, and the one person "you" was read as is not all of
		// them: nothing is said of that one.
		return true
	}
	head := sc.headWord(comp)
	if oneOf {
		head = nlp.Lemma(head, "NNS")
		if head == "people" {
			head = "person"
		}
	}
	good, bad := compliments.has(head), insults.has(head)
	if !bad && !good {
		if _, class, ok := nlp.Noun(head); !ok || class&nlp.ClassPerson == 0 {
			return false
		}
		for k := p.Start; k < p.Head; k++ {
			w := sc.toks[k].lower
			// "one of the nicest guys", "the sweetest man" (whatever
			// the tagger made of it).
			if strings.HasSuffix(w, "est") {
				w = nlp.Lemma(w, "JJS")
			} else if strings.HasSuffix(w, "er") {
				w = nlp.Lemma(w, "JJR")
			}
			switch {
			case praise.has(w) || w == "good" || w == "favourite" || w == "favorite":
				// "a very good man": "good" praises a person it
				// modifies, though "I'm good" says how one is.
				good = true
			case blame.has(w):
				bad = true
			}
		}
	}
	if !good && !bad {
		return false
	}
	rel := "LIKES"
	if bad {
		rel = "DISLIKES"
	}
	term := strings.ToLower(joinTokens(sc.toks[p.Start+sc.detLen(p) : p.Head]))
	if oneOf {
		// "Lina counts Tomas among their favourite people".
		term = strings.ToLower(joinTokens(sc.toks[p.Start:p.End]))
		if p.PossEnd > p.PossStart {
			term = "their " + strings.ToLower(joinTokens(sc.toks[p.PossEnd:p.End]))
		}
	} else if plural {
		// "Ross and Tim are idiots": each is an idiot.
		term = strings.TrimSpace(term + " " + nlp.Lemma(sc.toks[p.Head].lower, "NNS"))
	} else {
		term = strings.TrimSpace(term + " " + sc.toks[p.Head].lower)
	}
	for _, pre := range []string{"such a ", "such an ", "quite a ", "quite an "} {
		// "such a sweetie" is a sweetie said with stress.
		term = strings.TrimPrefix(term, pre)
	}
	if !oneOf {
		term = strings.TrimSpace(term + " " + strings.ToLower(joinTokens(sc.toks[p.Head+1:p.End])))
	}
	who, ok := sc.opinionHolder(cc)
	if !ok || sc.u.x.reg.key(who.name) == sc.u.x.reg.key(subj.name) {
		return true
	}
	verb := "calls"
	switch {
	case oneOf:
		verb = "counts"
		term = "among " + term
	case who.name != speaker:
		verb = "thinks of"
		term = "as " + withArticle(term)
	case sc.toks[p.Start].lower == "the":
		// "the sweetest man".
		term = "the " + term
	default:
		term = withArticle(term)
	}
	sc.fact(cc, who, subj, rel, tTrait, "{s} "+verb+" {o} "+term, kindPerson, kindPerson)
	return true
}

// theBest returns the praise a clause of "be" ends on with a
// superlative and no noun phrase the parse found ("the best", "like the
// most popular guy in school"), else "".
func (sc *sentCtx) theBest(c *nlp.Clause) string {
	k := c.VerbEnd
	for k < len(sc.toks) && hedges.has(sc.toks[k].lower) {
		k++
	}
	if lowerAt(sc.toks, k) != "the" {
		return ""
	}
	start := k
	k++
	switch w := lowerAt(sc.toks, k); {
	case w == "best" || w == "greatest" || w == "sweetest" || w == "nicest":
	case w == "most" && praise.has(lowerAt(sc.toks, k+1)):
		k++
	default:
		return ""
	}
	end := k + 1
	if end < len(sc.toks) && sc.toks[end].word {
		// A noun after it must be a person's ("the best guy"), else it
		// praises a thing ("the best day").
		if _, class, ok := nlp.Noun(nlp.Lemma(sc.toks[end].lower, "NNS")); !ok || class&nlp.ClassPerson == 0 {
			return ""
		}
		end++
	}
	return strings.ToLower(joinTokens(sc.toks[start:end]))
}

// hedges are the words that may stand between "is" and what it says
// without changing it ("he's like the best", "she's really the nicest").
var hedges = words("like just really truly totally literally simply honestly so")

// favourite reports whether toks hold "favourite" (or "favorite").
func favourite(toks []token) bool {
	for _, t := range toks {
		if t.lower == "favourite" || t.lower == "favorite" {
			return true
		}
	}
	return false
}

// feelingWord returns the adjective of feeling a clause of "be"
// predicates, or "": its adjective, or a complement of that one word
// the tagger took for a noun ("I'm not very fond of her").
func (sc *sentCtx) feelingWord(c *nlp.Clause) string {
	w := ""
	switch {
	case c.Adj >= 0:
		w = sc.toks[c.Adj].lower
	case c.Comp.Phrase >= 0 && len(c.Comp.Coord) == 0:
		if p := &sc.p.Phrases[c.Comp.Phrase]; p.End-p.Start == 1 {
			w = sc.toks[p.Start].lower
		}
	}
	if _, ok := feelingPreps[w]; ok {
		return w
	}
	return ""
}

// feelingToward states the regard an adjective of feeling with its
// preposition says the subject has for a person: "she's mad at him",
// "he's upset with Ann" (a participle the parse reads as a passive). It
// reports whether the adjective had its person.
func (sc *sentCtx) feelingToward(cc *clauseCtx, subj ref, adj string) bool {
	f := feelingPreps[adj]
	for _, pp := range cc.c.PPs {
		if !strings.Contains("|"+f.prep+"|", "|"+pp.Prep+"|") || pp.Obj.Phrase < 0 {
			continue
		}
		o := sc.phraseRef(pp.Obj.Phrase, false)
		if o.name == "" || !sc.personish(o) || !sc.personish(subj) {
			continue
		}
		rel := "DISLIKES"
		if f.good {
			rel = "LIKES"
		}
		sc.fact(cc, subj, o, rel, tTrait, "{s} is "+adj+" "+pp.Prep+" {o}", kindPerson, kindPerson)
		return true
	}
	return false
}

// participleFeeling reads a participle of feeling the parse took for a
// passive verb: "Monica is upset with Chandler", "I'm pissed at Joey",
// "she was annoyed by him". It reports whether it read one.
func (sc *sentCtx) participleFeeling(cc *clauseCtx, subjs []ref) bool {
	c := cc.c
	if !c.Passive || c.Verb < 0 {
		return false
	}
	w := sc.toks[c.Verb].lower
	if _, ok := feelingPreps[w]; !ok {
		return false
	}
	read := false
	for _, s := range subjs {
		if sc.feelingToward(cc, s, w) {
			read = true
		}
	}
	return read
}

// deniedRegard reads a liking denied as a dislike: "I don't like
// Janice", "Chandler never really liked her", "I'm not very fond of
// him". Saying one does not like someone says one dislikes them, as
// English speaks; not loving someone, or no longer liking them, says
// nothing of the kind. It reports whether it read one.
func (sc *sentCtx) deniedRegard(ci int) bool {
	c := &sc.p.Clauses[ci]
	if !c.Negated || c.NoLonger || c.Modal || c.Future || c.Passive || sc.question || sc.anymore(c.VerbEnd) || sc.conditional(c) || sc.believedByOther(ci) {
		return false
	}
	if c.Subj.Phrase >= 0 && c.SubjFrom == nlp.SubjOwn && negativeSubjects.has(sc.toks[sc.p.Phrases[c.Subj.Phrase].Start].lower) {
		return false
	}
	var objs []ref
	text := ""
	switch {
	case c.Lemma == "like" && !c.Obj.None():
		for _, pi := range c.Obj.All() {
			objs = append(objs, sc.phraseRef(pi, false))
		}
		text = "{s} does not like {o}"
	case linking.has(c.Lemma) && sc.feelingWord(c) == "fond":
		for _, pp := range c.PPs {
			if pp.Prep == "of" {
				for _, pi := range pp.Obj.All() {
					objs = append(objs, sc.phraseRef(pi, false))
				}
			}
		}
		text = "{s} is not fond of {o}"
	default:
		return false
	}
	subjs := sc.subjects(ci)
	if len(subjs) != 1 || !sc.personish(subjs[0]) && subjs[0].name != sc.u.speaker {
		return false
	}
	read := false
	for _, o := range objs {
		if o.name == "" || o.det != "" || !sc.personish(o) || sc.u.x.reg.key(o.name) == sc.u.x.reg.key(subjs[0].name) {
			continue
		}
		sc.fact(&clauseCtx{c: c}, subjs[0], o, "DISLIKES", tTrait, text, kindPerson, kindPerson)
		read = true
	}
	return read
}

// insultModifiers may stand between "you" and the insult it calls the
// one spoken to ("you big idiot", "you stupid, stupid man").
var insultModifiers = words("big little old silly complete total absolute utter")

// calledInsult reads a sentence that calls the one spoken to by an
// insult ("You idiot!", "you big dumb jerk"): the speaker's dislike of
// them, as "you're an idiot" says it.
func (sc *sentCtx) calledInsult() {
	u, toks := sc.u, sc.toks
	if u.speaker == "" || u.other == "" || sc.question || len(toks) < 2 || toks[0].lower != "you" {
		return
	}
	k := 1
	for ; k < len(toks) && k <= 4 && toks[k].word && !insults.has(toks[k].lower); k++ {
		if w := toks[k].lower; !blame.has(w) && !insultModifiers.has(w) {
			return
		}
	}
	if k >= len(toks) || !insults.has(toks[k].lower) || k+1 < len(toks) && toks[k+1].word {
		return
	}
	if u.x.reg.key(u.speaker) == u.x.reg.key(u.other) {
		return
	}
	u.x.reg.add(u.other, kindPerson, strSure, true)
	term := strings.ToLower(joinTokens(toks[1 : k+1]))
	u.x.facts = append(u.x.facts, fact{src: u.speaker, dst: u.other, rel: "DISLIKES", tmpl: "{s} calls {o} " + withArticle(term),
		subs: map[string]string{"{s}": u.speaker, "{o}": u.other}, valid: u.x.ref})
}
