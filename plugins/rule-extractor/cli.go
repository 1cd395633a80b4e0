package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// run is the host command: it reads one request as JSON, calls the
// handler named by -call and writes the answer as indented JSON. It lets a
// rule be tried without a mnemo host:
//
//	go run ./plugins/rule-extractor -call extract < request.json
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rule-extractor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	call := fs.String("call", abi.CapExtract, "handler to call: extract, resolve_entities or resolve_facts; parse prints the parse of each sentence of the text on standard input")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *call == "parse" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "rule-extractor: %v\n", err)
			return 1
		}
		for _, s := range splitSentences(string(b)) {
			fmt.Fprint(stdout, parseText(s))
		}
		return 0
	}
	out, err := callHandler(*call, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "rule-extractor: %v\n", err)
		return 1
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "rule-extractor: write answer: %v\n", err)
		return 1
	}
	return 0
}

// callHandler decodes a request for the named handler and calls it.
func callHandler(name string, r io.Reader) (any, error) {
	dec := json.NewDecoder(r)
	switch name {
	case abi.CapExtract:
		var req abi.ExtractRequest
		if err := dec.Decode(&req); err != nil {
			return nil, fmt.Errorf("decode extract request: %w", err)
		}
		return extract(req)
	case abi.CapResolveEntities:
		var req abi.ResolveEntitiesRequest
		if err := dec.Decode(&req); err != nil {
			return nil, fmt.Errorf("decode resolve_entities request: %w", err)
		}
		return resolveEntities(req)
	case abi.CapResolveFacts:
		var req abi.ResolveFactsRequest
		if err := dec.Decode(&req); err != nil {
			return nil, fmt.Errorf("decode resolve_facts request: %w", err)
		}
		return resolveFacts(req)
	}
	return nil, fmt.Errorf("unknown handler %q: want extract, resolve_entities or resolve_facts", name)
}
