package host

import (
	"context"
	"fmt"
	"sort"

	"github.com/mnemohq/mnemo/engine/budget"
)

// Budgets per tenant (budget.*, http.keys.budget): how much each group and
// each API key may ingest (docs/trust.md, "Budgets").

// BudgetConfig configures the ingestion budgets of groups. Every budget is
// off by default: a group ingests as much as it sends.
type BudgetConfig struct {
	// Default are the budgets of every group that Groups does not name.
	// Default: none.
	Default BudgetLimits `toml:"default" json:"default"`
	// Groups sets the budgets per group id or pattern ("web-*"): an exact
	// id first, else the first matching pattern in name order. A group
	// named here has these budgets instead of Default's.
	Groups map[string]BudgetLimits `toml:"groups" json:"groups,omitempty"`
	// MetricGroups is how many groups /metrics names in its budget
	// series: those with the most refusals, then the most bytes; the
	// others are summed under group="_other". Default: 20.
	MetricGroups int `toml:"metric_groups" json:"metric_groups"`
}

// BudgetLimits are the budgets of a group or an API key. 0 is unlimited.
type BudgetLimits struct {
	// EpisodesPerMinute is the rate of episodes admitted, per minute,
	// with a small burst (engine/budget.Burst).
	EpisodesPerMinute int64 `toml:"episodes_per_minute" json:"episodes_per_minute,omitempty"`
	// BytesPerDay bounds the bytes of episode content admitted per UTC day.
	BytesPerDay int64 `toml:"bytes_per_day" json:"bytes_per_day,omitempty"`
	// TokensPerDay stops admitting episodes once the LLM tokens spent on
	// the day's episodes reach it.
	TokensPerDay int64 `toml:"tokens_per_day" json:"tokens_per_day,omitempty"`
}

func (l BudgetLimits) limits() budget.Limits {
	return budget.Limits{EpisodesPerMinute: l.EpisodesPerMinute, BytesPerDay: l.BytesPerDay, TokensPerDay: l.TokensPerDay}
}

// Limits returns the engine's form of l.
func (l BudgetLimits) Limits() budget.Limits { return l.limits() }

func (l BudgetLimits) validate(what string) error {
	if l.EpisodesPerMinute < 0 || l.BytesPerDay < 0 || l.TokensPerDay < 0 {
		return fmt.Errorf("%s: a budget is negative (0 is unlimited)", what)
	}
	return nil
}

// metricGroups is MetricGroups with its default.
func (c BudgetConfig) metricGroups() int {
	if c.MetricGroups == 0 {
		return 20
	}
	return c.MetricGroups
}

// MetricGroupsOrDefault is how many groups /metrics names (MetricGroups).
func (c BudgetConfig) MetricGroupsOrDefault() int { return c.metricGroups() }

// GroupLimits returns the function that gives each group its budgets, or
// nil when no group has any.
func (c BudgetConfig) GroupLimits() func(string) budget.Limits {
	if c.Default == (BudgetLimits{}) && len(c.Groups) == 0 {
		return nil
	}
	var patterns []string
	for g := range c.Groups {
		if hasPattern(g) {
			patterns = append(patterns, g)
		}
	}
	sort.Strings(patterns)
	groups := c.Groups
	def := c.Default.limits()
	return func(group string) budget.Limits {
		if l, ok := groups[group]; ok {
			return l.limits()
		}
		for _, p := range patterns {
			if MatchGroup(p, group) {
				return groups[p].limits()
			}
		}
		return def
	}
}

func (c BudgetConfig) validate() error {
	if err := c.Default.validate("budget.default"); err != nil {
		return err
	}
	for g, l := range c.Groups {
		if err := validatePattern(g); err != nil {
			return fmt.Errorf("budget.groups: %w", err)
		}
		if err := l.validate(fmt.Sprintf("budget.groups %q", g)); err != nil {
			return err
		}
	}
	if c.MetricGroups < 0 {
		return fmt.Errorf("budget.metric_groups %d: want 0 (the default) or more", c.MetricGroups)
	}
	return nil
}

// KeyBudget returns ctx with the budgets of the API key at index i of
// http.keys, counted by the engine's Ingest under the name "http.keys[i]"
// (never the key) over every group the key writes to.
func KeyBudget(ctx context.Context, i int, l BudgetLimits) context.Context {
	return budget.WithKey(ctx, budget.Key{Name: fmt.Sprintf("http.keys[%d]", i), Limits: l.limits()})
}
