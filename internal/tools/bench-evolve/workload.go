package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"
)

// The year workload: one user, Sam, talks to an assistant every day. A
// small cast recurs (friends and colleagues, cities, employers, tastes)
// while most of what is said is transient chatter that names something
// new (a café, a shop, an order number). Through the year Sam and friends
// move and change jobs, and an address-book sync through the entity API
// plants contacts under variant names (Dr. Anna Weber beside Anna Weber,
// Globex Corporation beside Globex), which later messages then use: the
// duplicates that resolution cannot see, since the entity API takes a
// name as given. Look-alikes that must stay apart recur too: Jon Berg and
// Jon Borg, and order numbers one digit apart.

// day is what happens on one simulated day.
type day struct {
	n        int // 1-based
	at       time.Time
	messages []string
	// contacts are names the address-book sync saves that day.
	contacts []string
}

// question is one question of the fixed set, with the fact that answers
// it on a given day: the relation and the names its endpoints may have.
type question struct {
	text     string
	relation string
	source   []string
	target   func(d int) []string
}

// person is one recurring person.
type person struct {
	name    string
	variant string // the name the address book has, "" for none
	city    string
	work    string
}

var (
	cities   = []string{"Berlin", "Hamburg", "Munich", "Lisbon", "Vienna", "Zurich", "Prague"}
	orgs     = []string{"Globex", "Initech", "Hooli", "Umbrella", "Vandelay Industries", "Stark Industries"}
	tastes   = []string{"sushi", "jazz", "climbing", "chess", "espresso", "hiking"}
	venues   = []string{"Cafe", "Bistro", "Bakery", "Bookshop", "Gallery", "Diner", "Deli", "Studio", "Market", "Cinema"}
	adjs     = []string{"Blue", "Golden", "Little", "Corner", "Harbour", "Maple", "North", "Silver", "Olive", "Red", "Quiet", "Sunny", "Green", "Old"}
	orgAlias = map[string]string{"Globex": "Globex Corporation", "Initech": "Initech Inc"}
)

// workload is the generated year.
type workload struct {
	start     time.Time
	days      []day
	questions []question
}

// startDate is day 1.
var startDate = time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)

// generate builds a workload of n days, perDay chatter messages a day, from
// seed. The same seed gives the same workload.
func generate(n, perDay int, seed uint64) *workload {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	people := []*person{
		{name: "Anna Weber", variant: "Dr. Anna Weber"},
		{name: "Jon Berg"},
		{name: "Jon Borg"},
		{name: "Lena Fischer", variant: "Lena Fischer-Wolf"},
		{name: "Omar Haddad"},
		{name: "Priya Nair", variant: "Dr. Priya Nair"},
		{name: "Tom Becker"},
		{name: "Mia Keller"},
	}
	for i, p := range people {
		p.city, p.work = cities[(i+1)%len(cities)], orgs[(i+2)%len(orgs)]
	}
	sam := &person{name: "Sam", city: "Berlin", work: "Globex"}
	likes := []string{tastes[0], tastes[1]}

	// History of the answers, to ask about any day.
	samCity, samWork := map[int]string{}, map[int]string{}
	cityOf, workOf := map[string]map[int]string{}, map[string]map[int]string{}
	for _, p := range people {
		cityOf[p.name], workOf[p.name] = map[int]string{}, map[int]string{}
	}
	w := &workload{start: startDate}
	order := 1000
	for d := 1; d <= n; d++ {
		dy := day{n: d, at: startDate.AddDate(0, 0, d-1)}
		say := func(format string, args ...any) {
			dy.messages = append(dy.messages, "Sam: "+fmt.Sprintf(format, args...))
		}
		if d == 1 {
			say("I live in %s and I work at %s.", sam.city, sam.work)
			say("I love %s. I also love %s.", likes[0], likes[1])
			for _, p := range people {
				say("My friend %s works at %s. %s lives in %s.", p.name, p.work, p.name, p.city)
			}
		}
		// The address book sync, three times a year: the variants.
		if d%120 == 30 {
			for _, p := range people {
				if p.variant != "" {
					dy.contacts = append(dy.contacts, p.variant)
				}
			}
			for _, o := range orgs {
				if v, ok := orgAlias[o]; ok {
					dy.contacts = append(dy.contacts, v)
				}
			}
		}
		// Life changes: Sam moves every 100 days and changes jobs every
		// 150; a friend moves or changes jobs every 20.
		if d%100 == 0 {
			sam.city = other(rng, cities, sam.city)
			say("I moved to %s last week.", sam.city)
		}
		if d%150 == 0 {
			sam.work = other(rng, orgs, sam.work)
			say("I just started at %s.", sam.work)
		}
		if d%20 == 10 {
			p := people[rng.IntN(len(people))]
			if rng.IntN(2) == 0 {
				p.city = other(rng, cities, p.city)
				say("%s moved to %s.", nameOf(rng, p, d), p.city)
			} else {
				p.work = other(rng, orgs, p.work)
				say("%s joined %s.", nameOf(rng, p, d), p.work)
			}
		}
		if d%30 == 15 {
			say("I really love %s.", likes[rng.IntN(len(likes))])
		}
		for range perDay {
			switch k := rng.IntN(10); {
			case k < 4:
				say("I visited %s %s %d today.", adjs[rng.IntN(len(adjs))], venues[rng.IntN(len(venues))], rng.IntN(500))
			case k < 6:
				order++
				say("My order ORD-%d arrived today.", order)
			case k < 8:
				p := people[rng.IntN(len(people))]
				say("I met %s at %s %s %d today.", nameOf(rng, p, d), adjs[rng.IntN(len(adjs))], venues[rng.IntN(len(venues))], rng.IntN(500))
			default:
				say("I visited %s today.", cities[rng.IntN(len(cities))])
			}
		}
		samCity[d], samWork[d] = sam.city, sam.work
		for _, p := range people {
			cityOf[p.name][d], workOf[p.name][d] = p.city, p.work
		}
		w.days = append(w.days, dy)
	}

	names := func(p *person) []string { return nonEmpty(p.name, p.variant) }
	orgNames := func(o string) []string { return nonEmpty(o, orgAlias[o]) }
	w.questions = []question{
		{"Where does Sam live?", "LIVES_IN", []string{"Sam"}, func(d int) []string { return []string{samCity[d]} }},
		{"Where does Sam work?", "WORKS_AT", []string{"Sam"}, func(d int) []string { return orgNames(samWork[d]) }},
		{"What does Sam love?", "LOVES", []string{"Sam"}, func(int) []string { return slices.Clone(likes) }},
	}
	for _, p := range people {
		w.questions = append(w.questions,
			question{"Where does " + p.name + " live?", "LIVES_IN", names(p), func(d int) []string { return []string{cityOf[p.name][d]} }},
			question{"Where does " + p.name + " work?", "WORKS_AT", names(p), func(d int) []string { return orgNames(workOf[p.name][d]) }},
		)
	}
	return w
}

// nameOf returns the name a message uses for p on day d: once the
// address book has the variant (day 30), half the time the variant.
func nameOf(rng *rand.Rand, p *person, d int) string {
	if p.variant != "" && d >= 30 && rng.IntN(2) == 0 {
		return p.variant
	}
	return p.name
}

// other picks an element of xs other than cur.
func other(rng *rand.Rand, xs []string, cur string) string {
	for {
		if x := xs[rng.IntN(len(xs))]; x != cur {
			return x
		}
	}
}

func nonEmpty(xs ...string) []string {
	return slices.DeleteFunc(xs, func(s string) bool { return s == "" })
}
