package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// loadOntology reads an ontology: inline JSON, or a JSON file.
func loadOntology(cfg Config, spec string, stamps map[string]string) (*core.Ontology, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, nil
	}
	b := []byte(spec)
	if !strings.HasPrefix(spec, "{") {
		path := cfg.resolvePath(spec)
		var err error
		if b, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("read ontology: %w", err)
		}
		stamps[path] = stampOf(path)
	}
	return ParseOntology(b)
}

// ParseOntology decodes a JSON ontology (the format of docs/plugins.md:
// entity_types, fact_types, excluded_entity_types, instructions).
func ParseOntology(b []byte) (*core.Ontology, error) {
	var o abi.Ontology
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return nil, fmt.Errorf("%w: ontology: %w", core.ErrInvalid, err)
	}
	out := &core.Ontology{ExcludedEntityTypes: o.ExcludedEntityTypes, Instructions: o.Instructions}
	attrs := func(as []abi.Attribute) []core.AttributeField {
		var f []core.AttributeField
		for _, a := range as {
			f = append(f, core.AttributeField{Name: a.Name, Description: a.Description})
		}
		return f
	}
	halfLife := func(kind, name, s string) (time.Duration, error) {
		if s == "" {
			return 0, nil
		}
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return 0, fmt.Errorf("%w: ontology %s type %s: half_life %q: want a positive duration such as \"8760h\"", core.ErrInvalid, kind, name, s)
		}
		return d, nil
	}
	for _, t := range o.EntityTypes {
		if err := core.ValidateLabel(t.Name); err != nil {
			return nil, fmt.Errorf("ontology entity type: %w", err)
		}
		hl, err := halfLife("entity", t.Name, t.HalfLife)
		if err != nil {
			return nil, err
		}
		out.EntityTypes = append(out.EntityTypes, core.EntityType{Name: t.Name, Description: t.Description, Attributes: attrs(t.Attributes), HalfLife: hl})
	}
	for _, t := range o.FactTypes {
		if t.Name == "" {
			return nil, fmt.Errorf("%w: ontology fact type without a name", core.ErrInvalid)
		}
		hl, err := halfLife("fact", t.Name, t.HalfLife)
		if err != nil {
			return nil, err
		}
		out.FactTypes = append(out.FactTypes, core.FactType{Name: t.Name, Description: t.Description, SourceTypes: t.SourceTypes, TargetTypes: t.TargetTypes, Attributes: attrs(t.Attributes), HalfLife: hl})
	}
	return out, nil
}
