package httpload

import (
	"context"
	"net/http"
	"time"
)

// Client sends the load test's requests, one at a time per call, to one
// server: for harnesses that drive their own schedule (the soak
// benchmark). It is safe for concurrent use.
type Client struct {
	c *client
	// Limit is the number of results a search asks per scope. Default: 10.
	Limit int
}

// NewClient returns a client of the server at baseURL (e.g.
// "http://127.0.0.1:8080") with API key key (empty if the server needs
// none), keeping up to conns idle connections.
func NewClient(baseURL, key string, conns int) *Client {
	return &Client{c: &client{o: Options{BaseURL: baseURL, Key: key}, http: &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: time.Minute},
	}}}
}

// Search asks the group the question, by the route Run measures. A
// transport error or a status other than 2xx is an error.
func (c *Client) Search(ctx context.Context, group, query string) error {
	limit := c.Limit
	if limit == 0 {
		limit = 10
	}
	_, err := c.c.do(ctx, "POST", "/v1/groups/"+group+"/search", map[string]any{"query": query, "limit": limit}, nil)
	return err
}

// AddEpisodes posts the episodes to the group; the server queues them
// (202). A transport error or a status other than 2xx is an error.
func (c *Client) AddEpisodes(ctx context.Context, group string, eps []Episode) error {
	_, err := c.c.do(ctx, "POST", "/v1/groups/"+group+"/episodes", map[string]any{"episodes": eps}, nil)
	return err
}

// Percentile returns the p-th percentile (0 < p ≤ 100) of ds by nearest
// rank, 0 for none. It sorts ds in place.
func Percentile(ds []time.Duration, p float64) time.Duration { return percentile(ds, p) }
