package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// namesVersion is the release of the npm package human-names whose lists
// names.txt is made from.
const namesVersion = "1.0.13"

// namesData reads the given-name lists of the npm package human-names
// (dir is its data directory: female-human-names-en.json and the like,
// in English, German, Spanish, French, Italian and Dutch) and returns
// names.txt: its licence as comment lines, then every name once, in lower
// case, sorted, with its gender when all the lists that hold it agree.
// Nothing is added or taken away by hand; which of the names count as
// names where a word could be something else is the extractor's decision
// (plugins/rule-extractor/lexicon.go).
func namesData(dir string) ([]byte, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*-human-names-*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no *-human-names-*.json in %s (npm pack human-names@%s, then pass its package/data)", dir, namesVersion)
	}
	lic, err := os.ReadFile(filepath.Join(dir, "..", "LICENSE"))
	if err != nil {
		return nil, fmt.Errorf("human-names' licence: %w", err)
	}
	// gender is 'f' or 'm' for a name only in lists of that gender, '*'
	// for a name in both.
	gender := map[string]byte{}
	for _, f := range files {
		g := byte('m')
		if strings.HasPrefix(filepath.Base(f), "female-") {
			g = 'f'
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var ns []string
		if err := json.Unmarshal(b, &ns); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, n := range ns {
			if n = strings.ToLower(strings.TrimSpace(n)); n != "" && !strings.ContainsAny(n, " \t#") {
				if had, ok := gender[n]; ok && had != g {
					gender[n] = '*'
				} else {
					gender[n] = g
				}
			}
		}
	}
	names := make([]string, 0, len(gender))
	for n := range gender {
		names = append(names, n)
	}
	sort.Strings(names)
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Given names from the npm package human-names %s (github.com/AlessandroMinoccheri/human-names),\n", namesVersion)
	sb.WriteString("# its English, German, Spanish, French, Italian and Dutch lists, in lower case. Its licence:\n#\n")
	for _, l := range strings.Split(strings.TrimRight(string(lic), "\n"), "\n") {
		sb.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	sb.WriteString("#\n# One name a line, then \" f\" if only the female lists hold it, \" m\" if only the male ones.\n")
	for _, n := range names {
		switch gender[n] {
		case 'f', 'm':
			sb.WriteString(n + " " + string(gender[n]) + "\n")
		default:
			sb.WriteString(n + "\n")
		}
	}
	return []byte(sb.String()), nil
}
