package nlp

import (
	_ "embed"
	"sort"
	"strings"
)

// names.txt holds the given names of the npm package human-names
// (internal/tools/nlpdata, `make nlp-data`): its licence as comment
// lines, then one lower-case name a line, sorted, followed by " f" or
// " m" when only the female or only the male lists hold it.
//
//go:embed names.txt
var namesTxt string

// givenNames and nameGenders are names.txt read: the names, and the
// gender of each ('f', 'm', or 0 for either).
var givenNames, nameGenders = readNames(namesTxt)

func readNames(txt string) ([]string, []byte) {
	var names []string
	var genders []byte
	for _, l := range strings.Split(txt, "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, g, _ := strings.Cut(l, " ")
		names = append(names, name)
		switch g {
		case "f", "m":
			genders = append(genders, g[0])
		default:
			genders = append(genders, 0)
		}
	}
	return names, genders
}

// GivenNames returns the given names of the gazetteer, in lower case and
// sorted. Many are also words ("will", "rose", "grant"); which count as
// names is the caller's choice.
func GivenNames() []string {
	return append([]string(nil), givenNames...)
}

// BeginsGivenName reports whether prefix (in lower case, three letters
// at least) begins a given name of the gazetteer, or is one ("rach" of
// "rachel").
func BeginsGivenName(prefix string) bool {
	if len(prefix) < 3 {
		return false
	}
	i := sort.SearchStrings(givenNames, prefix)
	return i < len(givenNames) && strings.HasPrefix(givenNames[i], prefix)
}

// IsGivenName reports whether the gazetteer holds a given name (in lower
// case).
func IsGivenName(name string) bool {
	i := sort.SearchStrings(givenNames, name)
	return i < len(givenNames) && givenNames[i] == name
}

// NameGender returns 'f' for a given name (in lower case) that only the
// gazetteer's lists of women's names hold, 'm' for one only the lists
// of men's names hold, and 0 for a name in both ("Kim", "Robin") or in
// neither.
func NameGender(name string) byte {
	if i := sort.SearchStrings(givenNames, name); i < len(givenNames) && givenNames[i] == name {
		return nameGenders[i]
	}
	return 0
}
