package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host"
)

// ingest runs a host on the backend, as `mnemo serve` would with the
// default offline settings, and returns how long it took to extract n
// episodes, from the first stored to the last done.
func ingest(ctx context.Context, backend, dir, weaviateURL string, n int) (time.Duration, error) {
	env := map[string]string{"MNEMO_DB": dir, "MNEMO_STORE_BACKEND": backend, "MNEMO_PLUGINS_DIR": dir + "/plugins"}
	if backend == "weaviate" {
		env["MNEMO_STORE_WEAVIATE_URL"] = weaviateURL
	}
	cfg, err := host.Load("", func(k string) string { return env[k] })
	if err != nil {
		return 0, err
	}
	h, err := host.Open(ctx, cfg, host.OpenOptions{Logger: slog.New(slog.DiscardHandler), Getenv: func(string) string { return "" }})
	if err != nil {
		return 0, err
	}
	defer h.Close(context.Background())
	people := []string{"Ada Berg", "Bruno Costa", "Chiara Dahl", "Dmitri Ekberg", "Elena Fontaine", "Farid Gallo", "Greta Hahn", "Hugo Ivarsson"}
	orgs := []string{"Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay"}
	cities := []string{"Lyon", "Grenoble", "Nantes", "Lille", "Rennes", "Dijon", "Rouen", "Brest"}
	eps := make([]core.Episode, n)
	day := time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)
	for i := range eps {
		p := people[i%len(people)]
		var text string
		switch i % 3 {
		case 0:
			text = fmt.Sprintf("%s: I started a new job at %s this week.", p, orgs[(i/3)%len(orgs)])
		case 1:
			text = fmt.Sprintf("%s: We moved to %s last month.", p, cities[(i/3)%len(cities)])
		default:
			text = fmt.Sprintf("%s: I had lunch with %s at %s.", p, people[(i+3)%len(people)], orgs[i%len(orgs)])
		}
		eps[i] = core.Episode{GroupID: "ingest", Name: fmt.Sprintf("chat %d", i), Content: text, Source: core.SourceMessage,
			ValidAt: day.Add(time.Duration(i) * time.Hour)}
	}
	start := time.Now()
	res, err := h.Engine.Ingest(ctx, eps)
	if err != nil {
		return 0, err
	}
	ids := make([]string, len(res))
	for i, r := range res {
		ids[i] = r.UUID
	}
	reports, err := h.Engine.Wait(ctx, "ingest", ids...)
	if err != nil {
		return 0, err
	}
	took := time.Since(start)
	for _, r := range reports {
		if r.Status != core.EpisodeDone {
			return 0, fmt.Errorf("episode %s: %s %s", r.UUID, r.Status, r.Error)
		}
	}
	return took, nil
}
