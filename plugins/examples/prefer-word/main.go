//go:build wasip1

// Command prefer-word is a reranker written with mnemo's Go SDK in a module
// of its own, as a plugin author outside this repository writes one. It
// keeps the order reciprocal rank fusion gives and puts first the
// candidates whose text contains the configured word:
//
//	{"word": "coffee"}
//
// Build it from this directory:
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -o prefer-word.wasm .
//
// In a module of your own, require mnemo from a checkout with a replace
// directive (docs/plugins.md; plugins/sdk's TestReplaceFromAnotherModule
// runs the commands): the module is not published yet.
package main

import (
	"encoding/json"
	"errors"
	"sort"
	"strings"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

var word string

func init() {
	sdk.Register(sdk.Plugin{
		Name:        "prefer-word",
		Version:     "1.0.0",
		Description: "puts first the candidates containing a configured word",
		Configure:   configure,
		Rerank:      rerank,
	})
}

func main() {}

func configure(config []byte) error {
	var c struct {
		Word string `json:"word"`
	}
	if err := json.Unmarshal(config, &c); err != nil {
		return err
	}
	if c.Word == "" {
		return errors.New(`no word: configure the plugin with {"word": "..."}`)
	}
	word = strings.ToLower(c.Word)
	return nil
}

func rerank(req abi.RerankRequest) (abi.RerankResponse, error) {
	out := abi.RerankResponse{Results: make([]abi.Scored, 0, len(req.Candidates))}
	for _, c := range req.Candidates {
		score := rrf(c.Ranks)
		if strings.Contains(strings.ToLower(c.Text), word) {
			score++
		}
		out.Results = append(out.Results, abi.Scored{UUID: c.UUID, Score: score})
	}
	sort.SliceStable(out.Results, func(i, j int) bool { return out.Results[i].Score > out.Results[j].Score })
	return out, nil
}

// rrf is reciprocal rank fusion of the methods' ranks (k = 60), below 1.
func rrf(ranks map[string]int) float64 {
	var s float64
	for _, r := range ranks {
		s += 1 / float64(60+r)
	}
	return s
}
