package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// ontology is a request's ontology prepared for prompting and for checking
// answers: types by their normalized names, excluded types apart, fact type
// names in SCREAMING_SNAKE_CASE, and the attribute names of all types.
type ontology struct {
	entityTypes []abi.EntityType           // the types an entity may get, excluded ones left out
	entityByKey map[string]*abi.EntityType // by typeKey(name)
	excluded    map[string]string          // typeKey → name as configured
	factTypes   []abi.FactType             // Name in SCREAMING_SNAKE_CASE
	factByKey   map[string]*abi.FactType   // by typeKey(relation)
	entityAttrs []string                   // attribute names of all entity types, in order of first appearance
	factAttrs   []string                   // attribute names of all fact types
	attrsOf     map[string]map[string]bool // entity type name → its attribute names
	factAttrsOf map[string]map[string]bool // fact type name → its attribute names
	// factSig holds, per fact type name, the typeKeys allowed at the
	// source and at the target (nil: any type).
	factSig  map[string][2]map[string]bool
	instr    string   // the ontology's instructions
	kinds    bool     // no entity types: ask for a kind instead
	warnings []string // problems found while preparing
}

// typeKey normalizes a type or relation name for comparison: letters and
// digits only, lower case, so that "WorksAt", "works_at" and "WORKS AT" are
// one name.
func typeKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// prepareOntology builds the view of o (nil: no ontology). Types without a
// name, and second types with the same normalized name, are left out with
// a warning.
func prepareOntology(o *abi.Ontology) *ontology {
	v := &ontology{
		entityByKey: map[string]*abi.EntityType{},
		excluded:    map[string]string{},
		factByKey:   map[string]*abi.FactType{},
		attrsOf:     map[string]map[string]bool{},
		factAttrsOf: map[string]map[string]bool{},
		factSig:     map[string][2]map[string]bool{},
	}
	if o == nil {
		v.kinds = true
		return v
	}
	v.instr = strings.TrimSpace(o.Instructions)
	for _, name := range o.ExcludedEntityTypes {
		if k := typeKey(name); k != "" {
			v.excluded[k] = strings.TrimSpace(name)
		}
	}
	seenEntityAttr := map[string]bool{}
	for _, t := range o.EntityTypes {
		t.Name = strings.TrimSpace(t.Name)
		k := typeKey(t.Name)
		switch {
		case k == "":
			v.warnings = append(v.warnings, fmt.Sprintf("ontology: entity type %q has no usable name; ignored", t.Name))
			continue
		case v.entityByKey[k] != nil:
			v.warnings = append(v.warnings, fmt.Sprintf("ontology: entity type %q repeats %q; ignored", t.Name, v.entityByKey[k].Name))
			continue
		case v.excluded[k] != "":
			continue
		}
		v.entityTypes = append(v.entityTypes, t)
		v.entityByKey[k] = &v.entityTypes[len(v.entityTypes)-1]
		attrs := map[string]bool{}
		for _, a := range t.Attributes {
			if a.Name = strings.TrimSpace(a.Name); a.Name == "" {
				continue
			}
			attrs[a.Name] = true
			if !seenEntityAttr[a.Name] {
				seenEntityAttr[a.Name] = true
				v.entityAttrs = append(v.entityAttrs, a.Name)
			}
		}
		v.attrsOf[t.Name] = attrs
	}
	// Pointers into a slice are stable only once it stops growing.
	for i := range v.entityTypes {
		v.entityByKey[typeKey(v.entityTypes[i].Name)] = &v.entityTypes[i]
	}
	v.kinds = len(v.entityTypes) == 0

	seenFactAttr := map[string]bool{}
	for _, t := range o.FactTypes {
		if typeKey(t.Name) == "" {
			v.warnings = append(v.warnings, fmt.Sprintf("ontology: fact type %q has no usable name; ignored", t.Name))
			continue
		}
		t.Name = relationName(t.Name)
		k := typeKey(t.Name)
		if v.factByKey[k] != nil {
			v.warnings = append(v.warnings, fmt.Sprintf("ontology: fact type %q repeats %q; ignored", t.Name, v.factByKey[k].Name))
			continue
		}
		v.factTypes = append(v.factTypes, t)
		v.factByKey[k] = &v.factTypes[len(v.factTypes)-1]
		attrs := map[string]bool{}
		for _, a := range t.Attributes {
			if a.Name = strings.TrimSpace(a.Name); a.Name == "" {
				continue
			}
			attrs[a.Name] = true
			if !seenFactAttr[a.Name] {
				seenFactAttr[a.Name] = true
				v.factAttrs = append(v.factAttrs, a.Name)
			}
		}
		v.factAttrsOf[t.Name] = attrs
		v.factSig[t.Name] = [2]map[string]bool{keySet(t.SourceTypes), keySet(t.TargetTypes)}
	}
	for i := range v.factTypes {
		v.factByKey[typeKey(v.factTypes[i].Name)] = &v.factTypes[i]
	}
	return v
}

// keySet returns the type keys of names, or nil (any type) when empty.
func keySet(names []string) map[string]bool {
	var s map[string]bool
	for _, n := range names {
		if k := typeKey(n); k != "" {
			if s == nil {
				s = map[string]bool{}
			}
			s[k] = true
		}
	}
	return s
}

// entityType returns the entity type named t in the ontology's spelling.
func (v *ontology) entityType(t string) (string, bool) {
	if et := v.entityByKey[typeKey(t)]; et != nil {
		return et.Name, true
	}
	return "", false
}

// isExcluded reports whether t is an excluded type.
func (v *ontology) isExcluded(t string) bool {
	k := typeKey(t)
	return k != "" && v.excluded[k] != ""
}

// factType returns the fact type a relation names, or nil.
func (v *ontology) factType(relation string) *abi.FactType {
	return v.factByKey[typeKey(relation)]
}

// allows reports whether a fact of type ft may go from an entity of type
// src to one of type tgt. An empty (unknown) type is allowed anywhere.
func (v *ontology) allows(ft *abi.FactType, src, tgt string) bool {
	sig := v.factSig[ft.Name]
	ok := func(set map[string]bool, t string) bool { return set == nil || t == "" || set[typeKey(t)] }
	return ok(sig[0], src) && ok(sig[1], tgt)
}

// kinds are the sorts of entity asked for when the ontology has no entity
// types. They match the kinds of the rule-extractor plugin, so that the
// engine's type check (the "kind" attribute) works the same with either.
var kinds = []string{"Person", "Organization", "Location", "Product", "Pet", "Work", "Event", "Occupation"}

// kindSynonyms maps other words a model may use onto kinds.
var kindSynonyms = map[string]string{
	"people": "Person", "human": "Person", "individual": "Person", "user": "Person",
	"company": "Organization", "organisation": "Organization", "org": "Organization", "institution": "Organization", "business": "Organization", "team": "Organization",
	"place": "Location", "city": "Location", "country": "Location", "region": "Location", "venue": "Location", "address": "Location",
	"animal": "Pet",
	"object": "Product", "item": "Product", "device": "Product", "vehicle": "Product", "software": "Product", "tool": "Product",
	"book": "Work", "film": "Work", "movie": "Work", "song": "Work", "album": "Work", "show": "Work", "creativework": "Work",
	"job": "Occupation", "jobtitle": "Occupation", "role": "Occupation", "profession": "Occupation",
	"meeting": "Event", "trip": "Event", "holiday": "Event",
}

// kindOf maps a model's kind onto one of kinds, or "" for Other and
// anything unknown.
func kindOf(s string) string {
	k := typeKey(s)
	if i := slices.IndexFunc(kinds, func(n string) bool { return typeKey(n) == k }); i >= 0 {
		return kinds[i]
	}
	return kindSynonyms[k]
}
