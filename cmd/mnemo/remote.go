package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
	"github.com/mnemohq/mnemo/host"
	"github.com/mnemohq/mnemo/host/wire"
)

// serverFlags are the flags of the commands that can run through a running
// mnemo serve instead of opening the database: its URL and an API key.
type serverFlags struct {
	url string
	key string
}

func (s *serverFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.StringVar(&s.url, "server", getenv("MNEMO_URL"), "run through the mnemo serve at `URL` instead of opening the database (default $MNEMO_URL)")
	fs.StringVar(&s.key, "api-key", getenv("MNEMO_API_KEY"), "the API `KEY` sent to --server (default $MNEMO_API_KEY)")
}

// client returns the client of the server, or nil when no server is named.
func (s *serverFlags) client() (*remote, error) {
	if s.url == "" {
		return nil, nil
	}
	u, err := url.Parse(s.url)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w: --server %q: want the URL of a mnemo serve, e.g. http://127.0.0.1:8080", core.ErrInvalid, s.url)
	}
	return &remote{base: strings.TrimRight(s.url, "/"), key: s.key, hc: &http.Client{Timeout: 5 * time.Minute}}, nil
}

// remote is a client of mnemo serve's HTTP API.
type remote struct {
	base string
	key  string
	hc   *http.Client
}

// untimed returns a client of the same server whose requests only ctx
// bounds: for an erasure, whose rewrite of the database takes as long as
// the database is large.
func (r *remote) untimed() *remote {
	hc := *r.hc
	hc.Timeout = 0
	u := *r
	u.hc = &hc
	return &u
}

// errorAnswer is the body of an error answer of the HTTP API.
type errorAnswer struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// codeErrors maps the API's error codes back to core's sentinels, so that
// the commands treat a server's refusal as they treat the engine's.
var codeErrors = map[string]error{
	"invalid": core.ErrInvalid, "not_found": core.ErrNotFound, "conflict": core.ErrConflict,
	"too_large": core.ErrTooLarge, "budget": core.ErrBudget, "busy": core.ErrBusy, "storage": core.ErrStorage, "unavailable": core.ErrUnavailable,
}

// do sends a request with in as its JSON body (none when nil) and decodes
// the answer into out.
func (r *remote) do(ctx context.Context, method, path string, in, out any) error {
	if in == nil {
		return r.send(ctx, method, path, "", nil, out)
	}
	b, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	return r.send(ctx, method, path, "application/json", bytes.NewReader(b), out)
}

// send sends a request with body, of type contentType (none when body is
// nil), and decodes the answer into out.
func (r *remote) send(ctx context.Context, method, path, contentType string, body io.Reader, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, r.base+path, body)
	if err != nil {
		return fmt.Errorf("%w: --server: %w", core.ErrInvalid, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	if r.key != "" {
		req.Header.Set("Authorization", "Bearer "+r.key)
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return fmt.Errorf("%w: reach the server at %s: %w", core.ErrUnavailable, r.base, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return fmt.Errorf("read the server's answer: %w", err)
	}
	if resp.StatusCode >= 300 {
		return answerError(method, path, resp, raw)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode the server's answer to %s %s: %w", method, path, err)
	}
	return nil
}

// answerError turns the server's error answer (its status, its body raw)
// into an error.
func answerError(method, path string, resp *http.Response, raw []byte) error {
	var e errorAnswer
	if json.Unmarshal(raw, &e) != nil || e.Error == "" {
		return fmt.Errorf("%s %s: the server answered %s", method, path, resp.Status)
	}
	switch resp.StatusCode {
	case http.StatusUnauthorized:
		return errors.New("the server wants an API key it knows: pass --api-key or set MNEMO_API_KEY")
	case http.StatusForbidden:
		return errors.New(e.Error)
	}
	if s, ok := codeErrors[e.Code]; ok {
		return &answeredError{msg: e.Error, kind: s}
	}
	return fmt.Errorf("the server: %s", e.Error)
}

// answeredError is a refusal of the server: its message, as the engine
// would have worded it here, and the sentinel of its code for errors.Is.
type answeredError struct {
	msg  string
	kind error
}

func (e *answeredError) Error() string { return e.msg }
func (e *answeredError) Unwrap() error { return e.kind }

// checkRecipe is checkRecipe (search.go) through the server: it fails
// with the server's recipes' names when name is none of them.
func (r *remote) checkRecipe(ctx context.Context, name string) error {
	if name == "" {
		return nil
	}
	var list wire.RecipeList
	if err := r.do(ctx, "GET", "/v1/recipes", nil, &list); err != nil {
		return err
	}
	known := make([]string, len(list.Recipes))
	for i, rc := range list.Recipes {
		if rc.Name == name {
			return nil
		}
		known[i] = rc.Name
	}
	slices.Sort(known)
	return fmt.Errorf("%w: --recipe: unknown recipe %q (known: %s)", core.ErrInvalid, name, strings.Join(known, ", "))
}

// open sends a request without a body and returns the answer's body, for
// an answer too large to hold (a backup). The caller closes it.
func (r *remote) open(ctx context.Context, method, path string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, method, r.base+path, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: --server: %w", core.ErrInvalid, err)
	}
	if r.key != "" {
		req.Header.Set("Authorization", "Bearer "+r.key)
	}
	hc := *r.hc
	hc.Timeout = 0 // a backup takes as long as it takes; ctx bounds it
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: reach the server at %s: %w", core.ErrUnavailable, r.base, err)
	}
	if resp.StatusCode >= 300 {
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		return nil, answerError(method, path, resp, raw)
	}
	return resp.Body, nil
}

// groupPath is the path of a group's route.
func groupPath(group, rest string) string {
	return "/v1/groups/" + url.PathEscape(group) + rest
}

// remoteIngester stores episodes through a server's HTTP API and waits
// for them there.
type remoteIngester struct{ r *remote }

// Ingest sends the episodes of each group in one request, groups in the
// order they first appear; each request is stored all or none.
func (ri remoteIngester) Ingest(ctx context.Context, eps []core.Episode) ([]engine.IngestResult, error) {
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
		path := groupPath(g, "/episodes")
		for _, i := range byGroup[g] {
			if eps[i].LearnedAtReference {
				path = groupPath(g, "/episodes?learned_at=reference")
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
		if err := ri.r.do(ctx, "POST", path, batch, &acc); err != nil {
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
func (ri remoteIngester) Wait(ctx context.Context, group string, uuids ...string) ([]engine.EpisodeReport, error) {
	var out []engine.EpisodeReport
	for _, id := range uuids {
		every := firstPoll
		for {
			// A server from before the counted field sends none: its
			// reports are taken as counted, as they were before.
			rep := wire.Report{Counted: true}
			if err := ri.r.do(ctx, "GET", groupPath(group, "/episodes/"+url.PathEscape(id)+"/status"), nil, &rep); err != nil {
				return out, err
			}
			if rep.Status != string(core.EpisodePending) {
				out = append(out, reportOf(rep))
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

// reportOf reads back an episode report the server showed.
func reportOf(r wire.Report) engine.EpisodeReport {
	return engine.EpisodeReport{
		UUID: r.UUID, GroupID: r.GroupID, Status: core.EpisodeStatus(r.Status), Error: r.Error, Attempts: r.Attempts,
		Entities: r.Entities, NewEntities: r.NewEntities, Facts: r.Facts, NewFacts: r.NewFacts, Duplicates: r.Duplicates,
		Invalidated: r.Invalidated, Warnings: r.Warnings, Duration: time.Duration(r.DurationMS) * time.Millisecond, Counted: r.Counted,
		Usage: core.Usage{Calls: r.Usage.Calls, PromptTokens: r.Usage.PromptTokens, CompletionTokens: r.Usage.CompletionTokens},
	}
}

// openOrServer is the one place a command picks where it runs: the server
// --server (or MNEMO_URL) names; else the database, opened in mode; else,
// when the database is held by a mnemo serve that advertises its URL (the
// lock file names it), that server, saying so on stderr. Exactly one of
// the host and the client is returned; the caller closes the host.
func (g *globals) openOrServer(ctx context.Context, server *serverFlags, mode openMode) (*host.Host, *remote, error) {
	rc, err := server.client()
	if err != nil || rc != nil {
		return nil, rc, err
	}
	h, err := g.open(ctx, mode, false)
	if err == nil {
		return h, nil, nil
	}
	if !errors.Is(err, core.ErrLocked) {
		return nil, nil, err
	}
	cfg, lerr := g.load()
	if lerr != nil || host.ServedURL(cfg) == "" {
		return nil, nil, err
	}
	url := strings.TrimRight(host.ServedURL(cfg), "/")
	fmt.Fprintf(g.stderr, "mnemo: the database is open in the mnemo serving %s: sending the command to it\n", url)
	server.url = url
	rc, err = server.client()
	return nil, rc, err
}

// hostOrServer runs local on the database, or remote on a mnemo serve
// (openOrServer).
func (g *globals) hostOrServer(ctx context.Context, server *serverFlags, local func(*host.Host) error, remote func(*remote) error) error {
	h, rc, err := g.openOrServer(ctx, server, readOnly)
	if err != nil {
		return err
	}
	if rc != nil {
		return remote(rc)
	}
	defer g.closeHost(h)
	return local(h)
}
