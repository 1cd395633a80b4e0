// Command bench-extract scores mnemo's offline extraction on public,
// human-annotated relation data (package internal/bench/relext): each
// document is ingested as one episode into a group of its own through a
// host on the default configuration (the rule extractor, the local
// embedder, the in-memory store), and each annotated argument pair is
// scored on whether mnemo's facts between its arguments carry the
// annotated relation. `make bench-extract` runs it.
//
//	go run ./internal/tools/bench-extract [-dialogre DIR] [-split test|dev|train] [-webnlg DIR] [-limit N] [-study]
//
// The data is read where it lies and never copied into the repository:
// DialogRE from ../shared/bench-data/dialogre (its licence is research
// only), WebNLG from -webnlg. -study prints, for each gold label, the
// relations of the facts mnemo made between the pairs that carry it: what
// the label mapping was written from, on the train split.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/internal/bench/relext"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench-extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dialogre := fs.String("dialogre", "../shared/bench-data/dialogre", "DialogRE's directory (train.json, dev.json, test.json); empty skips it")
	split := fs.String("split", "test", "the split to score: test (report only), dev (tune) or train (the label mapping)")
	webnlg := fs.String("webnlg", "", "WebNLG's directory (see docs/benchmarks.md); empty skips it")
	lmeFile := fs.String("lme", "", "LongMemEval's oracle file, to score its short answers as facts (see docs/benchmarks.md); empty skips it")
	lmeHalf := fs.String("lme-half", "test", "the half of LongMemEval's questions to score: test (report only), dev or all")
	limit := fs.Int("limit", 0, "score at most this many documents of each set (0: all)")
	study := fs.Bool("study", false, "print the relations mnemo made between the pairs of each gold label")
	dump := fs.String("dump", "", "write each document's entities and facts to this file, one JSON object a line (for studying misses on train and dev)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := bench(ctx, *dialogre, *split, *webnlg, *lmeFile, *lmeHalf, *limit, *study, *dump, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "bench-extract: %v\n", err)
		return 1
	}
	return 0
}

func bench(ctx context.Context, dialogre, split, webnlg, lmeFile, lmeHalf string, limit int, study bool, dump string, stdout, stderr io.Writer) error {
	cfg, err := host.Load("", func(string) string { return "" })
	if err != nil {
		return err
	}
	cfg.Store.Backend, cfg.Log.Level = "memory", "warn"
	if err := cfg.Validate(); err != nil {
		return err
	}
	h, err := host.Open(ctx, cfg, host.OpenOptions{Logger: host.NewLogger(cfg.Log, stderr)})
	if err != nil {
		return fmt.Errorf("open host: %w", err)
	}
	defer h.Close(context.Background())
	var dw io.Writer
	if dump != "" {
		f, err := os.Create(dump)
		if err != nil {
			return err
		}
		defer f.Close()
		dw = f
	}
	if dialogre != "" {
		docs, err := relext.ReadDialogRE(dialogre, split)
		if err != nil {
			return err
		}
		name := "DialogRE " + split
		if err := score(ctx, h.Engine, name, "dre-"+split, docs, limit, relext.DialogREMapping(), study, dw, stdout); err != nil {
			return err
		}
	}
	if webnlg != "" {
		docs, skipped, err := relext.ReadWebNLG(webnlg, relext.WebNLGMapping())
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "WebNLG: %d triples of properties the mapping does not know left out\n", skipped)
		if err := score(ctx, h.Engine, "WebNLG", "webnlg", docs, limit, relext.WebNLGMapping(), study, dw, stdout); err != nil {
			return err
		}
	}
	if lmeFile != "" {
		items, err := relext.ReadLMEAnswers(lmeFile, lmeHalf)
		if err != nil {
			return err
		}
		if err := scoreAnswers(ctx, h.Engine, lmeHalf, items, limit, dw, stdout); err != nil {
			return err
		}
	}
	return nil
}

// scoreAnswers ingests each LongMemEval question's answer turns, in a
// group of its own, each turn an episode at its session's date, and
// counts the questions whose answer a fact holds.
func scoreAnswers(ctx context.Context, e *engine.Engine, half string, items []relext.AnswerItem, limit int, dump, stdout io.Writer) error {
	if limit > 0 && len(items) > limit {
		items = items[:limit]
	}
	start := time.Now()
	var eps []core.Episode
	for i, it := range items {
		for _, t := range it.Turns {
			eps = append(eps, core.Episode{GroupID: fmt.Sprintf("lme-%s-%d", half, i), Source: core.SourceMessage, Content: t.Content, ValidAt: t.At})
		}
	}
	res, err := e.Ingest(ctx, eps)
	if err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	for i := range eps {
		if _, err := e.Wait(ctx, eps[i].GroupID, res[i].UUID); err != nil {
			return fmt.Errorf("wait for %s: %w", eps[i].GroupID, err)
		}
	}
	var t relext.AnswerTally
	for i, it := range items {
		g, err := graph(ctx, e, fmt.Sprintf("lme-%s-%d", half, i))
		if err != nil {
			return err
		}
		if dump != nil {
			if err := writeDump(dump, i, g); err != nil {
				return err
			}
		}
		target, text := relext.AnswerFacts(g, it.Answer)
		t.Add(it.Type, len(g.Facts), target, text)
	}
	fmt.Fprintf(stdout, "LongMemEval answers, %s half: %d questions, %d user turns; %s on %d CPUs\n", half, len(items), len(eps), time.Since(start).Round(time.Millisecond), runtime.NumCPU())
	fmt.Fprintf(stdout, "command: go run ./internal/tools/bench-extract %s\n\n", strings.Join(os.Args[1:], " "))
	fmt.Fprintln(stdout, "| question type | questions | answer is an end of a fact | share |")
	fmt.Fprintln(stdout, "|---|---:|---:|---:|")
	types := make([]string, 0, len(t.ByType))
	for k := range t.ByType {
		types = append(types, k)
	}
	sort.Strings(types)
	for _, k := range types {
		c := t.ByType[k]
		fmt.Fprintf(stdout, "| %s | %d | %d | %.3f |\n", k, c[0], c[1], ratio(c[1], c[0]))
	}
	fmt.Fprintf(stdout, "| **all** | %d | %d | **%.3f** |\n\n", t.Questions, t.Target, ratio(t.Target, t.Questions))
	fmt.Fprintf(stdout, "answer in a fact's text: %d (%.3f); questions with any fact: %d\n\n", t.Text, ratio(t.Text, t.Questions), t.AnyFact)
	return nil
}

// ratio is a/b, 0 when b is 0.
func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// reference is the episodes' reference time: the data sets carry none.
var reference = time.Date(2024, 1, 15, 12, 0, 0, 0, time.UTC)

// score ingests docs, each in a group of its own, and scores their pairs.
func score(ctx context.Context, e *engine.Engine, name, prefix string, docs []relext.Document, limit int, m relext.Mapping, study bool, dump, stdout io.Writer) error {
	if limit > 0 && len(docs) > limit {
		docs = docs[:limit]
	}
	start := time.Now()
	eps := make([]core.Episode, len(docs))
	for i, d := range docs {
		eps[i] = core.Episode{GroupID: fmt.Sprintf("%s-%d", prefix, i), Source: core.Source(d.Source), Content: d.Content, ValidAt: reference}
	}
	res, err := e.Ingest(ctx, eps)
	if err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	tally := relext.NewTally()
	confusion := map[string]map[string]int{}
	facts, entities, failed := 0, 0, 0
	for i, d := range docs {
		group := eps[i].GroupID
		reps, err := e.Wait(ctx, group, res[i].UUID)
		if err != nil {
			return fmt.Errorf("wait for %s: %w", group, err)
		}
		if reps[0].Status != core.EpisodeDone {
			failed++
		}
		g, err := graph(ctx, e, group)
		if err != nil {
			return err
		}
		facts, entities = facts+len(g.Facts), entities+len(g.Entities)
		if dump != nil {
			if err := writeDump(dump, i, g); err != nil {
				return err
			}
		}
		for _, p := range d.Pairs {
			pred, rels := m.Predict(g, p)
			tally.Add(p.Labels, pred)
			if study {
				for _, l := range p.Labels {
					if confusion[l] == nil {
						confusion[l] = map[string]int{}
					}
					for _, r := range rels {
						confusion[l][r]++
					}
					if len(rels) == 0 {
						confusion[l]["(none)"]++
					}
				}
			}
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "%s: %d documents, %d argument pairs; %d entities and %d facts made, %d episodes failed; %s on %d CPUs\n",
		name, len(docs), pairs(docs), entities, facts, failed, elapsed.Round(time.Millisecond), runtime.NumCPU())
	fmt.Fprintf(stdout, "command: go run ./internal/tools/bench-extract %s\n\n", strings.Join(os.Args[1:], " "))
	tally.Write(stdout)
	fmt.Fprintln(stdout)
	if study {
		labels := make([]string, 0, len(confusion))
		for l := range confusion {
			labels = append(labels, l)
		}
		sort.Strings(labels)
		for _, l := range labels {
			type kv struct {
				k string
				v int
			}
			var row []kv
			for k, v := range confusion[l] {
				row = append(row, kv{k, v})
			}
			sort.Slice(row, func(i, j int) bool { return row[i].v > row[j].v || row[i].v == row[j].v && row[i].k < row[j].k })
			var b strings.Builder
			for k, r := range row {
				if k == 8 {
					break
				}
				fmt.Fprintf(&b, " %s:%d", r.k, r.v)
			}
			fmt.Fprintf(stdout, "study %s:%s\n", l, b.String())
		}
	}
	return nil
}

// graph reads a group's entities and every fact, ended ones included.
func graph(ctx context.Context, e *engine.Engine, group string) (relext.Graph, error) {
	var g relext.Graph
	for cur := ""; ; {
		p, err := e.ListEntities(ctx, group, core.ListOptions{Limit: 1000, Cursor: cur})
		if err != nil {
			return g, err
		}
		g.Entities = append(g.Entities, p.Items...)
		if cur = p.Next; cur == "" {
			break
		}
	}
	for cur := ""; ; {
		p, err := e.ListFacts(ctx, group, core.ListOptions{Limit: 1000, Cursor: cur, Filter: core.Filter{IncludeInvalid: true}})
		if err != nil {
			return g, err
		}
		g.Facts = append(g.Facts, p.Items...)
		if cur = p.Next; cur == "" {
			break
		}
	}
	return g, nil
}

// writeDump writes document i's graph as one JSON object: its entities
// (name, kind, aliases, terms of address) and facts (source, relation,
// target and text by name).
func writeDump(w io.Writer, i int, g relext.Graph) error {
	type entity struct {
		Name  string         `json:"name"`
		Attrs map[string]any `json:"attrs,omitempty"`
	}
	type fact struct {
		Source, Relation, Target, Text string
		Ended                          bool `json:",omitempty"`
	}
	out := struct {
		Doc      int      `json:"doc"`
		Entities []entity `json:"entities"`
		Facts    []fact   `json:"facts"`
	}{Doc: i}
	names := map[string]string{}
	for _, e := range g.Entities {
		names[e.UUID] = e.Name
		out.Entities = append(out.Entities, entity{e.Name, e.Attributes})
	}
	for _, f := range g.Facts {
		out.Facts = append(out.Facts, fact{names[f.SourceUUID], f.Relation, names[f.TargetUUID], f.Text, !f.InvalidAt.IsZero()})
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// pairs counts the argument pairs of docs.
func pairs(docs []relext.Document) int {
	n := 0
	for _, d := range docs {
		n += len(d.Pairs)
	}
	return n
}
