package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host/wire"
)

// Ingester stores episodes through the server's /v1 routes, waits for
// them and retries them there: the engine's queue, at a distance.
type Ingester struct{ C *Client }

// Ingest sends the episodes of each group in one request, groups in the
// order they first appear; each request is stored all or none.
func (in Ingester) Ingest(ctx context.Context, eps []core.Episode) ([]engine.IngestResult, error) {
	out := make([]engine.IngestResult, len(eps))
	var order []string
	byGroup := map[string][]int{}
	for i, ep := range eps {
		if _, ok := byGroup[ep.GroupID]; !ok {
			order = append(order, ep.GroupID)
		}
		byGroup[ep.GroupID] = append(byGroup[ep.GroupID], i)
	}
	for _, g := range order {
		var batch struct {
			Episodes []wire.EpisodeInput `json:"episodes"`
		}
		path := GroupPath(g, "/episodes")
		for _, i := range byGroup[g] {
			if eps[i].LearnedAtReference {
				path = GroupPath(g, "/episodes?learned_at=reference")
			}
			content, err := json.Marshal(eps[i].Content)
			if err != nil {
				return nil, fmt.Errorf("encode episode: %w", err)
			}
			batch.Episodes = append(batch.Episodes, wire.EpisodeInput{
				UUID: eps[i].UUID, Name: eps[i].Name, Source: string(eps[i].Source), Content: content,
				SourceDescription: eps[i].SourceDescription, ReferenceTime: eps[i].ValidAt.Format(time.RFC3339Nano),
				SourceClass: eps[i].Trust,
			})
		}
		var acc struct {
			Episodes []struct {
				UUID     string `json:"uuid"`
				Created  bool   `json:"created"`
				Requeued bool   `json:"requeued"`
			} `json:"episodes"`
		}
		if err := in.C.Do(ctx, "POST", path, batch, &acc); err != nil {
			return nil, err
		}
		if len(acc.Episodes) != len(batch.Episodes) {
			return nil, fmt.Errorf("the server stored %d episodes of %d", len(acc.Episodes), len(batch.Episodes))
		}
		for k, i := range byGroup[g] {
			a := acc.Episodes[k]
			out[i] = engine.IngestResult{UUID: a.UUID, Created: a.Created, Requeued: a.Requeued}
		}
	}
	return out, nil
}

// Poll intervals of Wait: from the first to the largest.
const (
	firstPoll = 50 * time.Millisecond
	maxPoll   = time.Second
)

// Wait polls each episode's status until it is no longer pending.
func (in Ingester) Wait(ctx context.Context, group string, uuids ...string) ([]engine.EpisodeReport, error) {
	var out []engine.EpisodeReport
	for _, id := range uuids {
		every := firstPoll
		for {
			// A server from before the counted field sends none: its
			// reports are taken as counted, as they were before.
			rep := wire.Report{Counted: true}
			if err := in.C.Do(ctx, "GET", GroupPath(group, "/episodes/"+url.PathEscape(id)+"/status"), nil, &rep); err != nil {
				return out, err
			}
			if rep.Status != string(core.EpisodePending) {
				out = append(out, ReportOf(rep))
				break
			}
			select {
			case <-ctx.Done():
				return out, ctx.Err()
			case <-time.After(every):
			}
			every = min(2*every, maxPoll)
		}
	}
	return out, nil
}

// Retry queues the group's failed episodes again in one request, or the
// named ones one request each, and returns what the server reported.
func (in Ingester) Retry(ctx context.Context, group string, uuids ...string) ([]engine.EpisodeReport, error) {
	paths := []string{GroupPath(group, "/episodes/retry")}
	if len(uuids) > 0 {
		paths = paths[:0]
		for _, id := range uuids {
			paths = append(paths, GroupPath(group, "/episodes/"+url.PathEscape(id)+"/retry"))
		}
	}
	var out []engine.EpisodeReport
	for _, p := range paths {
		var list struct {
			Episodes []struct {
				UUID   string `json:"uuid"`
				Status string `json:"status"`
				Error  string `json:"error"`
			} `json:"episodes"`
		}
		if err := in.C.Do(ctx, "POST", p, nil, &list); err != nil {
			return out, err
		}
		for _, e := range list.Episodes {
			out = append(out, engine.EpisodeReport{UUID: e.UUID, GroupID: group, Status: core.EpisodeStatus(e.Status), Error: e.Error})
		}
	}
	return out, nil
}

// ReportOf reads back an episode report the server showed.
func ReportOf(r wire.Report) engine.EpisodeReport {
	return engine.EpisodeReport{
		UUID: r.UUID, GroupID: r.GroupID, Status: core.EpisodeStatus(r.Status), Error: r.Error, Attempts: r.Attempts,
		Entities: r.Entities, NewEntities: r.NewEntities, Facts: r.Facts, NewFacts: r.NewFacts, Duplicates: r.Duplicates,
		Invalidated: r.Invalidated, Warnings: r.Warnings, Duration: time.Duration(r.DurationMS) * time.Millisecond, Counted: r.Counted,
		Usage: core.Usage{Calls: r.Usage.Calls, PromptTokens: r.Usage.PromptTokens, CompletionTokens: r.Usage.CompletionTokens},
	}
}
