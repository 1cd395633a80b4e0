package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jdkato/prose/v2"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// check tags the Penn Treebank sample in prose's test data with prose and
// with package nlp, and reports how often they agree and how often each
// is right. prose breaks ties between tags at random (map order), so a few
// words may differ.
func check(proseDir string) error {
	var toks []struct{ Text string }
	var tags []string
	for _, f := range []struct {
		name string
		v    any
	}{{"treebank_tokens.json", &toks}, {"treebank_tags.json", &tags}} {
		b, err := os.ReadFile(filepath.Join(proseDir, "testdata", f.name))
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, f.v); err != nil {
			return err
		}
	}
	var sents, gold [][]string
	start := 0
	for i := range toks {
		if tags[i] == "." || i == len(toks)-1 {
			var s []string
			for _, t := range toks[start : i+1] {
				s = append(s, t.Text)
			}
			if !slices.Contains(tags[start:i+1], "-NONE-") {
				sents, gold = append(sents, s), append(gold, tags[start:i+1])
			}
			start = i + 1
		}
	}
	words, agree, ours, theirs, skipped := 0, 0, 0, 0, 0
	var dOurs, dTheirs time.Duration
	m := prose.ModelFromData("check")
	for i, s := range sents {
		t0 := time.Now()
		doc, err := prose.NewDocument(strings.Join(s, " "), prose.UsingModel(m), prose.WithSegmentation(false), prose.WithExtraction(false))
		if err != nil {
			return err
		}
		dTheirs += time.Since(t0)
		pt := doc.Tokens()
		if len(pt) != len(s) {
			skipped++
			continue
		}
		t0 = time.Now()
		nt := nlp.Tag(s)
		dOurs += time.Since(t0)
		for k := range s {
			words++
			if pt[k].Tag == nt[k] {
				agree++
			}
			if nt[k] == gold[i][k] {
				ours++
			}
			if pt[k].Tag == gold[i][k] {
				theirs++
			}
		}
	}
	fmt.Printf("%d sentences (%d skipped: prose tokenizes them otherwise)\n", len(sents), skipped)
	fmt.Printf("%d words: agreement %.4f, accuracy nlp %.4f prose %.4f; time nlp %s prose %s\n",
		words, float64(agree)/float64(words), float64(ours)/float64(words), float64(theirs)/float64(words), dOurs, dTheirs)
	return nil
}
