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
		switch g {
		case "a":
			return budget.Limits{EpisodesPerMinute: 5}
		case "r":
			return budget.Limits{EpisodesPerMinute: 60}
		}
		return budget.Limits{}
	})
	ctx := context.Background()
	if err := l.Admit(ctx, eps("a", 3, 10)); err != nil {
		t.Fatalf("Admit(3) = %v, want nil", err)
	}
	// 3 + 3 > a burst of 5: refused whole, nothing counted; the bucket
	// holds 2 and refills one episode every 12s.
	be := budgetErr(t, l.Admit(ctx, eps("a", 3, 10)), core.BudgetEpisodes)
	if be.RetryAfter != 12*time.Second || be.RetrySeconds() != 12 {
		t.Errorf("RetryAfter = %v, want 12s (one episode of a rate of 5 a minute)", be.RetryAfter)
	}
	if err := l.Admit(ctx, eps("a", 2, 10)); err != nil {
		t.Fatalf("Admit(2) after a refusal = %v, want nil: the refusal counted", err)
	}
	// Another group is not held by a's budget.
	if err := l.Admit(ctx, eps("b", 50, 10)); err != nil {
		t.Fatalf("Admit(b) = %v, want nil", err)
	}
	// Six at once can never fit a budget of five a minute.
	if err := l.Admit(ctx, eps("a", 6, 10)); !errors.Is(err, core.ErrTooLarge) {
		t.Fatalf("Admit(6) = %v, want ErrTooLarge", err)
	}
	// The rate refills the bucket gradually, not at the minute's turn.
	c.t = c.t.Add(12 * time.Second)
	if err := l.Admit(ctx, eps("a", 1, 10)); err != nil {
		t.Fatalf("Admit(1) 12s later = %v, want nil", err)
	}
	be = budgetErr(t, l.Admit(ctx, eps("a", 1, 10)), core.BudgetEpisodes)
	if be.RetryAfter != 12*time.Second {
		t.Errorf("RetryAfter = %v, want 12s", be.RetryAfter)
	}
	// A pause refills it up to the burst, no further.
	c.t = c.t.Add(time.Hour)
	if err := l.Admit(ctx, eps("a", 5, 10)); err != nil {
		t.Fatalf("Admit(5) after a pause = %v, want nil", err)
	}
	budgetErr(t, l.Admit(ctx, eps("a", 1, 10)), core.BudgetEpisodes)
	var a budget.Stats
	for _, s := range l.Stats() {
		if s.Group == "a" {
			a = s
		}
	}
	if a.Admitted != 11 || a.Refused != 11 || a.Refusals[core.BudgetEpisodes] != 4 || a.AdmittedBytes != 110 {
		t.Errorf("Stats(a) = %+v, want 11 admitted, 11 refused, 4 episodes refusals (one too large), 110 bytes", a)
	}

	// At 60 a minute the burst is 5: a flood sent as fast as it is
	// admitted gets one episode a second, whatever its batch size.
	if got := budget.Burst(60); got != 5 {
		t.Errorf("Burst(60) = %d, want 5", got)
	}
	if err := l.Admit(ctx, eps("r", 5, 1)); err != nil {
		t.Fatal(err)
	}
	admitted := 5
	for range 120 { // two minutes, a request every half second
		c.t = c.t.Add(500 * time.Millisecond)
		if err := l.Admit(ctx, eps("r", 1, 1)); err == nil {
			admitted++
		}
	}
	if admitted != 65 {
		t.Errorf("admitted %d in two minutes at 60 a minute, want 65 (the burst and one a second)", admitted)
	}
	// A batch larger than the burst waits for a full bucket and leaves it
	// in debt: the rate holds.
	c.t = c.t.Add(time.Minute)
	if err := l.Admit(ctx, eps("r", 20, 1)); err != nil {
		t.Fatalf("Admit(20) with a full bucket = %v, want nil", err)
	}
	be = budgetErr(t, l.Admit(ctx, eps("r", 1, 1)), core.BudgetEpisodes)
	if be.RetryAfter != 16*time.Second {
		t.Errorf("RetryAfter after a batch of 20 = %v, want 16s (the debt of 15, then one)", be.RetryAfter)
	}
}

func TestBurst(t *testing.T) {
	for _, tc := range []struct{ perMinute, want int64 }{{1, 1}, {3, 3}, {5, 5}, {60, 5}, {61, 6}, {600, 50}} {
		if got := budget.Burst(tc.perMinute); got != tc.want {
			t.Errorf("Burst(%d) = %d, want %d", tc.perMinute, got, tc.want)
		}
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
