package weaviate_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mnemohq/mnemo/weaviate/weaviatetest"
)

// episodeIn is an episode as posted to a host.
type episodeIn struct {
	Source        string `json:"source"`
	Content       string `json:"content"`
	ReferenceTime string `json:"reference_time"`
}

// clusterWorkload is each group's episodes: jobs and moves whose names
// belong to that group alone (so that a fact of one group showing in
// another is seen), the moves making a chain of invalidations.
func clusterWorkload(groups []string, perGroup int) map[string][]episodeIn {
	firsts := []string{"Ada", "Bruno", "Chiara", "Dmitri", "Elena", "Farid"}
	lasts := [][]string{{"Berg", "Costa"}, {"Dahl", "Ekberg"}, {"Fontaine", "Gallo"}}
	orgs := [][]string{{"Acme", "Globex"}, {"Initech", "Umbrella"}, {"Hooli", "Vandelay"}}
	cities := [][]string{{"Lyon", "Grenoble", "Nantes"}, {"Lille", "Rennes", "Dijon"}, {"Rouen", "Brest", "Toulouse"}}
	out := map[string][]episodeIn{}
	for gi, g := range groups {
		for i := range perGroup {
			day := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format(time.RFC3339)
			content := fmt.Sprintf("%s %s works at %s.", firsts[i%len(firsts)], lasts[gi][i/len(firsts)%2], orgs[gi][i%2])
			if i%4 == 3 {
				content = fmt.Sprintf("Alice moved to %s.", cities[gi][(i/4)%3])
			}
			out[g] = append(out[g], episodeIn{"text", content, day})
		}
	}
	return out
}

// factKey is what a fact must be the same in on two stores: its text and
// its validity interval.
func factKey(f hostFact) string {
	t := func(p *time.Time) string {
		if p == nil {
			return "-"
		}
		return p.UTC().Format(time.RFC3339)
	}
	return f.Fact + " | " + t(f.ValidAt) + " → " + t(f.InvalidAt)
}

// TestClusterTwoHostsNodeDown runs two mnemo hosts on a 3-node cluster
// with replication factor 3 and etcd leases (make test-weaviate-cluster;
// MNEMO_WEAVIATE_CLUSTER=1). They ingest the same groups at once, each
// through its own Weaviate node, while a third node is killed and later
// restarted. Afterwards every episode is done, and each group's facts,
// with their validity intervals, are exactly those a single host on Kuzu
// makes of the same episodes: nothing lost, doubled, invalidated
// differently, or leaked from another group.
func TestClusterTwoHostsNodeDown(t *testing.T) {
	if os.Getenv("MNEMO_WEAVIATE_CLUSTER") != "1" {
		t.Skip("a 3-node cluster test: make test-weaviate-cluster (MNEMO_WEAVIATE_CLUSTER=1)")
	}
	bin, etcdSrv := needHosts(t)
	wbin, err := weaviatetest.Server()
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	nodes, err := weaviatetest.StartCluster(ctx, wbin, t.TempDir(), 3)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		for _, n := range nodes {
			_ = n.Stop()
		}
	}()
	rf := []string{"MNEMO_STORE_WEAVIATE_REPLICATION_FACTOR=3", "MNEMO_STORE_WEAVIATE_CONSISTENCY_LEVEL=QUORUM"}
	a := startHost(t, bin, append(sharedEnv(nodes[0].URL, etcdSrv.Endpoint, "/cluster/"), rf...))
	b := startHost(t, bin, append(sharedEnv(nodes[1].URL, etcdSrv.Endpoint, "/cluster/"), rf...))
	ref := startHost(t, bin, nil) // one host on Kuzu, the reference

	groups := []string{"cg0", "cg1", "cg2"}
	const perGroup = 36
	work := clusterWorkload(groups, perGroup)
	// Each group's episodes go to both hosts in turn, in three rounds:
	// before the node is killed, while it is down, after its restart.
	post := func(round int) {
		var wg sync.WaitGroup
		for _, g := range groups {
			eps := work[g][round*perGroup/3 : (round+1)*perGroup/3]
			var toA, toB []episodeIn
			for i, e := range eps {
				if i%2 == 0 {
					toA = append(toA, e)
				} else {
					toB = append(toB, e)
				}
			}
			for _, x := range []struct {
				h   *mnemoHost
				eps []episodeIn
			}{{a, toA}, {b, toB}, {ref, eps}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					x.h.call(t, "POST", "/v1/groups/"+g+"/episodes", map[string]any{"episodes": x.eps}, nil)
				}()
			}
		}
		wg.Wait()
	}
	deadline := time.Now().Add(5 * time.Minute)
	post(0)
	if err := nodes[2].Kill(); err != nil {
		t.Fatal(err)
	}
	post(1)
	for _, g := range groups {
		a.waitGroup(t, g, 2*perGroup/3, deadline)
	}
	start := time.Now()
	if err := nodes[2].Restart(ctx); err != nil {
		t.Fatalf("restart node 2: %v", err)
	}
	t.Logf("node 2 ready again in %s", time.Since(start).Round(100*time.Millisecond))
	post(2)
	for _, g := range groups {
		st := a.waitGroup(t, g, perGroup, deadline)
		if st.FailedEpisodes != 0 {
			t.Errorf("group %s: %d episodes failed", g, st.FailedEpisodes)
		}
		ref.waitGroup(t, g, perGroup, deadline)
	}
	for _, g := range groups {
		var want []string
		ended := 0
		for _, f := range ref.facts(t, g) {
			want = append(want, factKey(f))
			if f.InvalidAt != nil {
				ended++
			}
		}
		slices.Sort(want)
		if len(want) < perGroup/2 || ended == 0 {
			t.Fatalf("group %s: the Kuzu host made %d facts, %d of them ended: the workload should make a fact of most episodes and end some", g, len(want), ended)
		}
		for _, h := range []*mnemoHost{a, b} {
			var got []string
			for _, f := range h.facts(t, g) {
				got = append(got, factKey(f))
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("group %s through %s: facts differ from the Kuzu host's\n got: %s\nwant: %s", g, h.url,
					strings.Join(got, "\n      "), strings.Join(want, "\n      "))
			}
		}
	}
	t.Logf("%d groups × %d episodes on two hosts with a node down and back: every fact and interval as on Kuzu", len(groups), perGroup)
}
