package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// Limits on the text of one extracted item. Longer names are not names;
// longer summaries, attribute values and fact sentences are cut.
const (
	maxNameRunes      = 200
	maxSummaryRunes   = 500
	maxAttributeRunes = 300
	maxFactRunes      = 1000
	maxRelationRunes  = 60
)

// fallbackRelation names a relation the model left empty.
const fallbackRelation = "RELATES_TO"

// extractAnswer is the model's extraction answer (see extractSchema).
type extractAnswer struct {
	Entities []answerEntity `json:"entities"`
	Facts    []answerFact   `json:"facts"`
}

type answerEntity struct {
	Name       string         `json:"name"`
	Type       *string        `json:"type"`
	Kind       string         `json:"kind"`
	Summary    string         `json:"summary"`
	Attributes map[string]any `json:"attributes"`
}

type answerFact struct {
	Source     string         `json:"source"`
	Relation   string         `json:"relation"`
	Target     string         `json:"target"`
	Fact       string         `json:"fact"`
	ValidAt    *string        `json:"valid_at"`
	InvalidAt  *string        `json:"invalid_at"`
	Attributes map[string]any `json:"attributes"`
	// rule is what extracted the fact (factRule), set by the caller: the
	// answer does not carry it.
	rule string
}

// cleaner turns a model's answer into an extract response that keeps the
// ABI's promises: named entities with ontology types, facts between two
// different listed entities with SCREAMING_SNAKE_CASE relations and RFC
// 3339 dates, no repeats, within the size limits. What it drops or
// repairs it says in warnings.
type cleaner struct {
	o           *ontology
	loc         *time.Location // for dates without an offset
	speaker     string         // the message's speaker, or ""
	maxEntities int
	maxFacts    int

	entities []abi.ExtractedEntity
	byKey    map[string]int    // nameKey → index in entities
	aliases  map[string]int    // first-person pronouns → the speaker's index
	dropped  map[string]string // nameKey of an entity dropped for its type → why
	warnings []string
}

func (c *cleaner) warnf(format string, args ...any) {
	c.warnings = append(c.warnings, fmt.Sprintf(format, args...))
}

// clean returns the response for answer a.
func (c *cleaner) clean(a extractAnswer) abi.ExtractResponse {
	c.byKey, c.aliases, c.dropped = map[string]int{}, map[string]int{}, map[string]string{}
	for _, e := range a.Entities {
		c.addEntity(e)
	}
	c.placeSpeaker()
	if len(c.entities) > c.maxEntities {
		c.warnf("the answer has %d entities; kept the first %d", len(c.entities), c.maxEntities)
		for _, e := range c.entities[c.maxEntities:] {
			c.dropped[nameKey(e.Name)] = "over the entity limit"
		}
		c.entities = c.entities[:c.maxEntities]
		c.reindex()
	}
	facts := c.facts(a.Facts)
	if len(facts) > c.maxFacts {
		c.warnf("the answer has %d facts; kept the first %d", len(facts), c.maxFacts)
		facts = facts[:c.maxFacts]
	}
	if c.entities == nil {
		c.entities = []abi.ExtractedEntity{}
	}
	if facts == nil {
		facts = []abi.ExtractedFact{}
	}
	return abi.ExtractResponse{Entities: c.entities, Facts: facts, Warnings: c.warnings}
}

// addEntity cleans one answered entity and adds it, or merges it into an
// earlier one with the same name.
func (c *cleaner) addEntity(e answerEntity) {
	name := cleanName(e.Name)
	key := nameKey(name)
	switch {
	case key == "":
		c.warnf("an entity without a name was dropped")
		return
	case utf8.RuneCountInString(name) > maxNameRunes:
		c.warnf("entity %q was dropped: a name of over %d characters", truncate(name, 40), maxNameRunes)
		return
	case pronouns[key]:
		if c.speaker != "" && firstPerson[key] {
			c.aliases[key] = -1 // resolved to the speaker in placeSpeaker
			return
		}
		c.warnf("entity %q was dropped: a pronoun is not an entity", name)
		return
	}
	out := abi.ExtractedEntity{Name: name, Summary: truncate(oneLine(e.Summary), maxSummaryRunes)}
	typed := ""
	if c.o.kinds {
		if c.o.isExcluded(e.Kind) {
			c.dropped[key] = fmt.Sprintf("of the excluded type %s", strings.TrimSpace(e.Kind))
			c.warnf("entity %q was dropped: %s", name, c.dropped[key])
			return
		}
		if k := kindOf(e.Kind); k != "" {
			out.Attributes = map[string]any{"kind": k}
		}
	} else if t := strings.TrimSpace(deref(e.Type)); t != "" && !nullWords[strings.ToLower(t)] {
		if c.o.isExcluded(t) {
			c.dropped[key] = fmt.Sprintf("of the excluded type %s", t)
			c.warnf("entity %q was dropped: %s", name, c.dropped[key])
			return
		}
		if typed, _ = c.o.entityType(t); typed == "" {
			c.warnf("entity %q: type %q is not in the ontology; left untyped", name, t)
		}
		out.Type = typed
	}
	if allowed := c.o.attrsOf[typed]; len(allowed) > 0 {
		for k, v := range e.Attributes {
			if s := attributeValue(v); s != "" && allowed[k] {
				if out.Attributes == nil {
					out.Attributes = map[string]any{}
				}
				out.Attributes[k] = s
			}
		}
	}
	if i, ok := c.byKey[key]; ok {
		c.merge(i, out)
		return
	}
	c.byKey[key] = len(c.entities)
	c.entities = append(c.entities, out)
}

// merge folds a repeated entity into the first one with its name.
func (c *cleaner) merge(i int, e abi.ExtractedEntity) {
	first := &c.entities[i]
	if first.Type == "" {
		first.Type = e.Type
	}
	if len(e.Summary) > len(first.Summary) {
		first.Summary = e.Summary
	}
	for k, v := range e.Attributes {
		if _, ok := first.Attributes[k]; !ok {
			if first.Attributes == nil {
				first.Attributes = map[string]any{}
			}
			first.Attributes[k] = v
		}
	}
}

// roleSpeakers are speaker names that are roles, not subjects of memory:
// the plugin does not add them when the model left them out.
var roleSpeakers = map[string]bool{"assistant": true, "system": true, "tool": true, "bot": true, "ai": true}

// placeSpeaker moves the message's speaker to the front of the entities,
// adding it if the model left it out, and points first-person pronouns at
// it. A listed entity is the speaker when its name is the speaker's or
// starts with it ("Alice Smith" for the speaker "alice"), and only one
// does.
func (c *cleaner) placeSpeaker() {
	key := nameKey(c.speaker)
	if key == "" {
		return
	}
	at, ok := c.byKey[key]
	if !ok {
		at = -1
		for i, e := range c.entities {
			if strings.HasPrefix(nameKey(e.Name), key+" ") {
				if at >= 0 {
					at = -2 // ambiguous
					break
				}
				at = i
			}
		}
	}
	switch {
	case at >= 0:
		sp := c.entities[at]
		copy(c.entities[1:at+1], c.entities[:at])
		c.entities[0] = sp
	case at == -1 && !roleSpeakers[key]:
		sp := abi.ExtractedEntity{Name: cleanName(c.speaker)}
		if c.o.kinds {
			sp.Attributes = map[string]any{"kind": "Person"}
		} else if t, ok := c.o.entityType("Person"); ok {
			sp.Type = t
		}
		c.entities = append([]abi.ExtractedEntity{sp}, c.entities...)
	default:
		// An ambiguous or role speaker: first-person pronouns stay
		// unresolved.
		for k := range c.aliases {
			delete(c.aliases, k)
		}
		c.reindex()
		return
	}
	c.reindex()
	for k := range c.aliases {
		c.aliases[k] = 0
	}
}

// reindex rebuilds byKey after entities moved.
func (c *cleaner) reindex() {
	clear(c.byKey)
	for i, e := range c.entities {
		c.byKey[nameKey(e.Name)] = i
	}
}

// endpoint finds the entity a fact's source or target names: by its name,
// as a first-person pronoun for the speaker, or as the first words of
// exactly one entity's name ("Alice" for "Alice Smith"). It returns -1 and
// the reason when there is none.
func (c *cleaner) endpoint(name string) (int, string) {
	key := nameKey(cleanName(name))
	if i, ok := c.byKey[key]; ok {
		return i, ""
	}
	if i, ok := c.aliases[key]; ok && i >= 0 {
		return i, ""
	}
	if why, ok := c.dropped[key]; ok {
		return -1, fmt.Sprintf("its entity %q was dropped (%s)", name, why)
	}
	if key != "" {
		found := -1
		for i, e := range c.entities {
			if strings.HasPrefix(nameKey(e.Name), key+" ") {
				if found >= 0 {
					return -1, fmt.Sprintf("%q could be several entities", name)
				}
				found = i
			}
		}
		if found >= 0 {
			return found, ""
		}
	}
	return -1, fmt.Sprintf("%q is not among the extracted entities", name)
}

// facts cleans the answered facts.
func (c *cleaner) facts(in []answerFact) []abi.ExtractedFact {
	var out []abi.ExtractedFact
	seen := map[string]int{}
	for _, f := range in {
		text := truncate(oneLine(f.Fact), maxFactRunes)
		label := text
		if label == "" {
			label = oneLine(f.Source + " " + f.Relation + " " + f.Target)
		}
		si, why := c.endpoint(f.Source)
		if si < 0 {
			c.warnf("fact %q was dropped: %s", truncate(label, 80), why)
			continue
		}
		ti, why := c.endpoint(f.Target)
		if ti < 0 {
			c.warnf("fact %q was dropped: %s", truncate(label, 80), why)
			continue
		}
		if si == ti {
			c.warnf("fact %q was dropped: its source and target are the same entity", truncate(label, 80))
			continue
		}
		rel := relationName(f.Relation)
		var attrs map[string]any
		if ft := c.o.factType(rel); ft != nil {
			rel = ft.Name
			src, tgt := c.entities[si].Type, c.entities[ti].Type
			switch {
			case c.o.allows(ft, src, tgt):
				attrs = c.factAttributes(ft, f.Attributes)
			case c.o.allows(ft, tgt, src):
				c.warnf("fact %q: source and target swapped to fit %s (%s)", truncate(label, 80), rel, signature(*ft))
				si, ti = ti, si
				attrs = c.factAttributes(ft, f.Attributes)
			default:
				c.warnf("fact %q: %s does not allow a %s source and a %s target; kept without its attributes", truncate(label, 80), rel, orAny(src), orAny(tgt))
			}
		}
		src, tgt := c.entities[si].Name, c.entities[ti].Name
		if text == "" {
			text = src + " " + strings.ToLower(strings.ReplaceAll(rel, "_", " ")) + " " + tgt
			c.warnf("fact %q had no sentence; wrote one from its relation", text)
		}
		out1 := abi.ExtractedFact{Source: src, Target: tgt, Relation: rel, Fact: text, Attributes: attrs, Rule: f.rule}
		out1.ValidAt = c.date(text, "valid_at", deref(f.ValidAt))
		out1.InvalidAt = c.date(text, "invalid_at", deref(f.InvalidAt))
		if out1.ValidAt != "" && out1.InvalidAt != "" && after(out1.ValidAt, out1.InvalidAt) {
			c.warnf("fact %q: valid_at %s is after invalid_at %s; dropped valid_at", truncate(text, 80), out1.ValidAt, out1.InvalidAt)
			out1.ValidAt = ""
		}
		key := nameKey(src) + "\x00" + rel + "\x00" + nameKey(tgt) + "\x00" + textKey(text)
		if i, ok := seen[key]; ok {
			if out[i].ValidAt == "" {
				out[i].ValidAt = out1.ValidAt
			}
			if out[i].InvalidAt == "" {
				out[i].InvalidAt = out1.InvalidAt
			}
			continue
		}
		seen[key] = len(out)
		out = append(out, out1)
	}
	return out
}

// factAttributes keeps the answered attributes that the fact type defines.
func (c *cleaner) factAttributes(ft *abi.FactType, in map[string]any) map[string]any {
	allowed := c.o.factAttrsOf[ft.Name]
	var out map[string]any
	for k, v := range in {
		if s := attributeValue(v); s != "" && allowed[k] {
			if out == nil {
				out = map[string]any{}
			}
			out[k] = s
		}
	}
	return out
}

// date normalizes one date of a fact; an unreadable one is dropped with a
// warning.
func (c *cleaner) date(fact, field, s string) string {
	d, err := normalizeDate(s, c.loc)
	if err != nil {
		c.warnf("fact %q: %s %v; dropped the date, kept the fact", truncate(fact, 80), field, err)
		return ""
	}
	return d
}

// after reports whether the RFC 3339 time a is after b.
func after(a, b string) bool {
	ta, errA := time.Parse(time.RFC3339Nano, a)
	tb, errB := time.Parse(time.RFC3339Nano, b)
	return errA == nil && errB == nil && ta.After(tb)
}

func orAny(t string) string {
	if t == "" {
		return "untyped"
	}
	return t
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// attributeValue turns an answered attribute value into a string, "" for
// null, empty and non-scalar values.
func attributeValue(v any) string {
	var s string
	switch v := v.(type) {
	case string:
		s = v
	case float64:
		s = strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		s = strconv.FormatBool(v)
	default:
		return ""
	}
	s = oneLine(s)
	if nullWords[strings.ToLower(s)] {
		return ""
	}
	return truncate(s, maxAttributeRunes)
}

// firstPerson are the pronouns that stand for the speaker of a message,
// in nameKey form.
var firstPerson = wordSet("i me my mine myself we us our ours ourselves")

// pronouns are names that are never entities, in nameKey form.
var pronouns = wordSet("i me my mine myself we us our ours ourselves " +
	"you your yours yourself yourselves he him his himself she her hers herself it its itself " +
	"they them their theirs themselves someone somebody anyone anybody everyone everybody nobody " +
	"this that these those")

// nullWords are answers that mean "no value", in lower case.
var nullWords = wordSet("null none nil n/a unknown")

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// messageSpeaker returns the speaker of a message episode: the "speaker"
// of a leading "speaker: ", at most 48 bytes on the first line, or "".
func messageSpeaker(content string) string {
	content = strings.TrimLeftFunc(content, unicode.IsSpace)
	i := strings.IndexAny(content, ":\n")
	if i < 1 || i > 48 || content[i] != ':' || i+1 >= len(content) || !unicode.IsSpace(rune(content[i+1])) {
		return ""
	}
	return strings.TrimSpace(content[:i])
}

// cleanName trims a name, quotes around it and inner runs of space.
func cleanName(s string) string {
	return strings.Trim(oneLine(s), "\"'“”‘’`")
}

// nameKey is the key two names share when they are the same name: lower
// case, punctuation at either end removed, inner white space collapsed
// (the engine's core.NormalizeName).
func nameKey(name string) string {
	trimmed := strings.TrimFunc(name, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsPunct(r) && r != '&' && r != '+' && r != '#'
	})
	return strings.ToLower(oneLine(trimmed))
}

// textKey is the key two fact sentences share when they differ only in
// case, punctuation and spacing.
func textKey(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return b.String()
}

// relationName makes a relation SCREAMING_SNAKE_CASE from any spelling
// ("works at", "worksAt", "Works-At"), keeping ASCII letters and digits
// only, as the engine does; an empty result is RELATES_TO.
func relationName(s string) string {
	var b strings.Builder
	var prev rune
	gap := false
	rs := []rune(strings.TrimSpace(s))
	for i, r := range rs {
		isLower, isUpper, isDigit := r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9'
		if !isLower && !isUpper && !isDigit {
			gap = true
			prev = r
			continue
		}
		// A camelCase boundary: aB, or the B of ABc.
		if isUpper && (prev >= 'a' && prev <= 'z' || prev >= 'A' && prev <= 'Z' && i+1 < len(rs) && rs[i+1] >= 'a' && rs[i+1] <= 'z') {
			gap = true
		}
		if gap && b.Len() > 0 {
			b.WriteByte('_')
		}
		gap = false
		b.WriteRune(unicode.ToUpper(r))
		prev = r
	}
	out := b.String()
	if len(out) > maxRelationRunes {
		out = out[:maxRelationRunes] // ASCII only
	}
	out = strings.TrimRight(out, "_")
	if out == "" {
		return fallbackRelation
	}
	return out
}

// truncate cuts s to at most n runes, marking a cut with "…".
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
