package main

import (
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/wasm/abi"
)

// kindSynonyms are the ontology type names each kind maps onto, normalized
// (lower case, letters only). The kind's own name comes first.
var kindSynonyms = map[kind][]string{
	kindPerson:     {"person", "people", "human", "individual", "contact", "user"},
	kindOrg:        {"organization", "organisation", "company", "org", "business", "employer", "institution", "corporation", "firm"},
	kindLocation:   {"location", "place", "city", "country", "region", "area", "geo", "gpe", "venue"},
	kindPet:        {"pet", "animal"},
	kindProduct:    {"product", "item", "object", "thing", "vehicle", "possession", "device"},
	kindWork:       {"work", "creativework", "book", "movie", "film", "song", "show", "media", "title"},
	kindOccupation: {"occupation", "jobtitle", "job", "role", "profession", "position", "career"},
	kindIdentifier: {"identifier", "id", "reference", "code", "number"},
	kindDate:       {"date", "time", "day"},
	kindEvent:      {"event", "meeting", "appointment", "occasion"},
	kindDrug:       {"medication", "drug", "medicine", "prescription", "product"},
	kindVaccine:    {"vaccine", "vaccination", "immunization", "medication"},
	kindPlan:       {"plan", "subscription", "tier", "product"},
	kindDegree:     {"degree", "qualification", "diploma"},
}

// relSynonyms are other names an ontology may give the plugin's relations.
var relSynonyms = map[string][]string{
	"WORKS_AT":       {"WORKS_FOR", "EMPLOYED_BY", "EMPLOYED_AT", "WORKS_IN", "EMPLOYEE_OF"},
	"LIVES_IN":       {"RESIDES_IN", "LIVES_AT", "RESIDENT_OF", "LOCATED_IN"},
	"BASED_IN":       {"HEADQUARTERED_IN", "LOCATED_IN", "LOCATED_AT", "HQ_IN"},
	"MARRIED_TO":     {"SPOUSE_OF", "IS_MARRIED_TO"},
	"ENGAGED_TO":     {"FIANCE_OF", "IS_ENGAGED_TO"},
	"IS_DATING":      {"DATING", "DATES", "IN_RELATIONSHIP_WITH"},
	"LIKES":          {"ENJOYS", "LOVES", "INTERESTED_IN", "FAN_OF", "PREFERS"},
	"LOVES":          {"LIKES", "ENJOYS"},
	"ENJOYS":         {"LIKES", "LOVES"},
	"PREFERS":        {"LIKES"},
	"HATES":          {"DISLIKES"},
	"DISLIKES":       {"HATES"},
	"HAS_PET":        {"OWNS_PET", "OWNS"},
	"OWNS":           {"HAS", "POSSESSES"},
	"STUDIES_AT":     {"ATTENDS", "STUDENT_AT", "ENROLLED_AT"},
	"VISITED":        {"TRAVELED_TO", "TRAVELLED_TO", "VISITS"},
	"TRAVELED_TO":    {"VISITED", "TRAVELLED_TO"},
	"HAS_JOB_TITLE":  {"HAS_ROLE", "JOB_TITLE", "WORKS_AS", "HAS_OCCUPATION"},
	"FRIEND_OF":      {"FRIENDS_WITH", "IS_FRIEND_OF"},
	"MANAGER_OF":     {"MANAGES", "BOSS_OF", "SUPERVISES"},
	"COLLEAGUE_OF":   {"WORKS_WITH", "COWORKER_OF"},
	"BORN_IN":        {"BIRTHPLACE", "WAS_BORN_IN"},
	"IS_FROM":        {"FROM", "ORIGINATES_FROM", "COMES_FROM"},
	"GRADUATED_FROM": {"ALUMNUS_OF", "ALUMNI_OF"},
	"CREATED":        {"AUTHOR_OF", "CREATOR_OF", "WROTE", "MADE"},
	"HAS_CONDITION":  {"HAS_ILLNESS", "HAS_DISEASE", "SUFFERS_FROM", "DIAGNOSED_WITH"},
	"USES":           {"USES_PRODUCT", "USES_SERVICE"},
	"BOUGHT_FROM":    {"PURCHASED_FROM", "SHOPS_AT", "CUSTOMER_OF"},
	"TAKES_CLASS":    {"ENROLLED_IN", "ATTENDS_CLASS", "TAKES_COURSE"},
	"GAVE":           {"GAVE_GIFT", "GIFTED"},
}

// normType normalizes a type or relation name for comparison: lower-case
// letters and digits only, so that "WorksAt", "works_at" and "WORKS AT"
// are the same.
func normType(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// ontology is a tenant's ontology as the plugin uses it.
type ontology struct {
	// types maps normalized type names to the ontology's spelling.
	types map[string]string
	// excludedTypes holds normalized excluded type names.
	excludedTypes map[string]bool
	// facts maps normalized fact type names to the fact type.
	facts map[string]abi.FactType
}

// newOntology prepares o; a nil o is the empty ontology.
func newOntology(o *abi.Ontology) *ontology {
	ont := &ontology{types: map[string]string{}, excludedTypes: map[string]bool{}, facts: map[string]abi.FactType{}}
	if o == nil {
		return ont
	}
	for _, t := range o.EntityTypes {
		if n := normType(t.Name); n != "" {
			ont.types[n] = t.Name
		}
	}
	for _, t := range o.ExcludedEntityTypes {
		ont.excludedTypes[normType(t)] = true
	}
	for _, f := range o.FactTypes {
		if n := normType(f.Name); n != "" {
			ont.facts[n] = f
		}
	}
	return ont
}

// entityType maps a kind onto the ontology: the first of its synonyms the
// ontology defines, or "" when it defines none. An ontology without entity
// types (the offline default) gives every entity its kind as its type, so
// that type filters work without an ontology.
func (o *ontology) entityType(k kind) string {
	if len(o.types) == 0 {
		return string(k)
	}
	for _, s := range kindSynonyms[k] {
		if t, ok := o.types[s]; ok {
			return t
		}
	}
	return ""
}

// hintType maps a JSON key onto an ontology type of the same name
// ("customers" → Customer), or "".
func (o *ontology) hintType(hint string) string {
	if hint == "" {
		return ""
	}
	n := normType(hint)
	if t, ok := o.types[n]; ok {
		return t
	}
	return o.types[strings.TrimSuffix(n, "s")]
}

// excluded reports whether an entity of kind k and ontology type typ is of
// an excluded type.
func (o *ontology) excluded(k kind, typ string) bool {
	if len(o.excludedTypes) == 0 {
		return false
	}
	if typ != "" && o.excludedTypes[normType(typ)] {
		return true
	}
	return k != kindNone && o.excludedTypes[normType(string(k))]
}

// relation maps a relation onto the ontology's fact types: its own name in
// the ontology's spelling, else the first synonym the ontology declares,
// else the relation unchanged.
func (o *ontology) relation(rel string) string {
	if f, ok := o.facts[normType(rel)]; ok {
		return f.Name
	}
	for _, s := range relSynonyms[rel] {
		if f, ok := o.facts[normType(s)]; ok {
			return f.Name
		}
	}
	return rel
}

// allows reports whether a fact of relation rel between entities of
// ontology types src and dst respects the ontology. A relation the
// ontology does not declare, or an end of unknown type, is allowed.
func (o *ontology) allows(rel, src, dst string) bool {
	f, ok := o.facts[normType(rel)]
	if !ok {
		return true
	}
	return typeIn(src, f.SourceTypes) && typeIn(dst, f.TargetTypes)
}

// typeIn reports whether typ is allowed by a list of types (empty: any).
func typeIn(typ string, allowed []string) bool {
	if typ == "" || len(allowed) == 0 {
		return true
	}
	n := normType(typ)
	for _, a := range allowed {
		if normType(a) == n || a == "*" {
			return true
		}
	}
	return false
}
