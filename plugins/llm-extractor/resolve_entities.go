package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// Resolution prompts show the episode for context, cut to this size, and
// stored summaries cut to maxCandidateSummary runes.
const (
	maxResolveEpisodeChars = 4000
	maxCandidateSummary    = 300
	maxResolveCalls        = 8
)

// entityAnswer is one answer of the model (see resolveEntitiesSchema).
type entityAnswer struct {
	ID          int     `json:"id"`
	DuplicateOf *string `json:"duplicate_of"`
	Name        string  `json:"name"`
}

// Prompt views of a question.
type entityView struct {
	Name       string            `json:"name"`
	Type       string            `json:"type,omitempty"`
	Summary    string            `json:"summary,omitempty"`
	Attributes map[string]string `json:"attributes,omitempty"`
}

type candidateView struct {
	Key        string            `json:"key"`
	Name       string            `json:"name"`
	Types      []string          `json:"types,omitempty"`
	Summary    string            `json:"summary,omitempty"`
	Attributes map[string]string `json:"attributes,omitempty"`
}

type entityQuestionView struct {
	ID         int             `json:"id"`
	Entity     entityView      `json:"entity"`
	Candidates []candidateView `json:"candidates"`
}

// resolveEntities handles mnemo_resolve_entities: the questions that have
// candidates go to the model in one call (more only when they do not fit
// in max_prompt_chars), candidates named by short keys rather than uuids.
// Every question gets exactly one answer, in question order; a question
// the model did not answer, or answered with something that is not one of
// its candidates, is a new entity.
func (x *extractor) resolveEntities(req abi.ResolveEntitiesRequest) (abi.ResolveEntitiesResponse, error) {
	keys := map[string]string{} // uuid → key
	var ids []int
	var blobs []string
	candidates := map[int]map[string]abi.Entity{} // question id → key → candidate
	for _, q := range req.Questions {
		if len(q.Candidates) == 0 || candidates[q.ID] != nil {
			continue
		}
		v := entityQuestionView{ID: q.ID, Entity: entityView{
			Name: q.Entity.Name, Type: q.Entity.Type,
			Summary: truncate(oneLine(q.Entity.Summary), maxCandidateSummary), Attributes: stringAttributes(q.Entity.Attributes),
		}}
		byKey := map[string]abi.Entity{}
		for _, c := range q.Candidates {
			k, ok := keys[c.UUID]
			if !ok {
				k = "c" + strconv.Itoa(len(keys)+1)
				keys[c.UUID] = k
			}
			byKey[k] = c
			v.Candidates = append(v.Candidates, candidateView{
				Key: k, Name: c.Name, Types: c.Labels,
				Summary: truncate(oneLine(c.Summary), maxCandidateSummary), Attributes: stringAttributes(c.Attributes),
			})
		}
		candidates[q.ID] = byKey
		ids = append(ids, v.ID)
		blobs = append(blobs, mustJSON(v))
	}

	got := map[int]abi.EntityAnswer{}
	if len(ids) > 0 {
		err := askInBatches(x, "resolve_entities", promptResolveEntities, resolveEntitiesInstructions, resolveEntitiesSchema, episodeContext(req.Episode), ids, blobs, "questions are treated as new entities",
			func(a entityAnswer, asked map[int]bool) { x.acceptEntityAnswer(a, asked, candidates[a.ID], got) })
		if err != nil {
			return abi.ResolveEntitiesResponse{}, err
		}
	}

	out := abi.ResolveEntitiesResponse{Answers: []abi.EntityAnswer{}}
	done := map[int]bool{}
	for _, q := range req.Questions {
		if done[q.ID] {
			continue
		}
		done[q.ID] = true
		a, ok := got[q.ID]
		if !ok {
			if len(q.Candidates) > 0 {
				x.warn(fmt.Sprintf("resolve_entities: no answer for question %d (%q); treated as a new entity", q.ID, q.Entity.Name))
			}
			a = abi.EntityAnswer{ID: q.ID}
		}
		out.Answers = append(out.Answers, a)
	}
	return out, nil
}

// acceptEntityAnswer checks one answer against the question it names and
// records it in got; what does not check out is logged and left out.
func (x *extractor) acceptEntityAnswer(a entityAnswer, asked map[int]bool, cands map[string]abi.Entity, got map[int]abi.EntityAnswer) {
	if !asked[a.ID] {
		x.warn(fmt.Sprintf("resolve_entities: answer to question %d, which was not asked; ignored", a.ID))
		return
	}
	if _, ok := got[a.ID]; ok {
		x.warn(fmt.Sprintf("resolve_entities: second answer to question %d; ignored", a.ID))
		return
	}
	out := abi.EntityAnswer{ID: a.ID}
	ref := strings.TrimSpace(deref(a.DuplicateOf))
	if ref != "" && !nullWords[strings.ToLower(ref)] && ref != "-1" {
		c, ok := findCandidate(ref, cands)
		if !ok {
			x.warn(fmt.Sprintf("resolve_entities: question %d: %q is not one of its candidates; treated as a new entity", a.ID, ref))
			got[a.ID] = out
			return
		}
		out.DuplicateOf = c.UUID
		if name := cleanName(a.Name); name != "" && !pronouns[nameKey(name)] && utf8.RuneCountInString(name) <= maxNameRunes {
			out.Name = name
		}
	}
	got[a.ID] = out
}

// findCandidate finds the candidate an answer names: by its key, by its
// uuid, or by its name when exactly one candidate has that name.
func findCandidate(ref string, cands map[string]abi.Entity) (abi.Entity, bool) {
	if c, ok := cands[strings.ToLower(ref)]; ok {
		return c, true
	}
	var found []abi.Entity
	for _, c := range cands {
		if c.UUID == ref {
			return c, true
		}
		if nameKey(c.Name) == nameKey(ref) {
			found = append(found, c)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return abi.Entity{}, false
}

// episodeContext renders the episode a resolution prompt shows.
func episodeContext(ep abi.Episode) string {
	content := strings.TrimSpace(ep.Content)
	if len(content) > maxResolveEpisodeChars {
		content = cut(content, maxResolveEpisodeChars) + " …"
	}
	return fmt.Sprintf("<episode time=%q source=%q>\n%s\n</episode>\n", ep.ReferenceTime, sourceName(ep.Source), content)
}

// stringAttributes returns the scalar attributes as short strings.
func stringAttributes(attrs map[string]any) map[string]string {
	var out map[string]string
	for k, v := range attrs {
		if s := attributeValue(v); s != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = truncate(s, 100)
		}
	}
	return out
}

// askInBatches asks a resolution prompt its questions (blobs, whose ids
// are ids) in as few calls as fit max_prompt_chars, at most
// maxResolveCalls; the questions of the calls left out are reported with
// dropped and get no answer. accept receives every answer with the ids its
// call asked.
func askInBatches[A any](x *extractor, what, prompt, instructions string, schema json.RawMessage, episode string, ids []int, blobs []string, dropped string, accept func(A, map[int]bool)) error {
	runs := batches(blobs, x.cfg.MaxPromptChars)
	if len(runs) > maxResolveCalls {
		x.warn(fmt.Sprintf("%s: %d questions need %d calls; the last %d calls' %s", what, len(ids), len(runs), len(runs)-maxResolveCalls, dropped))
		runs = runs[:maxResolveCalls]
	}
	for _, run := range runs {
		user := episode + "\n<questions>\n[" + strings.Join(blobs[run[0]:run[1]], ",\n") + "]\n</questions>"
		var answer struct {
			Answers []A `json:"answers"`
		}
		if _, err := x.ask(prompt, x.cfg.ResolveModel, instructions, user, schema, 0, &answer); err != nil {
			return err
		}
		asked := map[int]bool{}
		for _, id := range ids[run[0]:run[1]] {
			asked[id] = true
		}
		for _, a := range answer.Answers {
			accept(a, asked)
		}
	}
	return nil
}

// batches splits blobs into runs [start, end) whose total length stays
// within budget; a blob longer than budget gets a run of its own.
func batches(blobs []string, budget int) [][2]int {
	var runs [][2]int
	start, size := 0, 0
	for i, b := range blobs {
		if i > start && size+len(b) > budget {
			runs = append(runs, [2]int{start, i})
			start, size = i, 0
		}
		size += len(b)
	}
	if start < len(blobs) {
		runs = append(runs, [2]int{start, len(blobs)})
	}
	return runs
}

// mustJSON marshals a prompt view, which holds only strings, numbers,
// slices and maps of them, without escaping <, > and & (a model should
// read "AT&T", not "AT\u0026T").
func mustJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("marshal prompt view: " + err.Error())
	}
	return strings.TrimSuffix(b.String(), "\n")
}
