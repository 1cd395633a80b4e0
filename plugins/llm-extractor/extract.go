package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// extract handles mnemo_extract with one LLM call: entities and facts of
// the current episode together, under the request's ontology (or the
// configured one), then cleaned (clean.go). Only a JSON array longer than
// max_episode_chars takes several calls, one per run of its elements, and
// only when max_extract_calls allows; the answers are cleaned together, so
// an entity named in two runs is one.
func (x *extractor) extract(req abi.ExtractRequest) (abi.ExtractResponse, error) {
	ont := req.Ontology
	if ont == nil {
		ont = x.cfg.Ontology
	}
	o := prepareOntology(ont)
	warnings := append([]string(nil), o.warnings...)

	content := strings.TrimSpace(req.Episode.Content)
	if content == "" {
		return abi.ExtractResponse{Entities: []abi.ExtractedEntity{}, Facts: []abi.ExtractedFact{}, Warnings: warnings}, nil
	}
	source := sourceName(req.Episode.Source)
	parts, note := pieces(source, content, x.cfg.MaxEpisodeChars, x.cfg.MaxExtractCalls)
	if note != "" {
		warnings = append(warnings, note)
	}
	loc := time.UTC
	ref, ok := referenceTime(req.Episode.ReferenceTime)
	if ok {
		loc = ref.Location()
	} else {
		warnings = append(warnings, fmt.Sprintf("episode reference time %q is not an RFC 3339 time; relative dates were not resolved", req.Episode.ReferenceTime))
	}

	system := x.extractSystem(o, source)
	schema := extractSchema(o, *x.cfg.Summaries)
	var all extractAnswer
	for _, part := range parts {
		var answer extractAnswer
		model, err := x.ask(promptExtract, x.cfg.ExtractModel, system, x.extractUser(req.Episode, part, req.Previous), schema, x.cfg.MaxOutputTokens, &answer)
		if err != nil {
			return abi.ExtractResponse{}, err
		}
		rule := factRule(model, x.cfg.ExtractModel)
		for i := range answer.Facts {
			answer.Facts[i].rule = rule
		}
		all.Entities = append(all.Entities, answer.Entities...)
		all.Facts = append(all.Facts, answer.Facts...)
	}

	c := &cleaner{o: o, loc: loc, maxEntities: x.cfg.MaxEntities * len(parts), maxFacts: x.cfg.MaxFacts * len(parts), warnings: warnings}
	if source == sourceMessage {
		c.speaker = messageSpeaker(content)
	}
	return c.clean(all), nil
}

// factRule says what extracted a fact, for "why": "model " and the name of
// the model that answered, as the host gave it, or else the role the
// plugin asked for ("main" or "small"), which is all a host from before
// the name was reported lets the plugin know.
func factRule(answeredBy, role string) string {
	if answeredBy == "" {
		return "model " + role
	}
	return "model " + answeredBy
}

// pieces returns what to send of an episode's content, each piece at most
// max bytes, and a warning when the content was cut or split. Content over
// max is cut at a line or sentence end, except a JSON array, which is
// split between its elements into at most calls pieces that are JSON
// arrays themselves; elements past them are left out.
func pieces(source, content string, max, calls int) ([]string, string) {
	if len(content) <= max {
		return []string{content}, ""
	}
	var elems []json.RawMessage
	if source != sourceJSON || json.Unmarshal([]byte(content), &elems) != nil || len(elems) < 2 {
		kept := cut(content, max)
		return []string{kept}, fmt.Sprintf("episode of %d bytes: extracted from the first %d, the rest was left out (max_episode_chars)", len(content), len(kept))
	}
	var out []string
	var run []string
	size, used, cutElems := 0, 0, 0
	flush := func() {
		if len(run) > 0 {
			out = append(out, "[\n"+strings.Join(run, ",\n")+"\n]")
			run, size = nil, 0
		}
	}
	for _, e := range elems {
		s := strings.TrimSpace(string(e))
		if len(s) > max-4 {
			s = cut(s, max-4)
			cutElems++
		}
		if size+len(s)+2 > max-4 {
			flush()
		}
		if len(out) == calls {
			break
		}
		run = append(run, s)
		size += len(s) + 2
		used++
	}
	if len(out) < calls {
		flush()
	}
	note := fmt.Sprintf("JSON episode of %d bytes: its array of %d elements was extracted in %s (max_episode_chars)", len(content), len(elems), callCount(len(out)))
	if used < len(elems) {
		note = fmt.Sprintf("JSON episode of %d bytes: extracted the first %d of its %d array elements in %s; the rest was left out (max_episode_chars, max_extract_calls)", len(content), used, len(elems), callCount(len(out)))
	}
	if cutElems > 0 {
		note += fmt.Sprintf("; %d elements longer than max_episode_chars were cut", cutElems)
	}
	return out, note
}

func callCount(n int) string {
	if n == 1 {
		return "1 call"
	}
	return fmt.Sprintf("%d calls", n)
}
