package v1

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// episodeBatch is several episodes sent at once.
type episodeBatch struct {
	// Episodes are stored all or none.
	Episodes []wire.EpisodeInput `json:"episodes"`
}

// accepted answers POST episodes.
type accepted struct {
	Episodes []acceptedEpisode `json:"episodes"`
}

// acceptedEpisode is one episode stored in the queue.
type acceptedEpisode struct {
	UUID string `json:"uuid"`
	// Created is false for an episode that was already stored (a re-send).
	Created bool `json:"created"`
	// Requeued is true for a re-sent episode that had failed and is queued
	// again.
	Requeued bool `json:"requeued,omitempty"`
	// Status is pending, or the status of an episode already stored.
	Status string `json:"status"`
	// StatusURL is where to follow the episode.
	StatusURL string `json:"status_url"`
}

// retried answers a retry: the episodes queued again.
type retried struct {
	Episodes []retriedEpisode `json:"episodes"`
}

// retriedEpisode is an episode queued again.
type retriedEpisode struct {
	UUID string `json:"uuid"`
	// Status is pending.
	Status string `json:"status"`
	// Error is the failure the episode is retried after, kept until it is
	// processed again.
	Error string `json:"error,omitempty"`
	// StatusURL is where to follow the episode.
	StatusURL string `json:"status_url"`
}

// episodeList is a page of episodes.
type episodeList struct {
	Episodes []wire.Episode `json:"episodes"`
	// NextCursor fetches the next page; absent on the last one.
	NextCursor string `json:"next_cursor,omitempty"`
}

// entityList is a page of entities.
type entityList struct {
	Entities   []wire.Entity `json:"entities"`
	NextCursor string        `json:"next_cursor,omitempty"`
}

// factList is a page of facts.
type factList struct {
	Facts      []wire.Fact `json:"facts"`
	NextCursor string      `json:"next_cursor,omitempty"`
}

// communityList is a page of communities.
type communityList struct {
	Communities []wire.Community `json:"communities"`
	NextCursor  string           `json:"next_cursor,omitempty"`
}

// groupList lists groups.
type groupList struct {
	Groups []string `json:"groups"`
}

// groupStats counts what a group holds.
type groupStats struct {
	GroupID         string `json:"group_id"`
	Episodes        int    `json:"episodes"`
	PendingEpisodes int    `json:"pending_episodes"`
	FailedEpisodes  int    `json:"failed_episodes"`
	Entities        int    `json:"entities"`
	Facts           int    `json:"facts"`
	CurrentFacts    int    `json:"current_facts"`
	Communities     int    `json:"communities"`
}

// addFactRequest is a fact added by hand.
type addFactRequest struct {
	// Source and Target are entity names; they resolve to existing entities
	// as extracted names do.
	Source     string `json:"source"`
	SourceType string `json:"source_type,omitempty"`
	// Relation is the relation type, e.g. WORKS_AT.
	Relation   string `json:"relation"`
	Target     string `json:"target"`
	TargetType string `json:"target_type,omitempty"`
	// Fact is the fact as a sentence. Default: "source relation target".
	Fact string `json:"fact,omitempty"`
	// ValidAt and InvalidAt bound when the fact held (RFC 3339 or dates).
	ValidAt   string `json:"valid_at,omitempty"`
	InvalidAt string `json:"invalid_at,omitempty"`
	// ReferenceTime is when the fact was stated. Default: now.
	ReferenceTime string `json:"reference_time,omitempty"`
	// UUID names the fact's episode, making a re-send a no-op.
	UUID string `json:"uuid,omitempty"`
}

// addFactResponse is the fact as stored.
type addFactResponse struct {
	// Episode is the uuid of the episode that records the fact.
	Episode string `json:"episode"`
	// Facts are the stored facts it states (one; an existing fact when it
	// was a duplicate).
	Facts  []wire.Fact `json:"facts"`
	Report wire.Report `json:"report"`
}

func rawJSON(s string) json.RawMessage { return json.RawMessage(s) }

func (s *server) listGroups(ctx context.Context, c *api.Call) (any, error) {
	gs, err := c.VisibleGroups(ctx)
	if err != nil {
		return nil, err
	}
	if gs == nil {
		gs = []string{}
	}
	return groupList{Groups: gs}, nil
}

func (s *server) groupStats(ctx context.Context, c *api.Call) (any, error) {
	st, err := s.Host.Engine.Stats(ctx, c.Group)
	if err != nil {
		return nil, err
	}
	return groupStats{
		GroupID: c.Group, Episodes: st.Episodes, PendingEpisodes: st.PendingEpisodes, FailedEpisodes: st.FailedEpisodes,
		Entities: st.Entities, Facts: st.Facts, CurrentFacts: st.CurrentFacts, Communities: st.Communities,
	}, nil
}

// parseEpisodes reads one episode or {"episodes": [...]}.
func parseEpisodes(b []byte) ([]wire.EpisodeInput, error) {
	var probe map[string]json.RawMessage
	if err := wire.DecodeBytes(b, &probe); err != nil {
		return nil, fmt.Errorf("request body: %w", err)
	}
	if _, ok := probe["episodes"]; ok && len(probe) == 1 {
		var batch episodeBatch
		if err := wire.DecodeBytes(b, &batch); err != nil {
			return nil, fmt.Errorf("request body: %w", err)
		}
		if len(batch.Episodes) == 0 {
			return nil, fmt.Errorf("%w: episodes is empty", core.ErrInvalid)
		}
		return batch.Episodes, nil
	}
	var one wire.EpisodeInput
	if err := wire.DecodeBytes(b, &one); err != nil {
		return nil, fmt.Errorf("request body: %w", err)
	}
	return []wire.EpisodeInput{one}, nil
}

func (s *server) addEpisodes(ctx context.Context, c *api.Call) (any, error) {
	b, err := c.Body()
	if err != nil {
		return nil, err
	}
	ins, err := parseEpisodes(bytes.TrimSpace(b))
	if err != nil {
		return nil, err
	}
	replay := false
	switch la := c.R.URL.Query().Get("learned_at"); la {
	case "", "now":
	case "reference":
		if !c.Key.MayReplay() {
			return nil, fmt.Errorf("%w: learned_at=reference: this API key may not replay history (http.keys.replay)", api.ErrForbidden)
		}
		replay = true
	default:
		return nil, fmt.Errorf("%w: learned_at %q: want now or reference", core.ErrInvalid, la)
	}
	eps := make([]core.Episode, len(ins))
	for i, in := range ins {
		if eps[i], err = in.Episode(c.Group); err != nil {
			return nil, fmt.Errorf("episode %d: %w", i, err)
		}
		// The API's own class is the policy's default (the user's).
		if eps[i].Trust, err = c.SourceClass("", in.SourceClass); err != nil {
			return nil, fmt.Errorf("episode %d: %w", i, err)
		}
		eps[i].LearnedAtReference = replay
	}
	res, err := s.Host.Engine.Ingest(ctx, eps)
	if err != nil {
		return nil, err
	}
	out := accepted{Episodes: make([]acceptedEpisode, len(res))}
	for i, r := range res {
		st := string(core.EpisodePending)
		if !r.Created {
			if rep, err := s.Host.Engine.Report(ctx, c.Group, r.UUID); err == nil {
				st = string(rep.Status)
			}
		}
		out.Episodes[i] = acceptedEpisode{UUID: r.UUID, Created: r.Created, Requeued: r.Requeued, Status: st, StatusURL: statusURL(c.Group, r.UUID)}
	}
	s.Metrics.Accepted(len(res))
	if len(res) == 1 {
		c.W.Header().Set("Location", out.Episodes[0].StatusURL)
	}
	return out, nil
}

func statusURL(group, uuid string) string {
	return "/v1/groups/" + url.PathEscape(group) + "/episodes/" + url.PathEscape(uuid) + "/status"
}

// listOptions reads limit and cursor.
func listOptions(c *api.Call) (core.ListOptions, error) {
	var o core.ListOptions
	q := c.R.URL.Query()
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return o, fmt.Errorf("%w: limit %q: want an integer from 1 to 1000", core.ErrInvalid, v)
		}
		o.Limit = n
	}
	o.Cursor = q.Get("cursor")
	return o, nil
}

func (s *server) listEpisodes(ctx context.Context, c *api.Call) (any, error) {
	o, err := listOptions(c)
	if err != nil {
		return nil, err
	}
	o.Status = core.EpisodeStatus(c.R.URL.Query().Get("status"))
	p, err := s.Host.Engine.ListEpisodes(ctx, c.Group, o)
	if err != nil {
		return nil, err
	}
	out := episodeList{Episodes: make([]wire.Episode, len(p.Items)), NextCursor: p.Next}
	for i, e := range p.Items {
		out.Episodes[i] = wire.EpisodeOf(e)
	}
	return out, nil
}

func (s *server) getEpisode(ctx context.Context, c *api.Call) (any, error) {
	ep, err := s.Host.Engine.Episode(ctx, []string{c.Group}, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return wire.EpisodeOf(ep), nil
}

func (s *server) episodeStatus(ctx context.Context, c *api.Call) (any, error) {
	r, err := s.Host.Engine.Report(ctx, c.Group, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return wire.ReportOf(r), nil
}

func (s *server) retryGroup(ctx context.Context, c *api.Call) (any, error) {
	reps, err := s.Host.Engine.Retry(ctx, c.Group)
	if err != nil {
		return nil, err
	}
	return retriedOf(c.Group, reps), nil
}

func (s *server) retryEpisode(ctx context.Context, c *api.Call) (any, error) {
	reps, err := s.Host.Engine.Retry(ctx, c.Group, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return retriedOf(c.Group, reps), nil
}

func retriedOf(group string, reps []engine.EpisodeReport) retried {
	out := retried{Episodes: make([]retriedEpisode, len(reps))}
	for i, r := range reps {
		out.Episodes[i] = retriedEpisode{UUID: r.UUID, Status: string(r.Status), Error: r.Error, StatusURL: statusURL(group, r.UUID)}
	}
	return out
}

func (s *server) deleteEpisode(ctx context.Context, c *api.Call) (any, error) {
	d, err := s.Host.Engine.DeleteEpisode(ctx, c.Group, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return wire.DeletedOf(d), nil
}

func (s *server) listEntities(ctx context.Context, c *api.Call) (any, error) {
	o, err := listOptions(c)
	if err != nil {
		return nil, err
	}
	if l := c.R.URL.Query().Get("label"); l != "" {
		o.Filter.Labels = []string{l}
	}
	if o.Filter.IncludeArchived, err = includeArchived(c); err != nil {
		return nil, err
	}
	p, err := s.Host.Engine.ListEntities(ctx, c.Group, o)
	if err != nil {
		return nil, err
	}
	out := entityList{Entities: make([]wire.Entity, len(p.Items)), NextCursor: p.Next}
	for i, e := range p.Items {
		out.Entities[i] = wire.EntityOf(e)
	}
	return out, nil
}

func (s *server) listFacts(ctx context.Context, c *api.Call) (any, error) {
	o, err := listOptions(c)
	if err != nil {
		return nil, err
	}
	if o.Filter, err = factFilter(c); err != nil {
		return nil, err
	}
	if r := c.R.URL.Query().Get("relation"); r != "" {
		o.Filter.Relations = []string{r}
	}
	if o.Filter.IncludeArchived, err = includeArchived(c); err != nil {
		return nil, err
	}
	p, err := s.Host.Engine.ListFacts(ctx, c.Group, o)
	if err != nil {
		return nil, err
	}
	facts, err := s.Host.ShowFacts(ctx, []string{c.Group}, p.Items)
	if err != nil {
		return nil, err
	}
	return factList{Facts: facts, NextCursor: p.Next}, nil
}

func (s *server) getFact(ctx context.Context, c *api.Call) (any, error) {
	uuid := c.R.PathValue("uuid")
	f, err := s.Host.Engine.Fact(ctx, []string{c.Group}, uuid)
	if err != nil {
		return nil, err
	}
	out, err := s.Host.ShowFacts(ctx, []string{c.Group}, []core.Fact{f})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

func (s *server) whyFact(ctx context.Context, c *api.Call) (any, error) {
	return s.Host.ShowWhy(ctx, c.Group, c.R.PathValue("uuid"))
}

func (s *server) addFact(ctx context.Context, c *api.Call) (any, error) {
	var in addFactRequest
	if err := c.Decode(&in); err != nil {
		return nil, err
	}
	t := engine.Triplet{
		GroupID: c.Group, Source: in.Source, SourceType: in.SourceType, Relation: in.Relation, Target: in.Target,
		TargetType: in.TargetType, Fact: in.Fact, UUID: in.UUID,
	}
	var err error
	if t.ValidAt, err = wire.ParseOptionalTime(in.ValidAt); err != nil {
		return nil, fmt.Errorf("valid_at: %w", err)
	}
	if t.InvalidAt, err = wire.ParseOptionalTime(in.InvalidAt); err != nil {
		return nil, fmt.Errorf("invalid_at: %w", err)
	}
	if t.ReferenceTime, err = wire.ParseOptionalTime(in.ReferenceTime); err != nil {
		return nil, fmt.Errorf("reference_time: %w", err)
	}
	if t.UUID != "" {
		if err := core.ValidateUUID(t.UUID); err != nil {
			return nil, err
		}
	}
	rep, err := s.Host.Engine.AddFact(ctx, t)
	if err != nil {
		return nil, err
	}
	if rep.Status == core.EpisodeFailed {
		return nil, fmt.Errorf("%w: the fact's episode %s failed: %s", core.ErrUnavailable, rep.UUID, rep.Error)
	}
	fs, err := s.Host.Engine.EpisodeFacts(ctx, c.Group, rep.UUID)
	if err != nil {
		return nil, err
	}
	facts, err := s.Host.ShowFacts(ctx, []string{c.Group}, fs)
	if err != nil {
		return nil, err
	}
	return addFactResponse{Episode: rep.UUID, Facts: facts, Report: wire.ReportOf(rep)}, nil
}

func (s *server) deleteFact(ctx context.Context, c *api.Call) (any, error) {
	d, err := s.Host.Engine.DeleteFact(ctx, c.Group, c.R.PathValue("uuid"))
	if err != nil {
		return nil, err
	}
	return wire.DeletedOf(d), nil
}

func (s *server) listCommunities(ctx context.Context, c *api.Call) (any, error) {
	o, err := listOptions(c)
	if err != nil {
		return nil, err
	}
	p, err := s.Host.Engine.ListCommunities(ctx, c.Group, o)
	if err != nil {
		return nil, err
	}
	out := communityList{Communities: make([]wire.Community, len(p.Items)), NextCursor: p.Next}
	for i, cm := range p.Items {
		out.Communities[i] = wire.CommunityOf(cm)
	}
	return out, nil
}
