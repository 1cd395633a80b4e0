package main

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// extract is the mnemo_extract handler.
func extract(req abi.ExtractRequest) (abi.ExtractResponse, error) {
	ref, err := time.Parse(time.RFC3339, req.Episode.ReferenceTime)
	if err != nil {
		return abi.ExtractResponse{}, fmt.Errorf("parse reference time: %w", err)
	}
	x := newExtraction(ref)
	if strings.EqualFold(req.Episode.Source, "json") {
		if err := x.json(req.Episode); err != nil {
			return abi.ExtractResponse{}, err
		}
	} else {
		x.text(req)
	}
	return x.response(newOntology(req.Ontology)), nil
}

// extraction is the state of one extract call.
type extraction struct {
	ref   time.Time
	reg   *registry
	facts []fact
}

// fact is a fact found in the episode, rendered into the answer at the
// end, once names are final.
type fact struct {
	src, dst string
	rel      string
	tmpl     string
	// subs maps the template's placeholders to names and words.
	subs           map[string]string
	valid, invalid time.Time
}

func newExtraction(ref time.Time) *extraction {
	return &extraction{ref: ref, reg: newRegistry()}
}

// uttCtx is the state of one utterance.
type uttCtx struct {
	x       *extraction
	speaker string
	other   string
	// persons are the people other than speakers named so far in the
	// utterance, for "he" and "she".
	persons []string
}

// third resolves "he" or "she": the one person other than a speaker named
// earlier in the utterance, or "" when there is none or more than one.
func (u *uttCtx) third() string {
	if len(u.persons) == 1 {
		return u.persons[0]
	}
	return ""
}

// addPerson notes a person named in the utterance.
func (u *uttCtx) addPerson(name string) {
	if name == u.speaker || name == u.other {
		return
	}
	for _, p := range u.persons {
		if strings.EqualFold(p, name) {
			return
		}
	}
	u.persons = append(u.persons, name)
}

// text extracts from a message or text episode.
func (x *extraction) text(req abi.ExtractRequest) {
	ep := req.Episode
	conv := &conversation{utts: parseUtterances(ep.Content, strings.EqualFold(ep.Source, "message"))}
	for _, p := range req.Previous {
		for _, u := range parseUtterances(p.Content, strings.EqualFold(p.Source, "message")) {
			if u.speaker != "" && u.role != roleSystem {
				conv.earlier = append(conv.earlier, u.speaker)
			}
		}
	}
	for _, u := range conv.utts {
		if u.speaker != "" && u.role != roleAssistant && u.role != roleSystem {
			x.reg.add(u.speaker, kindPerson, strSure, true).speaker = true
		}
	}
	for k, u := range conv.utts {
		if u.role == roleAssistant || u.role == roleSystem {
			continue
		}
		uc := &uttCtx{x: x, speaker: u.speaker, other: conv.other(k)}
		if uc.other == assistantName {
			uc.other = ""
		}
		for _, s := range splitSentences(u.text) {
			x.sentence(uc, s)
		}
	}
}

// sentence extracts the names and facts of one sentence.
func (x *extraction) sentence(u *uttCtx, s sentence) {
	sc := &sentCtx{u: u, toks: s.toks, question: s.question}
	sc.dates = findDates(s.toks, x.ref)
	sc.blocked = make([]bool, len(s.toks))
	for _, d := range sc.dates {
		for k := d.start; k < d.end; k++ {
			sc.blocked[k] = true
		}
	}
	for _, m := range findMentions(s.toks, sc.blocked) {
		e := x.reg.add(m.name, m.kind, m.str, !m.initial || m.str >= strWeak)
		if e != nil && e.kind == kindPerson && !e.speaker {
			u.addPerson(e.name)
		}
	}
	sc.matchSentence()
}

// addFact records a fact of a match, and its two entities.
func (x *extraction) addFact(m *match, rel, tmpl string, o output, src, dst ref, valid, invalid time.Time) {
	if core.NormalizeName(src.name) == core.NormalizeName(dst.name) {
		return
	}
	se := x.addRef(src, o.srcKind)
	de := x.addRef(dst, o.dstKind)
	if se == nil || de == nil {
		return
	}
	subs := map[string]string{
		"{s}": m.subj.name, "{o}": m.obj.phrase(), "{o2}": m.obj2.phrase(), "{p}": m.poss.name,
		"{j}": m.job, "{aj}": withArticle(m.job), "{k}": m.word,
	}
	x.facts = append(x.facts, fact{src: se.name, dst: de.name, rel: rel, tmpl: tmpl, subs: subs, valid: valid, invalid: invalid})
}

// addRef registers the entity of a fact's end with the kind the text
// shows or, failing that, the kind the pattern implies.
func (x *extraction) addRef(r ref, implied kind) *entity {
	e := x.reg.add(r.name, r.kind, r.str, true)
	if e != nil && implied != kindNone {
		x.reg.add(r.name, implied, strPattern, true)
	}
	return e
}

// withArticle prefixes a noun phrase with "a" or "an".
func withArticle(np string) string {
	if np == "" {
		return ""
	}
	if strings.ContainsRune("aeiou", rune(np[0])) {
		return "an " + np
	}
	return "a " + np
}

// response renders the extraction under an ontology.
func (x *extraction) response(ont *ontology) abi.ExtractResponse {
	alias := x.reg.aliases()
	final := func(name string) string {
		key := core.NormalizeName(name)
		if a, ok := alias[key]; ok {
			return a
		}
		if e := x.reg.byKey[key]; e != nil {
			return e.name
		}
		return name
	}
	resp := abi.ExtractResponse{Entities: []abi.ExtractedEntity{}, Facts: []abi.ExtractedFact{}}
	types := map[string]string{}
	dropped := map[string]bool{}
	ents := append([]*entity(nil), x.reg.list...)
	sort.SliceStable(ents, func(i, j int) bool { return ents[i].speaker && !ents[j].speaker })
	for _, e := range ents {
		key := core.NormalizeName(e.name)
		if _, ok := alias[key]; ok || !e.confirmed {
			continue
		}
		typ := ont.hintType(e.hint)
		if typ == "" {
			typ = ont.entityType(e.kind)
		}
		if ont.excluded(e.kind, typ) {
			dropped[key] = true
			continue
		}
		types[key] = typ
		ee := abi.ExtractedEntity{Name: e.name, Type: typ}
		if len(e.attrs) > 0 {
			ee.Attributes = make(map[string]any, len(e.attrs)+1)
			for k, v := range e.attrs {
				ee.Attributes[k] = v
			}
		}
		if typ == "" && e.kind != kindNone {
			if ee.Attributes == nil {
				ee.Attributes = map[string]any{}
			}
			ee.Attributes["kind"] = string(e.kind)
		}
		resp.Entities = append(resp.Entities, ee)
	}
	seen := map[string]bool{}
	for _, f := range x.facts {
		src, dst := final(f.src), final(f.dst)
		sk, dk := core.NormalizeName(src), core.NormalizeName(dst)
		if dropped[sk] || dropped[dk] || sk == dk {
			continue
		}
		rel := ont.relation(f.rel)
		if !ont.allows(rel, types[sk], types[dk]) {
			resp.Warnings = append(resp.Warnings, fmt.Sprintf("dropped %s from %q to %q: the ontology does not allow those entity types", rel, src, dst))
			continue
		}
		text := render(f.tmpl, f.subs, final)
		ef := abi.ExtractedFact{Source: src, Target: dst, Relation: rel, Fact: text}
		if !f.valid.IsZero() {
			ef.ValidAt = f.valid.Format(time.RFC3339)
		}
		if !f.invalid.IsZero() {
			ef.InvalidAt = f.invalid.Format(time.RFC3339)
		}
		key := sk + "\x00" + rel + "\x00" + dk + "\x00" + ef.ValidAt + "\x00" + ef.InvalidAt
		if seen[key] {
			continue
		}
		seen[key] = true
		resp.Facts = append(resp.Facts, ef)
	}
	return resp
}

// render fills a fact template. Entity names go through final, so that a
// fact about "Alice" reads "Alice Smith" when the two were merged.
func render(tmpl string, subs map[string]string, final func(string) string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			break
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			b.WriteString(tmpl)
			break
		}
		b.WriteString(tmpl[:i])
		ph := tmpl[i : i+j+1]
		v := subs[ph]
		if ph != "{k}" && ph != "{j}" && ph != "{aj}" {
			v = final(v)
		}
		b.WriteString(v)
		tmpl = tmpl[i+j+1:]
	}
	return b.String()
}
