package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// factAnswer is one answer of the model (see resolveFactsSchema).
type factAnswer struct {
	ID          int      `json:"id"`
	Duplicates  []string `json:"duplicates"`
	Contradicts []string `json:"contradicts"`
}

// Prompt views of a question.
type factView struct {
	Key       string `json:"key,omitempty"`
	Relation  string `json:"relation"`
	Fact      string `json:"fact"`
	Source    string `json:"source,omitempty"`
	Target    string `json:"target,omitempty"`
	ValidAt   string `json:"valid_at,omitempty"`
	InvalidAt string `json:"invalid_at,omitempty"`
}

type factQuestionView struct {
	ID       int        `json:"id"`
	NewFact  factView   `json:"new_fact"`
	Existing []factView `json:"existing"`
	Related  []factView `json:"related"`
}

// factChoices are the stored facts one question may name, by key.
type factChoices struct {
	existing map[string]string // key → uuid
	any      map[string]string // key → uuid, existing and related
	uuids    map[string]bool   // uuids of existing facts
	all      map[string]bool   // uuids of existing and related facts
}

// resolveFacts handles mnemo_resolve_facts: the questions that have
// stored facts to compare go to the model in one call (more only when they
// do not fit in max_prompt_chars), stored facts named by short keys. Every
// question gets exactly one answer, in question order; duplicates are kept
// only from its existing facts, contradictions from its existing and
// related facts, and a fact listed as both is a duplicate.
func (x *extractor) resolveFacts(req abi.ResolveFactsRequest) (abi.ResolveFactsResponse, error) {
	keys := map[string]string{} // uuid → key
	keyOf := func(uuid string) string {
		k, ok := keys[uuid]
		if !ok {
			k = "f" + strconv.Itoa(len(keys)+1)
			keys[uuid] = k
		}
		return k
	}
	var ids []int
	var blobs []string
	choices := map[int]*factChoices{}
	for _, q := range req.Questions {
		if len(q.Existing)+len(q.Related) == 0 || choices[q.ID] != nil {
			continue
		}
		ch := &factChoices{existing: map[string]string{}, any: map[string]string{}, uuids: map[string]bool{}, all: map[string]bool{}}
		v := factQuestionView{ID: q.ID, NewFact: viewFact("", q.Fact, true), Existing: []factView{}, Related: []factView{}}
		for _, f := range q.Existing {
			k := keyOf(f.UUID)
			ch.existing[k], ch.any[k], ch.uuids[f.UUID], ch.all[f.UUID] = f.UUID, f.UUID, true, true
			v.Existing = append(v.Existing, viewFact(k, f, false))
		}
		for _, f := range q.Related {
			if ch.all[f.UUID] {
				continue
			}
			k := keyOf(f.UUID)
			ch.any[k], ch.all[f.UUID] = f.UUID, true
			v.Related = append(v.Related, viewFact(k, f, true))
		}
		choices[q.ID] = ch
		ids = append(ids, v.ID)
		blobs = append(blobs, mustJSON(v))
	}

	got := map[int]abi.FactAnswer{}
	if len(ids) > 0 {
		err := askInBatches(x, "resolve_facts", promptResolveFacts, resolveFactsInstructions, resolveFactsSchema, episodeContext(req.Episode), ids, blobs, "facts are treated as new, with no contradictions",
			func(a factAnswer, asked map[int]bool) { x.acceptFactAnswer(a, asked, choices[a.ID], got) })
		if err != nil {
			return abi.ResolveFactsResponse{}, err
		}
	}

	out := abi.ResolveFactsResponse{Answers: []abi.FactAnswer{}}
	done := map[int]bool{}
	for _, q := range req.Questions {
		if done[q.ID] {
			continue
		}
		done[q.ID] = true
		a, ok := got[q.ID]
		if !ok {
			if choices[q.ID] != nil {
				x.warn(fmt.Sprintf("resolve_facts: no answer for question %d (%q); treated as a new fact", q.ID, truncate(q.Fact.Fact, 80)))
			}
			a = abi.FactAnswer{ID: q.ID}
		}
		out.Answers = append(out.Answers, a)
	}
	return out, nil
}

// viewFact is a fact as a prompt shows it; withEnds adds its entities'
// names.
func viewFact(key string, f abi.Fact, withEnds bool) factView {
	v := factView{Key: key, Relation: f.Relation, Fact: truncate(oneLine(f.Fact), maxFactRunes), ValidAt: f.ValidAt, InvalidAt: f.InvalidAt}
	if withEnds {
		v.Source, v.Target = f.Source, f.Target
	}
	return v
}

// acceptFactAnswer checks one answer against the question it names and
// records it in got; uuids that are not the question's are logged and
// left out.
func (x *extractor) acceptFactAnswer(a factAnswer, asked map[int]bool, ch *factChoices, got map[int]abi.FactAnswer) {
	if !asked[a.ID] {
		x.warn(fmt.Sprintf("resolve_facts: answer to question %d, which was not asked; ignored", a.ID))
		return
	}
	if _, ok := got[a.ID]; ok {
		x.warn(fmt.Sprintf("resolve_facts: second answer to question %d; ignored", a.ID))
		return
	}
	out := abi.FactAnswer{ID: a.ID}
	seen := map[string]bool{}
	for _, ref := range a.Duplicates {
		uuid, ok := pick(ref, ch.existing, ch.uuids)
		if !ok {
			where := "not one of its stored facts"
			if _, related := pick(ref, ch.any, ch.all); related {
				where = "a related fact, not one between the same entities"
			}
			x.warn(fmt.Sprintf("resolve_facts: question %d: duplicate %q is %s; ignored", a.ID, ref, where))
			continue
		}
		if !seen[uuid] {
			seen[uuid] = true
			out.Duplicates = append(out.Duplicates, uuid)
		}
	}
	for _, ref := range a.Contradicts {
		uuid, ok := pick(ref, ch.any, ch.all)
		if !ok {
			x.warn(fmt.Sprintf("resolve_facts: question %d: contradicted %q is not one of its stored facts; ignored", a.ID, ref))
			continue
		}
		if !seen[uuid] {
			seen[uuid] = true
			out.Contradicts = append(out.Contradicts, uuid)
		}
	}
	got[a.ID] = out
}

// pick resolves a key, or a uuid, among a question's choices.
func pick(ref string, byKey map[string]string, uuids map[string]bool) (string, bool) {
	ref = strings.TrimSpace(ref)
	if u, ok := byKey[strings.ToLower(ref)]; ok {
		return u, true
	}
	return ref, uuids[ref]
}
