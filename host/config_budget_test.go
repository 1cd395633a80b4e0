package host_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/host"
)

// TestBudgetConfig checks the budget settings: a bad one is refused with
// a message naming it, and groups get their budgets by id, then pattern,
// then the default.
func TestBudgetConfig(t *testing.T) {
	bad := []struct {
		name string
		toml string
		want string
	}{
		{"negative default", "[budget.default]\nepisodes_per_minute = -1\n", "budget.default: a budget is negative"},
		{"negative group", "[budget.groups.\"web-*\"]\nbytes_per_day = -5\n", `budget.groups "web-*": a budget is negative`},
		{"bad group pattern", "[budget.groups.\"a b\"]\nbytes_per_day = 5\n", "budget.groups"},
		{"negative metric groups", "[budget]\nmetric_groups = -1\n", "budget.metric_groups -1"},
		{"negative key budget", "[[http.keys]]\nkey = \"key-0123456789abcdef\"\ngroups = [\"*\"]\nbudget = { tokens_per_day = -1 }\n", "http.keys[0].budget: a budget is negative"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadTOML(t, tc.toml)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Load(%q) = %v, want an error with %q", tc.toml, err, tc.want)
			}
		})
	}
	cfg, err := loadTOML(t, "[budget.default]\nepisodes_per_minute = 60\n[budget.groups.\"web-*\"]\nepisodes_per_minute = 10\n[budget.groups.\"web-x\"]\nbytes_per_day = 7\n")
	if err != nil {
		t.Fatal(err)
	}
	limits := cfg.Budget.GroupLimits()
	for _, tc := range []struct {
		group string
		want  host.BudgetLimits
	}{
		{"web-x", host.BudgetLimits{BytesPerDay: 7}},
		{"web-y", host.BudgetLimits{EpisodesPerMinute: 10}},
		{"other", host.BudgetLimits{EpisodesPerMinute: 60}},
	} {
		if got := limits(tc.group); got != tc.want.Limits() {
			t.Errorf("limits(%s) = %+v, want %+v", tc.group, got, tc.want)
		}
	}
	if (host.BudgetConfig{}).GroupLimits() != nil {
		t.Errorf("GroupLimits of the default configuration is not nil: budgets are on by default")
	}
}

// loadTOML loads a configuration file holding text.
func loadTOML(t *testing.T, text string) (host.Config, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mnemo.toml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return host.Load(path, func(string) string { return "" })
}
