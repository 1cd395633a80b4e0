package main

import (
	"fmt"
	"strings"
	"time"

	"mnemo/wasm/abi"
)

// extract handles mnemo_extract with one LLM call: entities and facts of
// the current episode together, under the request's ontology (or the
// configured one), then cleaned (clean.go).
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
	if len(content) > x.cfg.MaxEpisodeChars {
		kept := cut(content, x.cfg.MaxEpisodeChars)
		warnings = append(warnings, fmt.Sprintf("episode of %d bytes: extracted from the first %d, the rest was left out (max_episode_chars)", len(content), len(kept)))
		content = kept
	}
	loc := time.UTC
	ref, ok := referenceTime(req.Episode.ReferenceTime)
	if ok {
		loc = ref.Location()
	} else {
		warnings = append(warnings, fmt.Sprintf("episode reference time %q is not an RFC 3339 time; relative dates were not resolved", req.Episode.ReferenceTime))
	}
	source := sourceName(req.Episode.Source)

	var answer extractAnswer
	err := x.ask(promptExtract, x.cfg.ExtractModel,
		x.extractSystem(o, source),
		x.extractUser(req.Episode, content, req.Previous),
		extractSchema(o, *x.cfg.Summaries),
		x.cfg.MaxOutputTokens, &answer)
	if err != nil {
		return abi.ExtractResponse{}, err
	}

	c := &cleaner{o: o, loc: loc, maxEntities: x.cfg.MaxEntities, maxFacts: x.cfg.MaxFacts, warnings: warnings}
	if source == sourceMessage {
		c.speaker = messageSpeaker(content)
	}
	return c.clean(answer), nil
}
