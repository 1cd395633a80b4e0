//go:build wasip1

// Command files tries to read, list and write files; its summary reports
// each attempt, one per line, as "name: ok" or "name: error: ...".
package main

import (
	"os"
	"strings"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func init() {
	sdk.Register(sdk.Plugin{Name: "files", Version: "1", Summarize: summarize})
}

func main() {}

func summarize(req abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	var lines []string
	report := func(name string, err error) {
		if err != nil {
			lines = append(lines, name+": error: "+err.Error())
		} else {
			lines = append(lines, name+": ok")
		}
	}
	for _, path := range req.Texts {
		_, err := os.ReadFile(path)
		report("read "+path, err)
		_, err = os.ReadDir(path)
		report("list "+path, err)
		err = os.WriteFile(path+"/mnemo-escape", []byte("escaped"), 0o644)
		report("write "+path+"/mnemo-escape", err)
	}
	_, err := os.ReadDir("/")
	report("list /", err)
	_, err = os.ReadDir(".")
	report("list .", err)
	_, err = os.Create("mnemo-escape")
	report("create mnemo-escape", err)
	return abi.SummarizeResponse{Name: "files", Summary: strings.Join(lines, "\n")}, nil
}
