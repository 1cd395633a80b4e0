package main

import (
	"bytes"
	"encoding/json"
)

// The answer schemas. Every one fits the strict subset of OpenAI's
// structured outputs (every property required, additionalProperties
// false, optional values as a type union with "null"), so they work with
// and without strict mode. They carry no enums, patterns or size limits:
// those would make a json_object-mode model that writes "person" for
// "Person" lose a whole call to a re-prompt, while the plugin repairs or
// drops such values itself (see clean.go). Members are kept in the order
// written here, because models fill a JSON object in the order its schema
// lists the members: the name before the type, the entities before the
// facts that refer to them.

// object is a JSON object that keeps its members in order.
type object []member

type member struct {
	key   string
	value any
}

// MarshalJSON writes the members in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// strictObject is the schema of an object with these properties, all
// required and no others.
func strictObject(props object) object {
	required := make([]string, len(props))
	for i, p := range props {
		required[i] = p.key
	}
	return object{
		{"type", "object"},
		{"properties", props},
		{"required", required},
		{"additionalProperties", false},
	}
}

func arrayOf(items any) object { return object{{"type", "array"}, {"items", items}} }

func stringSchema(description string) object {
	return object{{"type", "string"}, {"description", description}}
}

func nullableString(description string) object {
	return object{{"type", []string{"string", "null"}}, {"description", description}}
}

func integerSchema(description string) object {
	return object{{"type", "integer"}, {"description", description}}
}

// attributesSchema is an object with one nullable string per attribute
// name, or nil when there are none.
func attributesSchema(names []string, description string) object {
	if len(names) == 0 {
		return nil
	}
	props := make(object, len(names))
	for i, n := range names {
		props[i] = member{n, object{{"type", []string{"string", "null"}}}}
	}
	s := strictObject(props)
	return append(object{{"description", description}}, s...)
}

// extractSchema is the schema of an extraction answer under ontology o.
func extractSchema(o *ontology, summaries bool) json.RawMessage {
	entity := object{{"name", stringSchema("the entity's fullest name")}}
	if len(o.entityTypes) > 0 {
		entity = append(entity, member{"type", nullableString("an entity type's name, or null")})
	} else {
		entity = append(entity, member{"kind", stringSchema("Person, Organization, Location, Product, Pet, Work, Event, Occupation or Other")})
	}
	if summaries {
		entity = append(entity, member{"summary", stringSchema("one sentence on the entity from this episode, or empty")})
	}
	if a := attributesSchema(o.entityAttrs, "values of the entity type's attributes; null when not given"); a != nil {
		entity = append(entity, member{"attributes", a})
	}
	fact := object{
		{"source", stringSchema("an entity name from the list")},
		{"relation", stringSchema("SCREAMING_SNAKE_CASE predicate")},
		{"target", stringSchema("an entity name from the list")},
		{"fact", stringSchema("one self-contained sentence")},
		{"valid_at", nullableString("RFC 3339 date-time when the fact became true, or null")},
		{"invalid_at", nullableString("RFC 3339 date-time when the fact stopped being true, or null")},
	}
	if a := attributesSchema(o.factAttrs, "values of the fact type's attributes; null when not given"); a != nil {
		fact = append(fact, member{"attributes", a})
	}
	return mustSchema(strictObject(object{
		{"entities", arrayOf(strictObject(entity))},
		{"facts", arrayOf(strictObject(fact))},
	}))
}

// resolveEntitiesSchema is the schema of an entity resolution answer.
var resolveEntitiesSchema = mustSchema(strictObject(object{
	{"answers", arrayOf(strictObject(object{
		{"id", integerSchema("the question's id")},
		{"duplicate_of", nullableString("the key of the candidate that is the same entity, or null")},
		{"name", stringSchema("the best name for the entity")},
	}))},
}))

// resolveFactsSchema is the schema of a fact resolution answer.
var resolveFactsSchema = mustSchema(strictObject(object{
	{"answers", arrayOf(strictObject(object{
		{"id", integerSchema("the question's id")},
		{"duplicates", object{{"type", "array"}, {"items", object{{"type", "string"}}}, {"description", "keys of existing facts that state the same thing"}}},
		{"contradicts", object{{"type", "array"}, {"items", object{{"type", "string"}}}, {"description", "keys of stored facts that the new fact makes untrue"}}},
	}))},
}))

// summarizeSchema is the schema of a summary answer.
var summarizeSchema = mustSchema(strictObject(object{
	{"name", stringSchema("two to six words with the key names or terms")},
	{"summary", stringSchema("the summary")},
}))

// mustSchema marshals a schema built in this file; it cannot fail, since
// the schemas hold only strings, booleans and objects.
func mustSchema(s object) json.RawMessage {
	b, err := json.Marshal(s)
	if err != nil {
		panic("marshal schema: " + err.Error())
	}
	return b
}
