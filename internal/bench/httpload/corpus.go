package httpload

import (
	"fmt"
	"math/rand/v2"
	"time"
)

var (
	people    = []string{"Alice", "Bruno", "Chen", "Dara", "Emeka", "Farah", "Gus", "Hana", "Ivan", "Jade", "Kofi", "Lena", "Mateo", "Nia", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tara"}
	cities    = []string{"Paris", "Berlin", "Lisbon", "Oslo", "Denver", "Austin", "Toronto", "Seattle", "Madrid", "Dublin", "Nairobi", "Osaka"}
	companies = []string{"Acme Corp", "Initech", "Globex", "Umbrella", "Hooli", "Stark Industries", "Wayne Enterprises", "Soylent", "Cyberdyne", "Vandelay Industries"}
	pets      = []string{"Biscuit", "Pepper", "Milo", "Luna", "Rex", "Nori"}
	templates = []func(r *rand.Rand, who string) string{
		func(r *rand.Rand, who string) string {
			return fmt.Sprintf("%s: I moved to %s last month.", who, pick(r, cities))
		},
		func(r *rand.Rand, who string) string {
			return fmt.Sprintf("%s: I started working at %s two weeks ago.", who, pick(r, companies))
		},
		func(r *rand.Rand, who string) string {
			return fmt.Sprintf("%s: I live in %s and I work at %s.", who, pick(r, cities), pick(r, companies))
		},
		func(r *rand.Rand, who string) string {
			return fmt.Sprintf("%s: I quit %s last week.", who, pick(r, companies))
		},
		func(r *rand.Rand, who string) string {
			return fmt.Sprintf("%s: I adopted a dog named %s.", who, pick(r, pets))
		},
		func(r *rand.Rand, who string) string {
			return fmt.Sprintf("%s: My friend %s visited %s yesterday.", who, pick(r, people), pick(r, cities))
		},
	}
	questions = []func(r *rand.Rand) string{
		func(r *rand.Rand) string { return fmt.Sprintf("Where does %s live?", pick(r, people)) },
		func(r *rand.Rand) string { return fmt.Sprintf("Where does %s work?", pick(r, people)) },
		func(r *rand.Rand) string { return fmt.Sprintf("Who works at %s?", pick(r, companies)) },
		func(r *rand.Rand) string { return fmt.Sprintf("Who moved to %s?", pick(r, cities)) },
		func(r *rand.Rand) string { return fmt.Sprintf("Does %s have a dog?", pick(r, people)) },
	}
)

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// Episode is one generated episode, in the JSON of POST episodes.
type Episode struct {
	UUID          string `json:"uuid"`
	Source        string `json:"source"`
	Content       string `json:"content"`
	ReferenceTime string `json:"reference_time"`
}

// Corpus generates episodes and questions deterministically from a seed.
// It is not safe for concurrent use.
type Corpus struct {
	r    *rand.Rand
	n    int
	t    time.Time
	seed uint64
}

// NewCorpus returns a corpus for seed.
func NewCorpus(seed uint64) *Corpus {
	return &Corpus{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), t: time.Date(2023, 1, 1, 9, 0, 0, 0, time.UTC), seed: seed}
}

// Episodes returns the next n episodes, each an hour after the previous.
func (c *Corpus) Episodes(n int) []Episode {
	out := make([]Episode, n)
	for i := range out {
		c.n++
		c.t = c.t.Add(time.Hour)
		who := pick(c.r, people)
		out[i] = Episode{
			UUID:          fmt.Sprintf("load-%d-%d", c.seed, c.n),
			Source:        "message",
			Content:       pick(c.r, templates)(c.r, who),
			ReferenceTime: c.t.Format(time.RFC3339),
		}
	}
	return out
}

// Questions returns n questions.
func (c *Corpus) Questions(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = pick(c.r, questions)(c.r)
	}
	return out
}
