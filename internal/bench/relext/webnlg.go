package relext

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ReadWebNLG reads the WebNLG XML files under dir (the enriched corpus's
// layout: one file per category and size). Each entry is one text
// episode: its first verbalisation; its pairs are the triples of its
// modified triple set whose property the mapping knows, with the
// surface forms the verbalisation gives each entity as further names.
// Triples of other properties are counted in skipped.
func ReadWebNLG(dir string, m Mapping) (docs []Document, skipped int, err error) {
	var files []string
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".xml") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("read WebNLG: %w", err)
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, 0, err
		}
		var bench struct {
			Entries []struct {
				Triples []string `xml:"modifiedtripleset>mtriple"`
				Lex     []struct {
					Text string `xml:"text"`
					Refs []struct {
						Entity string `xml:"entity,attr"`
						Text   string `xml:",chardata"`
					} `xml:"references>reference"`
				} `xml:"lex"`
			} `xml:"entries>entry"`
		}
		if err := xml.Unmarshal(b, &bench); err != nil {
			return nil, 0, fmt.Errorf("decode %s: %w", f, err)
		}
		for _, e := range bench.Entries {
			if len(e.Lex) == 0 || strings.TrimSpace(e.Lex[0].Text) == "" {
				continue
			}
			lex := e.Lex[0]
			names := map[string][]string{}
			for _, r := range lex.Refs {
				if t := strings.TrimSpace(r.Text); t != "" {
					names[r.Entity] = append(names[r.Entity], t)
				}
			}
			doc := Document{Source: "text", Content: strings.TrimSpace(lex.Text)}
			for _, t := range e.Triples {
				parts := strings.Split(t, " | ")
				if len(parts) != 3 {
					continue
				}
				s, p, o := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), strings.TrimSpace(parts[2])
				if !m.Knows(p) {
					skipped++
					continue
				}
				doc.Pairs = append(doc.Pairs, Pair{
					X: entityName(s), Y: entityName(o), Labels: []string{p},
					XNames: names[s], YNames: names[o],
				})
			}
			docs = append(docs, doc)
		}
	}
	return docs, skipped, nil
}

// entityName writes a DBpedia resource as a name: "Alan_Bean" → "Alan
// Bean", "\"Test pilot\"" → "Test pilot".
func entityName(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(strings.Trim(s, `"`), "_", " "))
}

// WebNLGMapping returns how mnemo's relations map to the DBpedia
// properties WebNLG's people hold (where they were born, studied, worked,
// played, lived, whom they married), written once from the train split
// (bench-extract -study); properties of places and things (an airport's
// runway, a planet's orbit, a city's country) are no memory of a person
// and are left out. A triple (subject, property, object) is read "object
// is subject's property": a fact from the subject to the object runs from
// x to y.
func WebNLGMapping() Mapping {
	m := Mapping{Forward: map[string][]string{}, Backward: map[string][]string{}}
	fromX := func(label string, rels ...string) {
		for _, r := range rels {
			m.Forward[r] = append(m.Forward[r], label)
		}
	}
	fromY := func(label string, rels ...string) {
		for _, r := range rels {
			m.Backward[r] = append(m.Backward[r], label)
		}
	}
	fromX("birthPlace", "BORN_IN")
	fromX("deathPlace", "DIES_IN")
	fromX("residence", "LIVES_IN")
	fromX("almaMater", "STUDIES_AT", "GRADUATED_FROM", "ATTENDED")
	fromX("club", "PLAYS_FOR")
	fromY("manager", "COACHES", "WORKS_AT")
	fromX("spouse", "MARRIED_TO")
	fromY("spouse", "MARRIED_TO")
	fromX("employer", "WORKS_AT")
	fromX("occupation", "HAS_JOB_TITLE", "HAS_PROFESSIONAL_TITLE")
	fromX("party", "MEMBER_OF")
	fromX("associatedBand", "MEMBER_OF", "PLAYS_WITH")
	fromX("nationality", "IS_FROM")
	fromY("founder", "FOUNDED")
	fromY("child", "CHILD_OF", "SON_OF", "DAUGHTER_OF")
	fromX("child", "MOTHER_OF", "FATHER_OF")
	return m
}

// Knows reports whether the mapping gives some relation a label.
func (m Mapping) Knows(label string) bool {
	for _, ls := range []map[string][]string{m.Forward, m.Backward} {
		for _, v := range ls {
			for _, l := range v {
				if l == label {
					return true
				}
			}
		}
	}
	return label == m.Same
}
