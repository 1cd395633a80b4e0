package budget

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// Limits are the budgets of one group or key. Zero means unlimited.
type Limits struct {
	// EpisodesPerMinute is the rate at which episodes are admitted: a
	// bucket of Burst episodes refilled at EpisodesPerMinute/60 a second.
	EpisodesPerMinute int64
	// BytesPerDay bounds the bytes of content admitted in a UTC day.
	BytesPerDay int64
	// TokensPerDay stops admitting episodes once the LLM tokens (prompt and
	// completion) spent on the day's episodes reach it.
	TokensPerDay int64
}

// IsZero reports whether l limits nothing.
func (l Limits) IsZero() bool { return l == Limits{} }

// Key is the budget of the API key a request came with.
type Key struct {
	// Name names the key in errors, never the key itself ("API key 2").
	Name   string
	Limits Limits
}

type keyCtx struct{}

// WithKey returns a context whose episodes Admit also counts against k.
func WithKey(ctx context.Context, k Key) context.Context {
	if k.Limits.IsZero() {
		return ctx
	}
	return context.WithValue(ctx, keyCtx{}, k)
}

func keyFrom(ctx context.Context) (Key, bool) {
	k, ok := ctx.Value(keyCtx{}).(Key)
	return k, ok
}

type admittedCtx struct{}

// Admitted returns ctx marked as carrying episodes Admit counted already,
// so that the engine's Ingest does not count them again.
func Admitted(ctx context.Context) context.Context {
	return context.WithValue(ctx, admittedCtx{}, true)
}

// IsAdmitted reports whether ctx was marked by Admitted.
func IsAdmitted(ctx context.Context) bool {
	ok, _ := ctx.Value(admittedCtx{}).(bool)
	return ok
}

// Stats are the counts of one group since the Ledger was made.
type Stats struct {
	Group string
	// Admitted and Refused count episodes; AdmittedBytes and RefusedBytes
	// their content.
	Admitted, Refused           int64
	AdmittedBytes, RefusedBytes int64
	// Tokens counts the LLM tokens spent on the group's episodes.
	Tokens int64
	// Refusals counts refused requests by budget kind (core.BudgetEpisodes,
	// core.BudgetBytes, core.BudgetTokens).
	Refusals map[string]int64
}

// Day is a group's counts of one UTC day, as saved and restored.
type Day struct {
	Group  string `json:"-"`
	Date   string `json:"date"` // 2006-01-02
	Bytes  int64  `json:"bytes"`
	Tokens int64  `json:"tokens"`
}

// Ledger counts and checks budgets. The zero value is not usable; call New.
type Ledger struct {
	now    func() time.Time
	groups func(string) Limits

	mu      sync.Mutex
	windows map[string]*window // by subject: "group X", "API key N"
	stats   map[string]*Stats  // by group
	owners  map[[2]string]Key  // (group, uuid) → the key that wrote it
	dirty   map[string]bool    // groups whose day changed since Days
}

type window struct {
	// bucket holds the episodes the subject may send now; it is refilled
	// at its rate up to its burst since filled (zero: never used, full).
	bucket float64
	filled time.Time
	day    time.Time
	bytes  int64
	tokens int64
}

// Burst is how many episodes a rate of perMinute admits at once, after a
// pause: five, or five seconds' worth when that is more, and never more
// than the minute's. A request of more episodes than the burst (up to the
// minute's) is admitted when the bucket is full and leaves it in debt, so
// the rate holds whatever the batch size.
func Burst(perMinute int64) int64 {
	return min(perMinute, max(5, (perMinute+11)/12))
}

// refill adds to the bucket what the rate gave it since it was last
// filled, up to the burst.
func (w *window) refill(lim Limits, now time.Time) {
	if lim.EpisodesPerMinute <= 0 {
		return
	}
	burst := float64(Burst(lim.EpisodesPerMinute))
	if w.filled.IsZero() {
		w.bucket, w.filled = burst, now
		return
	}
	if now.After(w.filled) {
		w.bucket += now.Sub(w.filled).Seconds() * float64(lim.EpisodesPerMinute) / 60
		w.filled = now
	}
	w.bucket = min(w.bucket, burst)
}

// wait is how long until the bucket holds what a request of n episodes
// needs: n, or the whole burst for a larger request.
func (w *window) wait(lim Limits, n int64) time.Duration {
	need := float64(min(n, Burst(lim.EpisodesPerMinute)))
	if w.bucket >= need {
		return 0
	}
	secs := (need - w.bucket) * 60 / float64(lim.EpisodesPerMinute)
	return time.Duration(math.Ceil(secs * float64(time.Second)))
}

// New returns a Ledger reading the clock now and each group's limits from
// groups (nil: no group has any).
func New(now func() time.Time, groups func(string) Limits) *Ledger {
	if groups == nil {
		groups = func(string) Limits { return Limits{} }
	}
	return &Ledger{now: now, groups: groups, windows: map[string]*window{}, stats: map[string]*Stats{},
		owners: map[[2]string]Key{}, dirty: map[string]bool{}}
}

// roll moves a subject's windows to now's day.
func (w *window) roll(now time.Time) {
	if d := dayOf(now); !d.Equal(w.day) {
		w.day, w.bytes, w.tokens = d, 0, 0
	}
}

func dayOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func groupSubject(g string) string { return fmt.Sprintf("group %q", g) }

func (l *Ledger) windowLocked(subject string, now time.Time) *window {
	w, ok := l.windows[subject]
	if !ok {
		w = &window{}
		l.windows[subject] = w
	}
	w.roll(now)
	return w
}

func (l *Ledger) statsLocked(group string) *Stats {
	s, ok := l.stats[group]
	if !ok {
		s = &Stats{Group: group, Refusals: map[string]int64{}}
		l.stats[group] = s
	}
	return s
}

// demand is what a request asks of one subject.
type demand struct {
	subject  string
	limits   Limits
	episodes int64
	bytes    int64
}

// Admit checks episodes against the budgets of their groups and of the
// key in ctx, and counts them if every budget admits them all. Otherwise
// it counts nothing and returns a *core.BudgetError (ErrBudget), or
// core.ErrTooLarge for a request no window could ever admit.
func (l *Ledger) Admit(ctx context.Context, eps []core.Episode) error {
	if len(eps) == 0 {
		return nil
	}
	key, hasKey := keyFrom(ctx)
	var ds []demand
	byGroup := map[string]int{}
	var total demand
	for _, ep := range eps {
		i, ok := byGroup[ep.GroupID]
		if !ok {
			i = len(ds)
			byGroup[ep.GroupID] = i
			ds = append(ds, demand{subject: groupSubject(ep.GroupID), limits: l.groups(ep.GroupID)})
		}
		ds[i].episodes++
		ds[i].bytes += int64(len(ep.Content))
		total.episodes++
		total.bytes += int64(len(ep.Content))
	}
	groups := slices.Collect(maps.Keys(byGroup))
	if hasKey {
		total.subject, total.limits = key.Name, key.Limits
		ds = append(ds, total)
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range ds {
		if kind, err := l.checkLocked(d, now); err != nil {
			for _, g := range groups {
				s := l.statsLocked(g)
				gd := ds[byGroup[g]]
				s.Refused += gd.episodes
				s.RefusedBytes += gd.bytes
				s.Refusals[kind]++
			}
			return err
		}
	}
	for _, d := range ds {
		w := l.windowLocked(d.subject, now)
		w.refill(d.limits, now)
		w.bucket -= float64(d.episodes)
		w.bytes += d.bytes
	}
	for _, g := range groups {
		s := l.statsLocked(g)
		gd := ds[byGroup[g]]
		s.Admitted += gd.episodes
		s.AdmittedBytes += gd.bytes
		l.dirty[g] = true
	}
	if hasKey {
		for _, ep := range eps {
			l.owners[[2]string{ep.GroupID, ep.UUID}] = key
		}
	}
	return nil
}

// checkLocked checks one subject's demand without counting it, and
// returns the kind of budget that refuses it.
func (l *Ledger) checkLocked(d demand, now time.Time) (string, error) {
	lim := d.limits
	if lim.IsZero() {
		return "", nil
	}
	if lim.EpisodesPerMinute > 0 && d.episodes > lim.EpisodesPerMinute {
		return core.BudgetEpisodes, fmt.Errorf("%w: %d episodes at once are over the budget of %s (%d episodes per minute): send them in parts",
			core.ErrTooLarge, d.episodes, d.subject, lim.EpisodesPerMinute)
	}
	if lim.BytesPerDay > 0 && d.bytes > lim.BytesPerDay {
		return core.BudgetBytes, fmt.Errorf("%w: %d bytes at once are over the budget of %s (%d bytes per day)",
			core.ErrTooLarge, d.bytes, d.subject, lim.BytesPerDay)
	}
	w := l.windowLocked(d.subject, now)
	w.refill(lim, now)
	nextDay := w.day.AddDate(0, 0, 1).Sub(now)
	var be *core.BudgetError
	switch {
	case lim.TokensPerDay > 0 && w.tokens >= lim.TokensPerDay:
		be = &core.BudgetError{Subject: d.subject, Kind: core.BudgetTokens, Limit: lim.TokensPerDay, RetryAfter: nextDay}
	case lim.BytesPerDay > 0 && w.bytes+d.bytes > lim.BytesPerDay:
		be = &core.BudgetError{Subject: d.subject, Kind: core.BudgetBytes, Limit: lim.BytesPerDay, RetryAfter: nextDay}
	case lim.EpisodesPerMinute > 0 && w.wait(lim, d.episodes) > 0:
		be = &core.BudgetError{Subject: d.subject, Kind: core.BudgetEpisodes, Limit: lim.EpisodesPerMinute, RetryAfter: w.wait(lim, d.episodes)}
	default:
		return "", nil
	}
	return be.Kind, be
}

// Spend counts the LLM tokens one run of an episode's extraction spent
// against its group and the key that wrote it. final says the episode is
// done or failed, so no run of it follows.
func (l *Ledger) Spend(group, uuid string, tokens int64, final bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := [2]string{group, uuid}
	key, hasKey := l.owners[k]
	if final {
		delete(l.owners, k)
	}
	if tokens <= 0 {
		return
	}
	now := l.now()
	l.windowLocked(groupSubject(group), now).tokens += tokens
	if hasKey {
		l.windowLocked(key.Name, now).tokens += tokens
	}
	l.statsLocked(group).Tokens += tokens
	l.dirty[group] = true
}

// Stats returns the counts of every group the Ledger has seen, by group
// id. The caller owns the slice.
func (l *Ledger) Stats() []Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Stats, 0, len(l.stats))
	for _, s := range l.stats {
		c := *s
		c.Refusals = maps.Clone(s.Refusals)
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Stats) int {
		if a.Group < b.Group {
			return -1
		}
		if a.Group > b.Group {
			return 1
		}
		return 0
	})
	return out
}

// Days returns the day's counts of the groups that changed since the last
// call, to be saved.
func (l *Ledger) Days() []Day {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	var out []Day
	for g := range l.dirty {
		w := l.windowLocked(groupSubject(g), now)
		out = append(out, Day{Group: g, Date: w.day.Format(time.DateOnly), Bytes: w.bytes, Tokens: w.tokens})
	}
	clear(l.dirty)
	slices.SortFunc(out, func(a, b Day) int {
		if a.Group < b.Group {
			return -1
		}
		return 1
	})
	return out
}

// Restore adds a saved day's counts to its group's, if it is today.
func (l *Ledger) Restore(d Day) {
	l.mu.Lock()
	defer l.mu.Unlock()
	w := l.windowLocked(groupSubject(d.Group), l.now())
	if d.Date != w.day.Format(time.DateOnly) {
		return
	}
	w.bytes += d.Bytes
	w.tokens += d.Tokens
}

// Refund takes back what Admit counted for episodes that were then not
// stored (the store failed).
func (l *Ledger) Refund(ctx context.Context, eps []core.Episode) {
	key, hasKey := keyFrom(ctx)
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, ep := range eps {
		n := int64(len(ep.Content))
		type subject struct {
			name   string
			limits Limits
		}
		subjects := []subject{{groupSubject(ep.GroupID), l.groups(ep.GroupID)}}
		if hasKey {
			subjects = append(subjects, subject{key.Name, key.Limits})
			delete(l.owners, [2]string{ep.GroupID, ep.UUID})
		}
		for _, sub := range subjects {
			w := l.windowLocked(sub.name, now)
			w.bucket++
			w.refill(sub.limits, now)
			w.bytes = max(w.bytes-n, 0)
		}
		s := l.statsLocked(ep.GroupID)
		s.Admitted--
		s.AdmittedBytes -= n
	}
}

// DayOf returns a group's counts of the day, and whether they changed
// since the last call.
func (l *Ledger) DayOf(group string) (Day, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	changed := l.dirty[group]
	delete(l.dirty, group)
	w := l.windowLocked(groupSubject(group), l.now())
	return Day{Group: group, Date: w.day.Format(time.DateOnly), Bytes: w.bytes, Tokens: w.tokens}, changed
}

// Touch marks a group's day as changed, so that the next DayOf or Days
// returns it to be saved again (after the group's data, its saved day
// among them, was deleted).
func (l *Ledger) Touch(group string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.windows[groupSubject(group)]; ok {
		l.dirty[group] = true
	}
}

// Limits returns a group's limits.
func (l *Ledger) Limits(group string) Limits { return l.groups(group) }
