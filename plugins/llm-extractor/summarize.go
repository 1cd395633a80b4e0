package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// Summary limits: the default length of a summary, the length of a name,
// and of one text in the prompt.
const (
	defaultSummaryChars = 1000
	maxSummaryNameRunes = 80
	maxSummaryTextRunes = 600
)

// summarize handles mnemo_summarize with one call: a summary of the
// texts within max_chars and a short name with the key terms. Texts past
// max_prompt_chars are left out, with a log line; no texts, no call.
func (x *extractor) summarize(req abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	maxChars := req.MaxChars
	if maxChars <= 0 {
		maxChars = defaultSummaryChars
	}
	var b strings.Builder
	used := 0
	for _, t := range req.Texts {
		t = truncate(oneLine(t), maxSummaryTextRunes)
		if t == "" {
			continue
		}
		if b.Len()+len(t) > x.cfg.MaxPromptChars {
			x.warn(fmt.Sprintf("summarize: %d texts do not fit in max_prompt_chars; summarized the first %d", len(req.Texts), used))
			break
		}
		b.WriteString("- " + t + "\n")
		used++
	}
	if used == 0 {
		return abi.SummarizeResponse{}, nil
	}
	kind := oneLine(req.Kind)
	if kind == "" {
		kind = "subject"
	}
	language := "Write in the language of the texts; keep names as they are written."
	if x.cfg.Language != "" {
		language = "Write in " + x.cfg.Language + "; keep names as they are written."
	}
	system := strings.NewReplacer(
		"{kind}", kind,
		"{max_chars}", strconv.Itoa(maxChars),
		"{language_rule}", language,
	).Replace(summarizeInstructions)
	user := "<texts kind=\"" + kind + "\">\n" + b.String() + "</texts>"

	var answer abi.SummarizeResponse
	if _, err := x.ask(promptSummarize, x.cfg.ResolveModel, system, user, summarizeSchema, 0, &answer); err != nil {
		return abi.SummarizeResponse{}, err
	}
	summary := strings.TrimSpace(answer.Summary)
	if utf8.RuneCountInString(summary) > maxChars {
		summary = cutRunes(summary, maxChars)
	}
	name := strings.TrimRight(cleanName(answer.Name), ".")
	return abi.SummarizeResponse{Name: truncate(name, maxSummaryNameRunes), Summary: summary}, nil
}

// cutRunes shortens s to at most n runes, at the end of a sentence in the
// second half if there is one, else at a word with "…".
func cutRunes(s string, n int) string {
	r := []rune(s)
	w := string(r[:n])
	if i := strings.LastIndexAny(w, ".!?"); i >= len(w)/2 {
		return w[:i+1]
	}
	w = string(r[:n-1])
	if i := strings.LastIndex(w, " "); i >= len(w)/2 {
		w = w[:i]
	}
	return strings.TrimSpace(w) + "…"
}
