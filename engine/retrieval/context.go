package retrieval

import (
	"cmp"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// Context formats. FormatText is the Zep paper's layout: tagged sections of
// facts with their date ranges, entities with their summaries, episodes and
// communities. FormatJSON is one JSON object with the same content.
const (
	FormatText = "text"
	FormatJSON = "json"
)

// defaultBudget is the context budget in tokens when a request sets none.
const defaultBudget = 2000

// Context runs Search and writes what it found as context for an agent's
// prompt (χ in the Zep paper): facts with the time range in which each
// held, entities with their summaries, and the episodes and communities the
// recipe's scopes include. It stays within req.Budget tokens as counted by
// EstimateTokens: items are taken most relevant first, alternating between
// scopes by rank, and an item that does not fit is left out whole, never
// cut. When the request asks for history (Filter.IncludeInvalid, ValidAt or
// KnownAt), facts that no longer held at that point are marked. It returns
// "" when nothing was found or nothing fits. When not everything fits,
// facts and entities that the search scored equally are taken most
// important first (Deps.Importance; the engine scores it in Evolve).
func (sr *Searcher) Context(ctx context.Context, req ContextRequest) (string, error) {
	if req.Budget < 0 {
		return "", invalidf("negative context budget")
	}
	switch req.Format {
	case "", FormatText, FormatJSON:
	default:
		return "", invalidf("context format %q: want text or json", req.Format)
	}
	res, err := sr.Search(ctx, req.Request)
	if err != nil {
		return "", err
	}
	f := req.Filter
	f.Now = sr.now()
	budget := cmp.Or(req.Budget, defaultBudget)
	if EstimateTokens(renderContext(res, f, math.MaxInt, req.Format)) > budget {
		if err := sr.breakTies(ctx, req.Groups, &res); err != nil {
			return "", err
		}
	}
	return renderContext(res, f, budget, req.Format), nil
}

// tieRuns sorts each run of consecutive items of equal score by
// importance, highest first, and leaves the order of the runs as the
// reranker gave it (MMR's scores are not monotonic).
func tieRuns[T any](xs []T, score, importance func(T) float64) {
	for i := 0; i < len(xs); {
		j := i + 1
		for j < len(xs) && score(xs[j]) == score(xs[i]) {
			j++
		}
		slices.SortStableFunc(xs[i:j], func(a, b T) int { return cmp.Compare(importance(b), importance(a)) })
		i = j
	}
}

// breakTies orders the facts and the entities that the search scored
// equally by importance, most important first; the rest of the order
// stays.
func (sr *Searcher) breakTies(ctx context.Context, groups []string, res *Results) error {
	ids := func(n int, id func(int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = id(i)
		}
		return out
	}
	fi, err := sr.importance(ctx, groups, core.ScopeFacts, ids(len(res.Facts), func(i int) string { return res.Facts[i].UUID }))
	if err != nil {
		return err
	}
	ei, err := sr.importance(ctx, groups, core.ScopeEntities, ids(len(res.Entities), func(i int) string { return res.Entities[i].UUID }))
	if err != nil {
		return err
	}
	// Unscored objects rank below scored ones among equals.
	imp := func(m map[string]float64, id string) float64 {
		if v, ok := m[id]; ok {
			return v
		}
		return -1
	}
	tieRuns(res.Facts, func(x FactResult) float64 { return x.Score }, func(x FactResult) float64 { return imp(fi, x.UUID) })
	tieRuns(res.Entities, func(x EntityResult) float64 { return x.Score }, func(x EntityResult) float64 { return imp(ei, x.UUID) })
	return nil
}

// EstimateTokens estimates how many tokens s takes for the BPE tokenizers
// of current models, erring high: the larger of one token per 4 bytes and
// a count of pieces, where a run of letters counts one token per 6 bytes
// begun, a run of digits one per 3 digits begun, and every other character
// that is not a space one token. The estimate of a concatenation is never
// more than the sum of its parts' estimates, so a context assembled within
// a budget part by part is within it as a whole.
func EstimateTokens(s string) int {
	pieces := 0
	letters, digits := 0, 0
	flush := func() {
		pieces += (letters+5)/6 + (digits+2)/3
		letters, digits = 0, 0
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsMark(r):
			if digits > 0 {
				flush()
			}
			letters += utf8.RuneLen(r)
		case unicode.IsDigit(r):
			if letters > 0 {
				flush()
			}
			digits++
		default:
			flush()
			if !unicode.IsSpace(r) {
				pieces++
			}
		}
	}
	flush()
	return max((len(s)+3)/4, pieces)
}

// section is one part of the context: a header and items, best first, in
// text and in JSON. The JSON header is the section's key with its
// brackets and a separating comma, and each JSON item carries a comma, so
// the document assembled has no more characters than the parts counted.
type section struct {
	key            string
	header, footer string
	items          []string
	jitems         []string
	taken          []int // indices of items that fit, in order
}

// renderContext lays out results within budget tokens.
func renderContext(res Results, f core.Filter, budget int, format string) string {
	if budget == 0 {
		budget = defaultBudget
	}
	history := f.IncludeInvalid || !f.ValidAt.IsZero() || !f.KnownAt.IsZero()
	at := f.Now
	if !f.KnownAt.IsZero() {
		at = f.KnownAt
	}
	secs := buildSections(res, history, at)
	asJSON := format == FormatJSON
	intro := "The memory holds these facts, entities and records relevant to the conversation.\n"
	if asJSON {
		intro = "{}"
	}
	used := EstimateTokens(intro)
	type pick struct{ sec, item int }
	var picks []pick
	for rank := 0; ; rank++ {
		more := false
		for si, s := range secs {
			if rank >= len(s.items) {
				continue
			}
			more = true
			item, header, footer := s.items[rank], s.header, s.footer
			if asJSON {
				item, header, footer = s.jitems[rank], `"`+s.key+`":[`, "],"
			}
			cost := EstimateTokens(item)
			if len(s.taken) == 0 {
				cost += EstimateTokens(header) + EstimateTokens(footer)
			}
			if used+cost > budget {
				continue
			}
			used += cost
			s.taken = append(s.taken, rank)
			picks = append(picks, pick{si, rank})
		}
		if !more {
			break
		}
	}
	// The parts were counted with a little slack; should the whole still
	// exceed the budget, the least relevant items go.
	for len(picks) > 0 {
		out := assemble(secs, intro, asJSON)
		if EstimateTokens(out) <= budget {
			return out
		}
		last := picks[len(picks)-1]
		picks = picks[:len(picks)-1]
		s := secs[last.sec]
		s.taken = s.taken[:len(s.taken)-1]
	}
	return ""
}

// assemble writes the taken items of each section.
func assemble(secs []*section, intro string, asJSON bool) string {
	var b strings.Builder
	if asJSON {
		b.WriteString("{")
		first := true
		for _, s := range secs {
			if len(s.taken) == 0 {
				continue
			}
			if !first {
				b.WriteString(",")
			}
			first = false
			b.WriteString(`"` + s.key + `":[`)
			for j, i := range s.taken {
				if j > 0 {
					b.WriteString(",")
				}
				b.WriteString(strings.TrimSuffix(s.jitems[i], ","))
			}
			b.WriteString("]")
		}
		b.WriteString("}")
		return b.String()
	}
	b.WriteString(intro)
	for _, s := range secs {
		if len(s.taken) == 0 {
			continue
		}
		b.WriteString(s.header)
		for _, i := range s.taken {
			b.WriteString(s.items[i])
		}
		b.WriteString(s.footer)
	}
	return b.String()
}

// JSON forms of the context's items.
type (
	jsonFact struct {
		Fact       string  `json:"fact"`
		ValidAt    *string `json:"valid_at"`
		InvalidAt  *string `json:"invalid_at"`
		Superseded *bool   `json:"superseded,omitempty"`
		Ended      *bool   `json:"ended,omitempty"`
		// SourceClass is the class of the fact's most trusted source.
		SourceClass string `json:"source_class,omitempty"`
		Quarantined bool   `json:"quarantined,omitempty"`
	}
	jsonEntity struct {
		Name    string   `json:"name"`
		Labels  []string `json:"labels,omitempty"`
		Summary string   `json:"summary"`
	}
	jsonEpisode struct {
		Time        *string `json:"time"`
		Source      string  `json:"source,omitempty"`
		SourceClass string  `json:"source_class,omitempty"`
		Content     string  `json:"content"`
	}
	jsonCommunity struct {
		Name    string `json:"name"`
		Summary string `json:"summary"`
	}
)

// marshal encodes v without HTML escaping, followed by a comma.
func marshal(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // plain strings, pointers and slices: cannot fail
	return strings.TrimSuffix(b.String(), "\n") + ","
}

// buildSections renders every result as a text line and a JSON item.
func buildSections(res Results, history bool, at time.Time) []*section {
	facts := &section{
		key: "facts",
		header: "\nFACTS: statements and the period each held, as (from – to); \"present\" means it still holds, and an event happened within its period.\n" +
			"<FACTS>\n",
		footer: "</FACTS>\n",
	}
	for _, r := range res.Facts {
		// Instruction-like text is data, never a fact of the context
		// (ingestion keeps it out; this holds for facts added by hand or
		// stored before).
		if text.InstructionLike(r.Text) {
			continue
		}
		from, to := dateOrUnknown(r.ValidAt), "present"
		if !r.InvalidAt.IsZero() {
			to = formatDate(r.InvalidAt)
		}
		superseded := !r.ExpiredAt.IsZero()
		ended := !superseded && !r.InvalidAt.IsZero() && !r.InvalidAt.After(at)
		mark := ""
		jf := jsonFact{Fact: r.Text, ValidAt: jsonTime(r.ValidAt), InvalidAt: jsonTime(r.InvalidAt)}
		if history {
			switch {
			case superseded:
				mark = " [superseded]"
			case ended:
				mark = " [ended]"
			}
			jf.Superseded, jf.Ended = &superseded, &ended
		}
		if r.Trust != "" {
			mark += " [source: " + r.Trust + "]"
			jf.SourceClass = r.Trust
		}
		if !r.QuarantinedAt.IsZero() {
			mark += " [quarantined]"
			jf.Quarantined = true
		}
		facts.items = append(facts.items, "- "+oneLine(r.Text)+" ("+from+" – "+to+")"+mark+"\n")
		facts.jitems = append(facts.jitems, marshal(jf))
	}
	ents := &section{
		key:    "entities",
		header: "\nENTITIES: the people, places and things involved, as NAME: summary.\n<ENTITIES>\n",
		footer: "</ENTITIES>\n",
	}
	for _, r := range res.Entities {
		ents.items = append(ents.items, "- "+oneLine(joinNonEmpty(r.Name, r.Summary))+"\n")
		ents.jitems = append(ents.jitems, marshal(jsonEntity{Name: r.Name, Labels: r.Labels, Summary: r.Summary}))
	}
	eps := &section{
		key:    "episodes",
		header: "\nEPISODES: messages and documents as received, with the time each happened.\n<EPISODES>\n",
		footer: "</EPISODES>\n",
	}
	for _, r := range res.Episodes {
		src := ""
		if r.SourceDescription != "" {
			src = " (" + oneLine(r.SourceDescription) + ")"
		}
		if r.Trust != "" {
			src += " [source: " + r.Trust + "]"
		}
		content := withoutInstructions(r.Content)
		body := strings.ReplaceAll(strings.TrimSpace(content), "\n", "\n  ")
		eps.items = append(eps.items, "- ["+dateOrUnknown(r.ValidAt)+"]"+src+" "+body+"\n")
		eps.jitems = append(eps.jitems, marshal(jsonEpisode{Time: jsonTime(r.ValidAt), Source: r.SourceDescription, SourceClass: r.Trust, Content: content}))
	}
	comms := &section{
		key:    "communities",
		header: "\nCOMMUNITIES: clusters of closely related entities, as NAME: summary.\n<COMMUNITIES>\n",
		footer: "</COMMUNITIES>\n",
	}
	for _, r := range res.Communities {
		comms.items = append(comms.items, "- "+oneLine(joinNonEmpty(r.Name, r.Summary))+"\n")
		comms.jitems = append(comms.jitems, marshal(jsonCommunity{Name: r.Name, Summary: r.Summary}))
	}
	return []*section{facts, ents, eps, comms}
}

// withheld stands in the context for an instruction-like sentence of an
// episode.
const withheld = "[instruction-like text withheld]"

// withoutInstructions replaces the instruction-like lines and sentences
// of an episode's content with withheld, so that the context never
// carries them into an agent's prompt.
func withoutInstructions(s string) string {
	if !text.InstructionLike(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if !text.InstructionLike(l) {
			continue
		}
		var kept []string
		for _, sent := range text.Sentences(l) {
			if text.InstructionLike(sent) {
				sent = withheld
			}
			kept = append(kept, sent)
		}
		lines[i] = strings.Join(kept, " ")
		if text.InstructionLike(lines[i]) {
			lines[i] = withheld
		}
	}
	return strings.Join(lines, "\n")
}

// oneLine joins the lines of s with spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// formatDate writes t as a date, with the time of day when it has one.
func formatDate(t time.Time) string {
	t = t.UTC()
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
		return t.Format("2006-01-02")
	}
	return t.Format("2006-01-02 15:04")
}

func dateOrUnknown(t time.Time) string {
	if t.IsZero() {
		return "unknown"
	}
	return formatDate(t)
}

// jsonTime is t in RFC 3339, or nil when t is zero.
func jsonTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}
