package retrieval

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/core"
)

// The cross-encoder asks the LLM to score passages against the query. One
// prompt scores a batch of passages (Options.CrossEncoderBatch) and
// answers with JSON checked against crossEncoderSchema, so a search of ten
// results costs one call instead of one per passage. Calls go through
// the Searcher's LLM (Deps.LLM), and so through the process's rate and
// concurrency limits.

// crossEncoderPrompt names the prompt for accounting, logs and test
// scripts.
const crossEncoderPrompt = "rerank"

// maxPassageBytes caps each passage in the prompt; a longer one is cut at a
// word boundary and marked with an ellipsis.
const maxPassageBytes = 1500

// crossEncoderSchema is the JSON Schema of the answer.
const crossEncoderSchema = `{"type":"object","properties":{"scores":{"type":"array","items":{"type":"object",` +
	`"properties":{"id":{"type":"integer"},"score":{"type":"integer","minimum":0,"maximum":10}},` +
	`"required":["id","score"],"additionalProperties":false}}},"required":["scores"],"additionalProperties":false}`

const crossEncoderSystem = `You grade search results. For each passage, decide how useful it is for answering the query and give it an integer score from 0 to 10:
10: the passage answers the query directly;
6 to 9: it holds part of the answer or a strong clue;
1 to 5: it is on the topic but does not help answer;
0: it is unrelated.
Grade each passage on its own, not against the others. Give every passage exactly one score, using the ids shown.`

// crossEncoder scores the best RRF candidates (up to c.Candidates) with the
// LLM and orders them by score, ties in RRF order. Without an LLM, or when
// the model fails, the candidates keep their RRF order and a warning says
// why.
func (s *search) crossEncoder(ctx context.Context, sc core.Scope, c ScopeConfig, cands []*cand, objs *objects) ([]*cand, []string, error) {
	if s.sr.llm == nil {
		return byRRF(cands), []string{fmt.Sprintf("%s: cross_encoder needs an LLM and none is configured; ordered by rrf", sc)}, nil
	}
	short := cands[:min(len(cands), c.Candidates)]
	if err := objs.ensure(ctx, candIDs(short), false); err != nil {
		return nil, nil, err
	}
	var kept []*cand
	var texts []string
	for _, cd := range short {
		if o := objs.m[cd.id]; o != nil {
			kept = append(kept, cd)
			texts = append(texts, o.text())
		}
	}
	scores, missing, err := s.sr.crossEncode(ctx, s.req.Query, texts)
	if err != nil {
		if abandoned(ctx) {
			return nil, nil, err
		}
		return byRRF(cands), []string{fmt.Sprintf("%s: cross_encoder failed (%v); ordered by rrf", sc, err)}, nil
	}
	var warnings []string
	if missing > 0 {
		warnings = append(warnings, fmt.Sprintf("%s: the model left %d of %d passages unscored; they count as 0", sc, missing, len(texts)))
	}
	for i, cd := range kept {
		cd.score = scores[i]
	}
	slices.SortStableFunc(kept, func(a, b *cand) int { return cmp.Compare(b.score, a.score) })
	return kept, warnings, nil
}

// crossEncode scores passages against query in [0, 1], in batches run
// concurrently. missing counts passages the model did not score (they get
// 0).
func (sr *Searcher) crossEncode(ctx context.Context, query string, passages []string) (scores []float64, missing int, err error) {
	scores = make([]float64, len(passages))
	size := sr.search.CrossEncoderBatch
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, 4)
	for lo := 0; lo < len(passages); lo += size {
		hi := min(lo+size, len(passages))
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			got, miss, err := sr.scoreBatch(ctx, query, passages[lo:hi])
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				return
			}
			copy(scores[lo:hi], got)
			missing += miss
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, 0, firstErr
	}
	return scores, missing, nil
}

// scoreBatch scores one batch of passages with one prompt.
func (sr *Searcher) scoreBatch(ctx context.Context, query string, passages []string) ([]float64, int, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "Query: %s\n\nPassages:\n", query)
	for i, p := range passages {
		fmt.Fprintf(&b, "<passage id=\"%d\">\n%s\n</passage>\n", i+1, clip(p, maxPassageBytes))
	}
	zero := 0.0
	ans, err := sr.llm.Complete(ctx, core.CompletionRequest{
		Prompt:      crossEncoderPrompt,
		Model:       core.ModelSmall,
		Messages:    []core.Message{{Role: "system", Content: crossEncoderSystem}, {Role: "user", Content: b.String()}},
		Schema:      []byte(crossEncoderSchema),
		Temperature: &zero,
		MaxTokens:   64 + 16*len(passages),
	})
	if err != nil {
		return nil, 0, fmt.Errorf("score passages: %w", err)
	}
	var out struct {
		Scores []struct {
			ID    int     `json:"id"`
			Score float64 `json:"score"`
		} `json:"scores"`
	}
	if err := json.Unmarshal([]byte(ans.Content), &out); err != nil {
		return nil, 0, fmt.Errorf("decode passage scores: %w", err)
	}
	scores := make([]float64, len(passages))
	seen := make([]bool, len(passages))
	for _, s := range out.Scores {
		if s.ID < 1 || s.ID > len(passages) || seen[s.ID-1] {
			continue
		}
		seen[s.ID-1] = true
		scores[s.ID-1] = min(max(s.Score, 0), 10) / 10
	}
	missing := 0
	for _, ok := range seen {
		if !ok {
			missing++
		}
	}
	return scores, missing, nil
}

// clip cuts s to at most n bytes at a word boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if i := strings.LastIndexAny(s[:cut], " \n\t"); i > n/2 {
		cut = i
	}
	return s[:cut] + " …"
}
