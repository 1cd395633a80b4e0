package budget_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/budget"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func eps(group string, n, size int) []core.Episode {
	out := make([]core.Episode, n)
	for i := range out {
		out[i] = core.Episode{GroupID: group, UUID: group + string(rune('a'+i)), Content: strings.Repeat("x", size)}
	}
	return out
}

func budgetErr(t *testing.T, err error, kind string) *core.BudgetError {
	t.Helper()
	var be *core.BudgetError
	if !errors.As(err, &be) || !errors.Is(err, core.ErrBudget) {
		t.Fatalf("err = %v, want a budget error of kind %s", err, kind)
	}
	if be.Kind != kind {
		t.Fatalf("kind = %s, want %s", be.Kind, kind)
	}
	return be
}

func TestEpisodesPerMinute(t *testing.T) {
	c := &clock{time.Date(2026, 11, 29, 10, 0, 15, 0, time.UTC)}
	l := budget.New(c.now, func(g string) budget.Limits {
		if g == "a" {
			return budget.Limits{EpisodesPerMinute: 5}
		}
		return budget.Limits{}
	})
	ctx := context.Background()
	if err := l.Admit(ctx, eps("a", 3, 10)); err != nil {
		t.Fatalf("Admit(3) = %v, want nil", err)
	}
	// 3 + 3 > 5: refused whole, nothing counted.
	be := budgetErr(t, l.Admit(ctx, eps("a", 3, 10)), core.BudgetEpisodes)
	if be.RetryAfter != 45*time.Second || be.RetrySeconds() != 45 {
		t.Errorf("RetryAfter = %v, want 45s (the end of the minute)", be.RetryAfter)
	}
	if err := l.Admit(ctx, eps("a", 2, 10)); err != nil {
		t.Fatalf("Admit(2) after a refusal = %v, want nil: the refusal counted", err)
	}
	// Another group is not held by a's budget.
	if err := l.Admit(ctx, eps("b", 50, 10)); err != nil {
		t.Fatalf("Admit(b) = %v, want nil", err)
	}
	// Six at once can never fit a budget of five.
	if err := l.Admit(ctx, eps("a", 6, 10)); !errors.Is(err, core.ErrTooLarge) {
		t.Fatalf("Admit(6) = %v, want ErrTooLarge", err)
	}
	c.t = c.t.Add(45 * time.Second)
	if err := l.Admit(ctx, eps("a", 5, 10)); err != nil {
		t.Fatalf("Admit(5) in the next minute = %v, want nil", err)
	}
	var a budget.Stats
	for _, s := range l.Stats() {
		if s.Group == "a" {
			a = s
		}
	}
	if a.Admitted != 10 || a.Refused != 9 || a.Refusals[core.BudgetEpisodes] != 2 || a.AdmittedBytes != 100 {
		t.Errorf("Stats(a) = %+v, want 10 admitted, 9 refused, 2 episodes refusals, 100 bytes", a)
	}
}

func TestBytesAndTokensPerDay(t *testing.T) {
	c := &clock{time.Date(2026, 11, 29, 23, 0, 0, 0, time.UTC)}
	l := budget.New(c.now, func(string) budget.Limits { return budget.Limits{BytesPerDay: 100, TokensPerDay: 1000} })
	ctx := context.Background()
	if err := l.Admit(ctx, eps("a", 2, 40)); err != nil {
		t.Fatal(err)
	}
	be := budgetErr(t, l.Admit(ctx, eps("a", 1, 40)), core.BudgetBytes)
	if be.RetryAfter != time.Hour {
		t.Errorf("RetryAfter = %v, want 1h (the end of the UTC day)", be.RetryAfter)
	}
	if err := l.Admit(ctx, eps("b", 1, 10)); err != nil {
		t.Fatal(err)
	}
	l.Spend("b", "ba", 999, false)
	if err := l.Admit(ctx, eps("b", 1, 10)); err != nil {
		t.Fatalf("Admit with 999 of 1000 tokens spent = %v, want nil", err)
	}
	l.Spend("b", "ba", 1, true)
	budgetErr(t, l.Admit(ctx, eps("b", 1, 10)), core.BudgetTokens)
	if err := l.Admit(ctx, eps("c", 1, 10)); err != nil {
		t.Fatalf("Admit(c) = %v, want nil: b's tokens are b's", err)
	}
	// The saved day comes back after a restart, and not the next day.
	days := l.Days()
	l2 := budget.New(c.now, func(string) budget.Limits { return budget.Limits{BytesPerDay: 100, TokensPerDay: 1000} })
	for _, d := range days {
		l2.Restore(d)
	}
	budgetErr(t, l2.Admit(ctx, eps("b", 1, 10)), core.BudgetTokens)
	budgetErr(t, l2.Admit(ctx, eps("a", 1, 40)), core.BudgetBytes)
	c.t = c.t.Add(time.Hour)
	l3 := budget.New(c.now, func(string) budget.Limits { return budget.Limits{BytesPerDay: 100, TokensPerDay: 1000} })
	for _, d := range days {
		l3.Restore(d)
	}
	if err := l3.Admit(ctx, eps("b", 1, 10)); err != nil {
		t.Fatalf("Admit the next day = %v, want nil", err)
	}
	if err := l.Admit(ctx, eps("a", 2, 50)); err != nil {
		t.Fatalf("Admit the next day = %v, want nil", err)
	}
}

func TestKeyBudget(t *testing.T) {
	c := &clock{time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)}
	l := budget.New(c.now, nil)
	ctx := budget.WithKey(context.Background(), budget.Key{Name: "API key 1", Limits: budget.Limits{EpisodesPerMinute: 4, TokensPerDay: 10}})
	// The key's budget spans the groups it writes to.
	if err := l.Admit(ctx, eps("a", 2, 1)); err != nil {
		t.Fatal(err)
	}
	if err := l.Admit(ctx, eps("b", 2, 1)); err != nil {
		t.Fatal(err)
	}
	be := budgetErr(t, l.Admit(ctx, eps("c", 1, 1)), core.BudgetEpisodes)
	if be.Subject != "API key 1" {
		t.Errorf("Subject = %q, want API key 1", be.Subject)
	}
	// Without the key the groups are unlimited.
	if err := l.Admit(context.Background(), eps("c", 9, 1)); err != nil {
		t.Fatal(err)
	}
	// Tokens of an episode the key wrote count against the key.
	c.t = c.t.Add(time.Minute)
	l.Spend("a", "aa", 10, true)
	budgetErr(t, l.Admit(ctx, eps("d", 1, 1)), core.BudgetTokens)
	if err := l.Admit(context.Background(), eps("a", 1, 1)); err != nil {
		t.Fatalf("Admit(a) without the key = %v, want nil: a has no budget", err)
	}
}
