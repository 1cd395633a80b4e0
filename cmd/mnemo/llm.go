package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/mnemohq/mnemo/host"
)

func runLLM(ctx context.Context, g *globals, args []string) int {
	fs := g.flags("llm", "check [--json]",
		`Check the LLM endpoint of the configuration: send each model (llm.model,
and llm.small_model when it is another) one small request per structured
output mode, json_schema, json_object and prompt_only, and print which the
endpoint honours and which mnemo will use. With llm.structured_output =
"auto" (the default) mnemo uses the strongest that works; a configured mode
that does not work is an error. With an embedding endpoint configured
([embedder] provider "openai"), it also embeds one text there and checks the
vector has embedder.dimensions. The requests are real and may be billed.`)
	verb := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		verb, args = args[0], args[1:]
	}
	jsonOut := fs.Bool("json", false, "print JSON")
	if ok, code := parse(fs, args); !ok {
		return code
	}
	if verb != "check" || fs.NArg() != 0 {
		return g.usageError(fs, "want 'mnemo llm check'")
	}
	cfg, err := g.load()
	if err != nil {
		return g.fail(err)
	}
	res, err := host.CheckLLM(ctx, cfg, g.logger())
	if err != nil {
		return g.fail(err)
	}
	if *jsonOut {
		type mode struct {
			Mode   string `json:"mode"`
			Works  bool   `json:"works"`
			Detail string `json:"detail,omitempty"`
		}
		type model struct {
			Model string `json:"model"`
			Modes []mode `json:"modes"`
			Uses  string `json:"uses"`
		}
		type embedder struct {
			BaseURL    string `json:"base_url"`
			Model      string `json:"model"`
			Dimensions int    `json:"dimensions"`
			Works      bool   `json:"works"`
			Detail     string `json:"detail,omitempty"`
		}
		out := struct {
			BaseURL    string    `json:"base_url,omitempty"`
			Configured string    `json:"structured_output,omitempty"`
			Models     []model   `json:"models"`
			Embedder   *embedder `json:"embedder,omitempty"`
			Problems   []string  `json:"problems,omitempty"`
		}{BaseURL: res.BaseURL, Configured: res.Configured, Models: []model{}, Problems: res.Problems}
		if e := res.Embedder; e != nil {
			out.Embedder = &embedder{BaseURL: e.BaseURL, Model: e.Model, Dimensions: e.Dimension, Works: e.Works, Detail: e.Detail}
		}
		for _, m := range res.Models {
			mm := model{Model: m.Model, Uses: host.ModeName(res.Uses[m.Model])}
			for _, r := range m.Modes {
				mm.Modes = append(mm.Modes, mode{Mode: host.ModeName(r.Mode), Works: r.Works, Detail: r.Detail})
			}
			out.Models = append(out.Models, mm)
		}
		b, err := json.MarshalIndent(out, "", "  ")
		if err != nil {
			return g.fail(err)
		}
		fmt.Fprintln(g.stdout, string(b))
	} else {
		tw := tabwriter.NewWriter(g.stdout, 0, 4, 2, ' ', 0)
		if res.BaseURL != "" {
			fmt.Fprintf(tw, "endpoint\t%s\n", res.BaseURL)
			fmt.Fprintf(tw, "structured_output\t%s\n", res.Configured)
		} else {
			fmt.Fprintf(tw, "LLM\tnone configured\n")
		}
		for _, m := range res.Models {
			fmt.Fprintf(tw, "model %s\t\n", m.Model)
			for _, r := range m.Modes {
				state := "works"
				if !r.Works {
					state = "no: " + r.Detail
				}
				fmt.Fprintf(tw, "  %s\t%s\n", host.ModeName(r.Mode), state)
			}
			fmt.Fprintf(tw, "  mnemo uses\t%s\n", host.ModeName(res.Uses[m.Model]))
		}
		if e := res.Embedder; e != nil {
			state := "works: " + e.Detail
			if !e.Works {
				state = "no: " + e.Detail
			}
			fmt.Fprintf(tw, "embedder %s\t%s\n", e.Model, e.BaseURL)
			fmt.Fprintf(tw, "  embeddings\t%s\n", state)
		}
		if err := tw.Flush(); err != nil {
			return g.fail(err)
		}
	}
	for _, p := range res.Problems {
		fmt.Fprintln(g.stderr, "error:", p)
	}
	if len(res.Problems) > 0 {
		return 1
	}
	return 0
}
