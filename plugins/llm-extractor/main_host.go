//go:build !wasip1

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// On the host the package is a command that shows what the plugin would
// send to the model for a request, and what it makes of an answer:
//
//	go run ./plugins/llm-extractor -call extract < request.json
//	go run ./plugins/llm-extractor -call extract -answer answer.json < request.json
func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// emptyAnswers answer each prompt when no -answer file is given.
var emptyAnswers = map[string]string{
	promptExtract:         `{"entities":[],"facts":[]}`,
	promptResolveEntities: `{"answers":[]}`,
	promptResolveFacts:    `{"answers":[]}`,
	promptSummarize:       `{"name":"","summary":""}`,
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("llm-extractor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	call := fs.String("call", abi.CapExtract, "the capability to call: extract, resolve_entities, resolve_facts or summarize")
	configFile := fs.String("config", "", "`file` with the plugin's JSON configuration")
	answerFile := fs.String("answer", "", "`file` with the model's answer; without it the model answers with nothing")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	var answer []byte
	if *answerFile != "" {
		var err error
		if answer, err = os.ReadFile(*answerFile); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	complete := func(req abi.LLMRequest) (sdk.Completion, error) {
		writeRequest(stdout, req)
		if answer != nil {
			return sdk.Completion{Content: string(answer)}, nil
		}
		return sdk.Completion{Content: emptyAnswers[req.Prompt]}, nil
	}
	x := newExtractor(complete, func(level int32, msg string) { fmt.Fprintf(stderr, "log (level %d): %s\n", level, msg) })
	if *configFile != "" {
		cfg, err := os.ReadFile(*configFile)
		if err == nil {
			err = x.configure(cfg)
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	in, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	out, err := sdk.Call(x.plugin(), *call, in)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var pretty bytes.Buffer
	if json.Indent(&pretty, out, "", "  ") == nil {
		out = pretty.Bytes()
	}
	fmt.Fprintf(stdout, "=== %s answer\n%s\n", *call, out)
	return 0
}
