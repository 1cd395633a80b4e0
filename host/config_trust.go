package host

import (
	"fmt"
	"slices"
	"sort"

	"github.com/mnemohq/mnemo/core"
)

// Trust per source (trust.*): the source classes, their levels and the
// quarantine thresholds (docs/trust.md).

// TrustConfig configures the trust policy.
type TrustConfig struct {
	// Classes are the source classes and their levels, the higher the more
	// trusted. Default: operator 100, user 80, agent 60, document 40,
	// tool 30, web 10.
	Classes map[string]int `toml:"classes" json:"classes,omitempty"`
	// Default is the class of an episode written without one (the CLI,
	// the API without a key or a class). Default: user.
	Default string `toml:"default" json:"default"`
	// Threshold is the level below which a fact is quarantined. Default:
	// 50. Negative quarantines nothing.
	Threshold int `toml:"threshold" json:"threshold"`
	// Groups overrides the threshold per group id or pattern ("web-*"),
	// first match in name order.
	Groups map[string]int `toml:"groups" json:"groups,omitempty"`
}

// Policy returns the trust policy the configuration describes, for the
// groups it may be asked about through patterns (see ThresholdOf).
func (c TrustConfig) Policy() core.TrustPolicy {
	p := core.TrustPolicy{Default: c.Default, Threshold: c.Threshold}
	if len(c.Classes) > 0 {
		for name, level := range c.Classes {
			p.Classes = append(p.Classes, core.TrustClass{Name: name, Level: level})
		}
		slices.SortFunc(p.Classes, func(a, b core.TrustClass) int { return b.Level - a.Level })
	}
	exact := map[string]int{}
	for g, t := range c.Groups {
		if !hasPattern(g) {
			exact[g] = t
		}
	}
	if len(exact) > 0 {
		p.Groups = exact
	}
	p.Patterns = c.patterns()
	return p
}

func hasPattern(g string) bool { return slices.Contains([]byte(g), '*') }

// patterns are the thresholds of c.Groups given by pattern, in name order.
func (c TrustConfig) patterns() []core.TrustPattern {
	var out []core.TrustPattern
	names := make([]string, 0, len(c.Groups))
	for g := range c.Groups {
		if hasPattern(g) {
			names = append(names, g)
		}
	}
	sort.Strings(names)
	for _, g := range names {
		pat := g
		out = append(out, core.TrustPattern{Match: func(group string) bool { return MatchGroup(pat, group) }, Threshold: c.Groups[g]})
	}
	return out
}

func (c TrustConfig) validate() error {
	for name := range c.Classes {
		if err := core.ValidateTrustClass(name); err != nil {
			return fmt.Errorf("trust.classes: %w", err)
		}
	}
	for g := range c.Groups {
		if hasPattern(g) {
			continue
		}
		if err := core.ValidateGroupID(g); err != nil {
			return fmt.Errorf("trust.groups: %w", err)
		}
	}
	if err := c.Policy().Validate(); err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	return nil
}

// SourceClass decides the source class of an episode written through an
// API key with default class trust and claimable classes (http.keys.trust
// and trust_classes; both empty: a key without limits, or no key): the
// class the request claims if any, else the route's own class (route;
// empty is trust.default). A limited key may claim only its classes (ok
// false otherwise), and writes what it may not claim as its own class.
// The class never comes from the episode's text.
func SourceClass(trust string, classes []string, route, claimed string) (class string, ok bool) {
	if len(classes) == 0 && trust != "" {
		classes = []string{trust}
	}
	if len(classes) == 0 {
		if claimed != "" {
			return claimed, true
		}
		return route, true
	}
	if claimed != "" {
		return claimed, slices.Contains(classes, claimed)
	}
	if route != "" && slices.Contains(classes, route) {
		return route, true
	}
	if trust != "" {
		return trust, true
	}
	return classes[0], true
}

// RouteClass is the class a route writes as by default (an MCP tool the
// agent's, a Zep message its role's): name if the configured classes have
// it, else empty, which is trust.default.
func (c TrustConfig) RouteClass(name string) string {
	if c.Policy().Known(name) {
		return name
	}
	return ""
}
