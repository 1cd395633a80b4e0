package relext

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ReadDialogRE reads a split of DialogRE (version 2, English: a list of
// [turns, instances]) from dir/split.json. Each dialogue is one message
// episode, its turns ("Speaker 1: …") one a line.
func ReadDialogRE(dir, split string) ([]Document, error) {
	b, err := os.ReadFile(filepath.Join(dir, split+".json"))
	if err != nil {
		return nil, fmt.Errorf("read DialogRE %s: %w", split, err)
	}
	var raw [][2]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("decode DialogRE %s: %w", split, err)
	}
	docs := make([]Document, 0, len(raw))
	for i, d := range raw {
		var turns []string
		var insts []struct {
			X string   `json:"x"`
			Y string   `json:"y"`
			R []string `json:"r"`
		}
		if err := json.Unmarshal(d[0], &turns); err != nil {
			return nil, fmt.Errorf("DialogRE %s dialogue %d: %w", split, i, err)
		}
		if err := json.Unmarshal(d[1], &insts); err != nil {
			return nil, fmt.Errorf("DialogRE %s dialogue %d: %w", split, i, err)
		}
		doc := Document{Source: "message", Content: strings.Join(turns, "\n")}
		for _, in := range insts {
			doc.Pairs = append(doc.Pairs, Pair{X: in.X, Y: in.Y, Labels: in.R})
		}
		docs = append(docs, doc)
	}
	return docs, nil
}

// DialogREMapping returns how mnemo's relations map to DialogRE's 36
// labels. It was written once, from the train split: which relations
// mnemo's facts between annotated pairs carry (bench-extract -study
// -split train). DialogRE reads (x, label, y) as "y is x's label": the
// fact "Tove is Agnes's sister" (Tove SISTER_OF Agnes) runs from y
// to x.
func DialogREMapping() Mapping {
	m := Mapping{Same: "per:alternate_names", Forward: map[string][]string{}, Backward: map[string][]string{}}
	// fromX: the fact runs from x to y; fromY: from y to x.
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
	both := func(label string, rels ...string) {
		fromX(label, rels...)
		fromY(label, rels...)
	}
	// An engaged couple is annotated girl/boyfriend, not spouse: the
	// ENGAGED_TO facts between annotated pairs of train were 3 couples
	// labelled girl/boyfriend and no spouse.
	both("per:girl/boyfriend", "IS_DATING", "ENGAGED_TO")
	both("per:spouse", "MARRIED_TO")
	both("per:siblings", "SISTER_OF", "BROTHER_OF", "SIBLING_OF")
	both("per:friends", "FRIEND_OF")
	both("per:roommate", "ROOMMATE_OF", "LIVES_WITH")
	both("per:neighbor", "NEIGHBOR_OF")
	both("per:other_family", "COUSIN_OF", "AUNT_OF", "UNCLE_OF", "NIECE_OF", "NEPHEW_OF", "GRANDMOTHER_OF", "GRANDFATHER_OF", "GRANDPARENT_OF", "GRANDCHILD_OF")
	// per:acquaintance has no relation: MET, its first guess, joined 22
	// annotated pairs of train and none was labelled acquaintance (they
	// were partners, friends, or one person under two names).
	both("per:alumni", "CLASSMATE_OF")
	fromY("per:parents", "MOTHER_OF", "FATHER_OF", "PARENT_OF")
	fromX("per:children", "MOTHER_OF", "FATHER_OF", "PARENT_OF")
	fromY("per:children", "SON_OF", "DAUGHTER_OF", "CHILD_OF")
	fromX("per:parents", "SON_OF", "DAUGHTER_OF", "CHILD_OF")
	fromY("per:boss", "MANAGER_OF")
	fromX("per:subordinate", "MANAGER_OF")
	fromX("per:boss", "REPORTS_TO")
	fromY("per:subordinate", "REPORTS_TO")
	fromX("per:positive_impression", "LIKES", "LOVES", "ENJOYS", "MISSES")
	fromX("per:negative_impression", "HATES", "DISLIKES")
	fromX("per:place_of_residence", "LIVES_IN")
	fromY("gpe:residents_of_place", "LIVES_IN")
	fromX("per:visited_place", "VISITED", "TRAVELED_TO")
	fromY("gpe:visitors_of_place", "VISITED", "TRAVELED_TO")
	fromX("per:employee_or_member_of", "WORKS_AT", "MEMBER_OF", "PLAYS_FOR")
	fromY("org:employees_or_members", "WORKS_AT", "MEMBER_OF", "PLAYS_FOR")
	fromX("per:schools_attended", "STUDIES_AT", "GRADUATED_FROM")
	fromY("org:students", "STUDIES_AT", "GRADUATED_FROM")
	fromX("per:title", "HAS_JOB_TITLE", "HAS_PROFESSIONAL_TITLE")
	fromX("per:pet", "HAS_PET")
	fromX("per:origin", "IS_FROM")
	fromX("per:age", "HAS_AGE")
	fromX("per:major", "STUDIES")
	fromX("per:client", "DOCTOR_OF", "LAWYER_OF", "THERAPIST_OF", "DENTIST_OF")
	return m
}
