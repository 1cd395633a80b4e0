package community

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// A community's summary is written from its most central members (their
// names and summaries) and the facts among them, by the first of:
//
//   - the tenant's Summarizer plugin;
//   - the Keeper's LLM (Deps.LLM);
//   - the offline summarizer, which needs neither.
//
// The plugin and the LLM summarize map-reduce style: the members, most
// central first, go in batches of SummaryBatch with the facts that touch
// them, one call per batch; when there was more than one batch, one more
// call merges the partial summaries. Every call returns a name and a
// summary, so a small community costs one call.

// Prompt names of the community summarizer, for accounting and test
// servers.
const (
	PromptMap    = "community_map"
	PromptReduce = "community_reduce"
	PromptUpdate = "community_update"
)

// SummarizeKind is the Kind of the SummarizeRequests sent to a
// tenant's Summarizer plugin. Map, reduce and update calls all use it; the
// texts say what they hold ("Entity: ...", "Fact: ...", "Summary: ...").
const SummarizeKind = "community"

// maxCommunityName bounds a community's name in bytes.
const maxCommunityName = 120

// summaryMember is a member as a summary sees it.
type summaryMember struct {
	UUID, Name, Summary string
	// Degree is the member's weighted degree inside the community.
	Degree int
}

// summaryInput is what a community's summary is written from.
type summaryInput struct {
	// Size is the number of members; Members are the most central of them,
	// most central first.
	Size    int
	Members []summaryMember
	// Facts are current facts between members touching at least one of
	// Members, most central first.
	Facts []core.Fact
	// Names maps the endpoints of Facts to entity names.
	Names map[string]string
}

// summarizer writes community summaries for one group. It is safe for
// concurrent use.
type summarizer struct {
	plugin   core.Summarizer // the tenant's plugin, or nil
	llm      core.LLM        // the Keeper's LLM, or nil
	maxChars int
	batch    int
	members  int // SummaryMembers
	calls    atomic.Int64
}

// summarizer returns the group's community summarizer.
func (k *Keeper) summarizer(ctx context.Context, group string) (*summarizer, error) {
	p, err := k.plugins.For(ctx, group)
	if err != nil {
		return nil, fmt.Errorf("load plugins of group %s: %w", group, err)
	}
	return &summarizer{plugin: p.Summarizer, llm: k.llm, maxChars: k.comm.MaxSummaryChars, batch: k.comm.SummaryBatch, members: k.comm.SummaryMembers}, nil
}

// offline reports whether summaries are written without a model.
func (s *summarizer) offline() bool { return s.plugin == nil && s.llm == nil }

// reach returns how many of a community's most central members a summary
// is written from, and of how many of them the facts are read. Reading
// facts is the costly part of a build; offline, the facts of the three
// most central members are enough.
func (s *summarizer) reach() (members, factMembers int) {
	if s.offline() {
		return offlineSummaryTop, offlineFactMembers
	}
	return s.members, s.members
}

// summarize writes the name and summary of a community: offline, or by
// map-reduce through the plugin or the LLM.
func (s *summarizer) summarize(ctx context.Context, in summaryInput) (core.Summary, error) {
	if s.offline() || len(in.Members) == 0 {
		return offlineSummary(in, s.maxChars), nil
	}
	var parts []core.Summary
	for lo := 0; lo < len(in.Members); lo += s.batch {
		batch := in.Members[lo:min(lo+s.batch, len(in.Members))]
		texts := memberTexts(batch, in.Facts, in.Names, 2*s.batch)
		if in.Size > len(batch) {
			texts = append([]string{fmt.Sprintf("Note: these are %d of the community's %d members.", len(batch), in.Size)}, texts...)
		}
		sum, err := s.call(ctx, PromptMap, texts)
		if err != nil {
			return core.Summary{}, err
		}
		parts = append(parts, sum)
	}
	if len(parts) == 1 {
		return s.finish(parts[0], in), nil
	}
	texts := make([]string, len(parts))
	for i, p := range parts {
		texts[i] = "Summary: " + p.Name + ": " + p.Summary
	}
	sum, err := s.call(ctx, PromptReduce, texts)
	if err != nil {
		return core.Summary{}, err
	}
	return s.finish(sum, in), nil
}

// update rewrites a community's summary after members joined or left. The
// plugin or the LLM get one call with the current summary and the changes;
// offline, the summary is written again from in.
func (s *summarizer) update(ctx context.Context, old core.Community, joined []summaryMember, left []string, in summaryInput) (core.Summary, error) {
	if s.offline() {
		return offlineSummary(in, s.maxChars), nil
	}
	texts := []string{"Summary: " + old.Name + ": " + old.Summary}
	for _, t := range memberTexts(joined, in.Facts, in.Names, 2*s.batch) {
		texts = append(texts, "New member "+t)
	}
	for _, name := range left {
		texts = append(texts, "Left the community: "+name)
	}
	sum, err := s.call(ctx, PromptUpdate, texts)
	if err != nil {
		return core.Summary{}, err
	}
	return s.finish(sum, in), nil
}

// finish trims a model's answer to the limits, falling back to the offline
// name when the model gave none.
func (s *summarizer) finish(sum core.Summary, in summaryInput) core.Summary {
	sum.Name = capName(sum.Name)
	sum.Summary = text.JoinCapped(text.Sentences(strings.TrimSpace(sum.Summary)), s.maxChars)
	if sum.Name == "" {
		sum.Name = offlineName(in)
	}
	return sum
}

// memberTexts describes members ("Entity: name: summary") followed by the
// most central facts touching them ("Fact: text"), at most maxFacts.
func memberTexts(ms []summaryMember, facts []core.Fact, names map[string]string, maxFacts int) []string {
	in := make(map[string]bool, len(ms))
	var out []string
	for _, m := range ms {
		in[m.UUID] = true
		t := "Entity: " + m.Name
		if s := strings.TrimSpace(m.Summary); s != "" {
			t += ": " + s
		}
		out = append(out, t)
	}
	seen := map[string]bool{}
	n := 0
	for _, f := range facts {
		if n == maxFacts {
			break
		}
		k := text.Normalize(f.Text)
		if !in[f.SourceUUID] && !in[f.TargetUUID] || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, "Fact: "+text.Sentence(f.Text))
		n++
	}
	return out
}

// call runs one summarizer call.
func (s *summarizer) call(ctx context.Context, prompt string, texts []string) (core.Summary, error) {
	s.calls.Add(1)
	if s.plugin != nil {
		sum, err := s.plugin.Summarize(ctx, core.SummarizeRequest{Kind: SummarizeKind, Texts: texts, MaxChars: s.maxChars})
		if err != nil {
			return core.Summary{}, fmt.Errorf("summarize community: %w", err)
		}
		return sum, nil
	}
	c, err := s.llm.Complete(ctx, core.CompletionRequest{
		Prompt:    prompt,
		Model:     core.ModelSmall,
		Messages:  communityMessages(prompt, texts, s.maxChars),
		Schema:    communitySchema,
		MaxTokens: s.maxChars/2 + 200,
	})
	if err != nil {
		return core.Summary{}, fmt.Errorf("summarize community: %w", err)
	}
	var out struct {
		Name    string `json:"name"`
		Summary string `json:"summary"`
	}
	if err := json.Unmarshal([]byte(c.Content), &out); err != nil {
		return core.Summary{}, fmt.Errorf("%w: decode %s answer: %w", core.ErrUnavailable, prompt, err)
	}
	return core.Summary{Name: out.Name, Summary: out.Summary}, nil
}

// communitySchema is the structured output of every community prompt.
var communitySchema = []byte(`{"type":"object","properties":{` +
	`"name":{"type":"string","description":"3 to 8 words: the key entities and subjects"},` +
	`"summary":{"type":"string","description":"what the community is about, from the input only"}},` +
	`"required":["name","summary"],"additionalProperties":false}`)

// communityMessages builds the prompt of a community summarizer call.
func communityMessages(prompt string, texts []string, maxChars int) []core.Message {
	common := "A community is a cluster of closely connected entities of a knowledge graph. " +
		"Answer with a JSON object: \"name\", 3 to 8 words made of the key entities and subjects, which search will match, " +
		"and \"summary\", at most " + strconv.Itoa(maxChars) + " characters of plain prose. Use only the information given; do not invent facts."
	var task, head string
	switch prompt {
	case PromptMap:
		task = "Summarize the community from its members and the facts between them."
		head = "Members and facts:"
	case PromptReduce:
		task = "Merge the partial summaries of one community, each written from some of its members, into one name and summary."
		head = "Partial summaries:"
	case PromptUpdate:
		task = "Update the community's name and summary: members joined or left it. Keep what is still true, add what the new members bring, drop what only concerned members that left."
		head = "Current summary and changes:"
	}
	var b strings.Builder
	b.WriteString(head)
	for _, t := range texts {
		b.WriteString("\n- ")
		b.WriteString(t)
	}
	return []core.Message{
		{Role: "system", Content: task + " " + common},
		{Role: "user", Content: b.String()},
	}
}

// capName trims a name to one line of at most maxCommunityName bytes, cut
// at a word boundary.
func capName(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.Trim(s, " .\"'")
	if len(s) <= maxCommunityName {
		return s
	}
	cut := text.CutPoint(s, maxCommunityName)
	if i := strings.LastIndexByte(s[:cut], ' '); i > 0 {
		cut = i
	}
	return strings.TrimRight(s[:cut], " ,;:-")
}

// offlineSummaryTop is how many central members the offline summary names;
// offlineFactMembers is of how many of them it reads the facts.
const (
	offlineSummaryTop  = 5
	offlineFactMembers = 3
)

// offlineSummary writes a community's summary without a model: its most
// central members with their weighted degrees, its most frequent relations
// with their most frequent objects, the first sentence of the central
// members' summaries, and the most central facts, cut at maxChars on a
// sentence boundary. The name lists the three most central members.
func offlineSummary(in summaryInput, maxChars int) core.Summary {
	var parts []string
	top := in.Members[:min(offlineSummaryTop, len(in.Members))]
	if len(top) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "%d members, the most connected: ", in.Size)
		for i, m := range top {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(m.Name)
			if i == 0 {
				fmt.Fprintf(&b, " (%d %s)", m.Degree, plural(m.Degree, "fact", "facts"))
			} else {
				fmt.Fprintf(&b, " (%d)", m.Degree)
			}
		}
		b.WriteByte('.')
		parts = append(parts, b.String())
	}
	if r := frequentRelations(in.Facts, in.Names, 3); r != "" {
		parts = append(parts, r)
	}
	for _, m := range top[:min(3, len(top))] {
		if s := text.Sentences(m.Summary); len(s) > 0 {
			parts = append(parts, s[0])
		}
	}
	for _, f := range in.Facts[:min(5, len(in.Facts))] {
		parts = append(parts, text.Sentence(f.Text))
	}
	return core.Summary{Name: offlineName(in), Summary: text.JoinCapped(parts, maxChars)}
}

// offlineName joins the names of the three most central members.
func offlineName(in summaryInput) string {
	var names []string
	for _, m := range in.Members[:min(3, len(in.Members))] {
		names = append(names, m.Name)
	}
	return capName(strings.Join(names, ", "))
}

// frequentRelations describes the n most frequent relations of facts with
// their most frequent objects: "Frequent relations: works at Acme (3),
// Globex; lives in Paris (2)."
func frequentRelations(facts []core.Fact, names map[string]string, n int) string {
	type rel struct {
		name    string
		count   int
		objects map[string]int
	}
	byName := map[string]*rel{}
	for _, f := range facts {
		r := byName[f.Relation]
		if r == nil {
			r = &rel{name: f.Relation, objects: map[string]int{}}
			byName[f.Relation] = r
		}
		r.count++
		if o := names[f.TargetUUID]; o != "" {
			r.objects[o]++
		}
	}
	rels := make([]*rel, 0, len(byName))
	for _, r := range byName {
		rels = append(rels, r)
	}
	sort.Slice(rels, func(i, j int) bool {
		if rels[i].count != rels[j].count {
			return rels[i].count > rels[j].count
		}
		return rels[i].name < rels[j].name
	})
	var items []string
	for _, r := range rels[:min(n, len(rels))] {
		objs := make([]string, 0, len(r.objects))
		for o := range r.objects {
			objs = append(objs, o)
		}
		sort.Slice(objs, func(i, j int) bool {
			if r.objects[objs[i]] != r.objects[objs[j]] {
				return r.objects[objs[i]] > r.objects[objs[j]]
			}
			return objs[i] < objs[j]
		})
		var b strings.Builder
		b.WriteString(strings.ToLower(strings.ReplaceAll(r.name, "_", " ")))
		for i, o := range objs[:min(3, len(objs))] {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(" " + o)
			if c := r.objects[o]; c > 1 {
				fmt.Fprintf(&b, " (%d)", c)
			}
		}
		if len(objs) == 0 {
			fmt.Fprintf(&b, " (%d)", r.count)
		}
		items = append(items, b.String())
	}
	if len(items) == 0 {
		return ""
	}
	return "Frequent relations: " + strings.Join(items, "; ") + "."
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
