package api

import (
	"context"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/budget"
	"github.com/mnemohq/mnemo/host"
)

// Metrics counts requests and renders the Prometheus text format, by hand:
// a handful of counters does not need a client library. It is safe for
// concurrent use.
type Metrics struct {
	h       *host.Host
	version string

	mu       sync.Mutex
	requests map[requestKey]*host.Histogram
	episodes uint64

	queueMu sync.Mutex
	queueAt time.Time
	queue   queueDepth

	// named are the groups the budget series name (budgetSeries).
	named map[string]bool
}

type requestKey struct {
	route string
	code  int
}

type queueDepth struct {
	pending, failed int
	err             error
}

// NewMetrics returns the metrics of h, reporting version.
func NewMetrics(h *host.Host, version string) *Metrics {
	return &Metrics{h: h, version: version, requests: map[requestKey]*host.Histogram{}, named: map[string]bool{}}
}

// Observe records one request.
func (m *Metrics) Observe(route string, code int, d time.Duration) {
	if code == 0 {
		code = 200
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	k := requestKey{route, code}
	h, ok := m.requests[k]
	if !ok {
		h = &host.Histogram{}
		m.requests[k] = h
	}
	h.Observe(d)
}

// Accepted counts episodes accepted into the queue.
func (m *Metrics) Accepted(n int) {
	m.mu.Lock()
	m.episodes += uint64(n)
	m.mu.Unlock()
}

// depth returns the queue depth, read from the database at most every two
// seconds (it costs a few queries per group with pending episodes).
func (m *Metrics) depth(ctx context.Context) queueDepth {
	m.queueMu.Lock()
	defer m.queueMu.Unlock()
	if time.Since(m.queueAt) < 2*time.Second {
		return m.queue
	}
	var q queueDepth
	groups, err := m.h.Engine.Groups(ctx)
	for _, g := range groups {
		if err != nil {
			break
		}
		st, serr := m.h.Engine.Stats(ctx, g)
		if serr != nil {
			err = serr
			break
		}
		q.pending += st.PendingEpisodes
		q.failed += st.FailedEpisodes
	}
	q.err = err
	m.queue, m.queueAt = q, time.Now()
	return q
}

// Write renders every metric.
func (m *Metrics) Write(ctx context.Context, w io.Writer) {
	family := func(name, typ, help string) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ)
	}
	family("mnemo_build_info", "gauge", "The running mnemo's version.")
	fmt.Fprintf(w, "mnemo_build_info{version=%s,go=%s} 1\n", quote(m.version), quote(runtime.Version()))

	m.mu.Lock()
	keys := slices.SortedFunc(maps.Keys(m.requests), func(a, b requestKey) int {
		if a.route != b.route {
			return strings.Compare(a.route, b.route)
		}
		return a.code - b.code
	})
	snap := make(map[requestKey]host.Histogram, len(keys))
	for _, k := range keys {
		h := *m.requests[k]
		h.Counts = slices.Clone(h.Counts)
		snap[k] = h
	}
	episodes := m.episodes
	m.mu.Unlock()

	family("mnemo_http_requests_total", "counter", "HTTP requests by route and status code.")
	for _, k := range keys {
		fmt.Fprintf(w, "mnemo_http_requests_total{route=%s,code=\"%d\"} %d\n", quote(k.route), k.code, snap[k].N)
	}
	family("mnemo_http_request_duration_seconds", "histogram", "HTTP request latency by route and status code.")
	for _, k := range keys {
		writeHistogram(w, "mnemo_http_request_duration_seconds", fmt.Sprintf("route=%s,code=\"%d\"", quote(k.route), k.code), snap[k])
	}

	calls := m.h.StoreCalls.Snapshot()
	family("mnemo_store_call_duration_seconds", "histogram", "Latency of the store's calls by store and operation.")
	for _, c := range calls {
		writeHistogram(w, "mnemo_store_call_duration_seconds", fmt.Sprintf("store=%s,op=%s", quote(c.Store), quote(c.Op)), c.Latency)
	}
	family("mnemo_store_call_errors_total", "counter", "Failed calls of the store by store and operation.")
	for _, c := range calls {
		fmt.Fprintf(w, "mnemo_store_call_errors_total{store=%s,op=%s} %d\n", quote(c.Store), quote(c.Op), c.Errors)
	}

	family("mnemo_episodes_accepted_total", "counter", "Episodes accepted into the ingestion queue over HTTP.")
	fmt.Fprintf(w, "mnemo_episodes_accepted_total %d\n", episodes)
	q := m.depth(ctx)
	family("mnemo_queue_pending_episodes", "gauge", "Episodes stored and waiting for extraction (the queue depth).")
	fmt.Fprintf(w, "mnemo_queue_pending_episodes %d\n", q.pending)
	family("mnemo_queue_failed_episodes", "gauge", "Episodes whose extraction failed past its retries; kept with their error.")
	fmt.Fprintf(w, "mnemo_queue_failed_episodes %d\n", q.failed)
	family("mnemo_queue_read_errors", "gauge", "1 if reading the queue depth failed at the last scrape.")
	fmt.Fprintf(w, "mnemo_queue_read_errors %d\n", boolInt(q.err != nil))

	if m.h.LLM != nil {
		usage := m.h.LLM.Usage()
		prompts := slices.Sorted(maps.Keys(usage))
		family("mnemo_llm_calls_total", "counter", "LLM calls by prompt.")
		for _, p := range prompts {
			fmt.Fprintf(w, "mnemo_llm_calls_total{prompt=%s} %d\n", quote(p), usage[p].Calls)
		}
		family("mnemo_llm_prompt_tokens_total", "counter", "LLM prompt tokens by prompt.")
		for _, p := range prompts {
			fmt.Fprintf(w, "mnemo_llm_prompt_tokens_total{prompt=%s} %d\n", quote(p), usage[p].PromptTokens)
		}
		family("mnemo_llm_completion_tokens_total", "counter", "LLM completion tokens by prompt.")
		for _, p := range prompts {
			fmt.Fprintf(w, "mnemo_llm_completion_tokens_total{prompt=%s} %d\n", quote(p), usage[p].CompletionTokens)
		}
	}

	plugins := m.h.Plugins.Loaded()
	family("mnemo_plugin_calls_total", "counter", "Plugin calls by plugin.")
	for _, p := range plugins {
		fmt.Fprintf(w, "mnemo_plugin_calls_total{plugin=%s} %d\n", quote(p.Name), p.Stats.Calls)
	}
	family("mnemo_plugin_errors_total", "counter", "Failed plugin calls by plugin.")
	for _, p := range plugins {
		fmt.Fprintf(w, "mnemo_plugin_errors_total{plugin=%s} %d\n", quote(p.Name), p.Stats.Failures)
	}
	family("mnemo_plugin_consecutive_errors", "gauge", "Failed plugin calls since the last success, by plugin.")
	for _, p := range plugins {
		fmt.Fprintf(w, "mnemo_plugin_consecutive_errors{plugin=%s} %d\n", quote(p.Name), p.Stats.ConsecutiveFailures)
	}
	family("mnemo_plugin_instances", "gauge", "Plugin instances alive, by plugin.")
	for _, p := range plugins {
		fmt.Fprintf(w, "mnemo_plugin_instances{plugin=%s} %d\n", quote(p.Name), p.Stats.Instances)
	}
	family("mnemo_plugin_reload_failed", "gauge", "1 if the last hot reload of plugins failed (the previous set runs).")
	fmt.Fprintf(w, "mnemo_plugin_reload_failed %d\n", boolInt(m.h.Plugins.LastError() != nil))

	m.writeBudgets(w, family)

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	family("mnemo_goroutines", "gauge", "Goroutines of the process.")
	fmt.Fprintf(w, "mnemo_goroutines %d\n", runtime.NumGoroutine())
	family("mnemo_heap_bytes", "gauge", "Bytes of allocated Go heap objects (Kuzu's buffer pool is not included).")
	fmt.Fprintf(w, "mnemo_heap_bytes %d\n", ms.HeapAlloc)
}

// writeHistogram renders one histogram series of a family.
func writeHistogram(w io.Writer, name, labels string, h host.Histogram) {
	var cum uint64
	for i, ub := range host.LatencyBuckets {
		if i < len(h.Counts) {
			cum += h.Counts[i]
		}
		fmt.Fprintf(w, "%s_bucket{%s,le=\"%s\"} %d\n", name, labels, strconv.FormatFloat(ub, 'g', -1, 64), cum)
	}
	fmt.Fprintf(w, "%s_bucket{%s,le=\"+Inf\"} %d\n", name, labels, h.N)
	fmt.Fprintf(w, "%s_sum{%s} %s\n", name, labels, strconv.FormatFloat(h.Sum.Seconds(), 'g', -1, 64))
	fmt.Fprintf(w, "%s_count{%s} %d\n", name, labels, h.N)
}

// quote is a Prometheus label value in quotes, escaped.
func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// otherGroups is the group label of the groups the budget series do not
// name.
const otherGroups = "_other"

// budgetSeries returns the budget counts of the engine with a bounded
// number of groups named (budget.metric_groups): the groups already named,
// then those with the most refused and then the most admitted episodes,
// until the bound; the rest summed under otherGroups. A group once named
// stays named, so its series do not come and go; otherGroups' counts fall
// when one of its groups is named.
func (m *Metrics) budgetSeries() []budget.Stats {
	all := m.h.Engine.BudgetStats()
	limit := m.h.Config.Budget.MetricGroupsOrDefault()
	m.mu.Lock()
	defer m.mu.Unlock()
	rank := slices.Clone(all)
	slices.SortStableFunc(rank, func(a, b budget.Stats) int {
		if a.Refused != b.Refused {
			return int(b.Refused - a.Refused)
		}
		return int(b.Admitted - a.Admitted)
	})
	for _, s := range rank {
		if len(m.named) >= limit {
			break
		}
		m.named[s.Group] = true
	}
	other := budget.Stats{Group: otherGroups, Refusals: map[string]int64{}}
	var out []budget.Stats
	for _, s := range all {
		if m.named[s.Group] {
			out = append(out, s)
			continue
		}
		other.Admitted += s.Admitted
		other.Refused += s.Refused
		other.AdmittedBytes += s.AdmittedBytes
		other.RefusedBytes += s.RefusedBytes
		other.Tokens += s.Tokens
		for k, n := range s.Refusals {
			other.Refusals[k] += n
		}
	}
	if len(out) < len(all) {
		out = append(out, other)
	}
	return out
}

// writeBudgets renders the budget counts per group (docs/trust.md).
func (m *Metrics) writeBudgets(w io.Writer, family func(name, typ, help string)) {
	stats := m.budgetSeries()
	family("mnemo_budget_episodes_total", "counter", "Episodes admitted and refused by the ingestion budgets, by group (at most budget.metric_groups named, the rest as _other).")
	for _, s := range stats {
		fmt.Fprintf(w, "mnemo_budget_episodes_total{group=%s,outcome=\"admitted\"} %d\n", quote(s.Group), s.Admitted)
		fmt.Fprintf(w, "mnemo_budget_episodes_total{group=%s,outcome=\"refused\"} %d\n", quote(s.Group), s.Refused)
	}
	family("mnemo_budget_bytes_total", "counter", "Bytes of episode content admitted and refused by the ingestion budgets, by group.")
	for _, s := range stats {
		fmt.Fprintf(w, "mnemo_budget_bytes_total{group=%s,outcome=\"admitted\"} %d\n", quote(s.Group), s.AdmittedBytes)
		fmt.Fprintf(w, "mnemo_budget_bytes_total{group=%s,outcome=\"refused\"} %d\n", quote(s.Group), s.RefusedBytes)
	}
	family("mnemo_budget_tokens_total", "counter", "LLM tokens spent on the group's episodes, by group.")
	for _, s := range stats {
		fmt.Fprintf(w, "mnemo_budget_tokens_total{group=%s} %d\n", quote(s.Group), s.Tokens)
	}
	family("mnemo_budget_refusals_total", "counter", "Ingestion requests refused (429) by group and budget kind.")
	for _, s := range stats {
		for _, kind := range []string{core.BudgetEpisodes, core.BudgetBytes, core.BudgetTokens} {
			fmt.Fprintf(w, "mnemo_budget_refusals_total{group=%s,kind=%s} %d\n", quote(s.Group), quote(kind), s.Refusals[kind])
		}
	}
}
