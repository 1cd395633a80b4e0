package main

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// The instructions of each prompt are in prompts/*.txt. The system message
// holds what stays the same for a tenant (instructions, the ontology), the
// user message what changes with each call (times, episodes, questions),
// so that servers with prompt caching reuse the long common prefix.

var (
	//go:embed prompts/extract.txt
	extractInstructions string
	//go:embed prompts/extract_message.txt
	extractMessageInstructions string
	//go:embed prompts/extract_text.txt
	extractTextInstructions string
	//go:embed prompts/extract_json.txt
	extractJSONInstructions string
	//go:embed prompts/resolve_entities.txt
	resolveEntitiesInstructions string
	//go:embed prompts/resolve_facts.txt
	resolveFactsInstructions string
	//go:embed prompts/summarize.txt
	summarizeInstructions string
)

// Episode sources (abi.Episode.Source).
const (
	sourceMessage = "message"
	sourceText    = "text"
	sourceJSON    = "json"
)

// languageRule tells the model which language to write in.
func languageRule(language string) string {
	if language == "" {
		return "Write fact sentences and summaries in the language of the current episode; keep names as they are written."
	}
	return fmt.Sprintf("Write fact sentences and summaries in %s; keep names as they are written.", language)
}

// extractSystem renders the system message of an extraction.
func (x *extractor) extractSystem(o *ontology, source string) string {
	summaries := *x.cfg.Summaries
	var fields strings.Builder
	if o.kinds {
		fields.WriteString("- kind: what sort of entity it is: " + strings.Join(kinds, ", ") + ", or Other.\n")
	} else {
		fields.WriteString("- type: the name of the entity type, from ENTITY TYPES at the end, that fits the entity best, or null when none fits. Go by the descriptions and do not stretch a type to fit.\n")
	}
	if summaries {
		fields.WriteString("- summary: one short sentence on what the current episode says about the entity, with names; \"\" when it says nothing beyond the name.\n")
	}
	if len(o.entityAttrs) > 0 {
		fields.WriteString("- attributes: the values the current episode gives for the attributes of the entity's type, as short strings; null for every other attribute, and all null for an entity without a type.\n")
	}
	oneEntity := "is not a fact"
	switch {
	case summaries && len(o.entityAttrs) > 0:
		oneEntity = "belongs in the entity's attributes or summary"
	case summaries:
		oneEntity = "belongs in the entity's summary"
	case len(o.entityAttrs) > 0:
		oneEntity = "belongs in the entity's attributes"
	}
	factTypeRule := ""
	if len(o.factTypes) > 0 {
		factTypeRule = " When one of the FACT TYPES at the end fits, use its name, but only if the types of the source and the target are among those it allows; otherwise make up a precise relation of your own."
	}
	factFields := ""
	if len(o.factAttrs) > 0 {
		factFields = "- attributes: for a fact of a FACT TYPE with attributes, the values the episode gives for them, as short strings; null for every other attribute.\n"
	}
	r := strings.NewReplacer(
		"{entity_fields}", fields.String(),
		"{one_entity}", oneEntity,
		"{fact_type_rule}", factTypeRule,
		"{fact_fields}", factFields,
		"{max_entities}", strconv.Itoa(x.cfg.MaxEntities),
		"{max_facts}", strconv.Itoa(x.cfg.MaxFacts),
		"{language_rule}", languageRule(x.cfg.Language),
	)
	section := extractMessageInstructions
	switch source {
	case sourceJSON:
		section = extractJSONInstructions
	case sourceText:
		section = extractTextInstructions
	}
	var b strings.Builder
	b.WriteString(strings.Replace(r.Replace(extractInstructions), "{source_section}", r.Replace(section), 1))
	writeOntology(&b, o)
	if instr := strings.TrimSpace(x.cfg.Instructions); instr != "" || o.instr != "" {
		b.WriteString("\n## Instructions for this graph\n\n")
		for _, s := range []string{o.instr, instr} {
			if s != "" {
				b.WriteString(s + "\n")
			}
		}
	}
	return b.String()
}

// writeOntology appends the ontology's types to a system message.
func writeOntology(b *strings.Builder, o *ontology) {
	if len(o.entityTypes) > 0 {
		b.WriteString("\n## ENTITY TYPES\n\n")
		for _, t := range o.entityTypes {
			writeType(b, t.Name, "", t.Description, t.Attributes)
		}
	}
	if len(o.factTypes) > 0 {
		b.WriteString("\n## FACT TYPES\n\n")
		for _, t := range o.factTypes {
			writeType(b, t.Name, signature(t), t.Description, t.Attributes)
		}
	}
	if len(o.excluded) > 0 {
		names := make([]string, 0, len(o.excluded))
		for _, n := range o.excluded {
			names = append(names, n)
		}
		slices.Sort(names)
		b.WriteString("\n## EXCLUDED TYPES\n\nDo not list entities of these types: " + strings.Join(names, ", ") + ".\n")
	}
}

func writeType(b *strings.Builder, name, sig, description string, attrs []abi.Attribute) {
	b.WriteString("- " + name)
	if sig != "" {
		b.WriteString(" (" + sig + ")")
	}
	if d := oneLine(description); d != "" {
		b.WriteString(": " + d)
	}
	b.WriteByte('\n')
	var parts []string
	for _, a := range attrs {
		if n := strings.TrimSpace(a.Name); n != "" {
			if d := oneLine(a.Description); d != "" {
				n += " (" + d + ")"
			}
			parts = append(parts, n)
		}
	}
	if len(parts) > 0 {
		b.WriteString("  attributes: " + strings.Join(parts, "; ") + "\n")
	}
}

// signature describes a fact type's allowed endpoints.
func signature(t abi.FactType) string {
	types := func(ts []string) string {
		if len(ts) == 0 {
			return "any entity"
		}
		return strings.Join(ts, " or ")
	}
	if len(t.SourceTypes) == 0 && len(t.TargetTypes) == 0 {
		return ""
	}
	return "from " + types(t.SourceTypes) + " to " + types(t.TargetTypes)
}

// oneLine collapses runs of white space, newlines included, to one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// extractUser renders the user message of an extraction: the reference
// time, the previous episodes (newest kept first within the context
// budget, shown oldest first) and the current episode.
func (x *extractor) extractUser(ep abi.Episode, content string, prev []abi.Episode) string {
	var b strings.Builder
	b.WriteString("<reference_time>")
	if t, ok := referenceTime(ep.ReferenceTime); ok {
		b.WriteString(t.Format(time.RFC3339) + " (" + t.Weekday().String() + ")")
	} else {
		b.WriteString("unknown: leave dates that depend on it null")
	}
	b.WriteString("</reference_time>\n\n")
	if shown := contextEpisodes(prev, x.cfg.MaxContextChars); len(shown) > 0 {
		b.WriteString("<previous_episodes>\n")
		for _, p := range shown {
			fmt.Fprintf(&b, "<episode time=%q source=%q>\n%s\n</episode>\n", p.ReferenceTime, p.Source, p.Content)
		}
		b.WriteString("</previous_episodes>\n\n")
	}
	fmt.Fprintf(&b, "<current_episode source=%q", sourceName(ep.Source))
	if d := oneLine(ep.SourceDescription); d != "" {
		fmt.Fprintf(&b, " description=%q", d)
	}
	b.WriteString(">\n" + content + "\n</current_episode>")
	return b.String()
}

// sourceName is the episode source the prompts know; anything else is
// treated as text.
func sourceName(s string) string {
	switch s {
	case sourceMessage, sourceJSON:
		return s
	}
	return sourceText
}

// contextEpisodes picks the previous episodes that fit in budget
// characters, newest first, each cut to half the budget at most, and
// returns them oldest first.
func contextEpisodes(prev []abi.Episode, budget int) []abi.Episode {
	sorted := slices.Clone(prev)
	slices.SortStableFunc(sorted, func(a, b abi.Episode) int {
		ta, _ := referenceTime(a.ReferenceTime)
		tb, _ := referenceTime(b.ReferenceTime)
		return ta.Compare(tb)
	})
	var out []abi.Episode
	left := budget
	for i := len(sorted) - 1; i >= 0 && left > 0; i-- {
		p := sorted[i]
		p.Content = strings.TrimSpace(p.Content)
		if p.Content == "" {
			continue
		}
		if n := min(left, budget/2); len(p.Content) > n {
			p.Content = cut(p.Content, n) + " …"
		}
		left -= len(p.Content)
		out = append(out, p)
	}
	slices.Reverse(out)
	return out
}

// cut returns the longest prefix of s of at most n bytes that ends on a
// rune boundary, preferring a line, sentence or word end in its last
// fifth.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	w := s[:n]
	for _, sep := range []string{"\n", ". ", ", ", " "} {
		if i := strings.LastIndex(w, sep); i >= n*4/5 {
			return strings.TrimRight(w[:i+len(sep)], " \n")
		}
	}
	return w
}
