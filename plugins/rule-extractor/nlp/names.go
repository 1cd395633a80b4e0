package nlp

import (
	_ "embed"
	"strings"
)

// names.txt holds the given names of the npm package human-names
// (internal/tools/nlpdata, `make nlp-data`): its licence as comment
// lines, then one lower-case name a line.
//
//go:embed names.txt
var namesTxt string

// GivenNames returns the given names of the gazetteer, in lower case and
// sorted. Many are also words ("will", "rose", "grant"); which count as
// names is the caller's choice.
func GivenNames() []string {
	var out []string
	for _, l := range strings.Split(namesTxt, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}
