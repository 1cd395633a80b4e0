package main

// succeedInEpisode ends a state of a relation that holds one target at a
// time when the same episode dates a later state of it: "Halden Freight,
// the Tromsø-based haulier, will move its head office to Bodø in
// August" is based in Tromsø until August. Between episodes the fact
// resolver does this (resolve_facts.go, functional); the facts of one
// episode never meet there. A later state that has its own end ("spent
// 2015 in Paris") ends nothing: the earlier one may have gone on around
// it. Only a state the episode dates ends another, on a later day: one
// dated only by being told ("I'm on the Basic plan") is no later state
// than one dated "from today".
func (x *extraction) succeedInEpisode(final func(string) string, owners []string, byOwner map[string][]int, drop []bool) {
	for i := range x.facts {
		n := &x.facts[i]
		if drop[i] || n.valid.IsZero() || n.valid.Equal(x.ref) || !n.invalid.IsZero() {
			continue
		}
		if p := relTable[canonRel(n.rel)]; !p.functional || p.event || p.symmetric {
			continue
		}
		dst := x.reg.key(final(n.dst))
		for _, j := range byOwner[owners[i]] {
			o := &x.facts[j]
			if j == i || drop[j] || !o.invalid.IsZero() || o.valid.IsZero() || !o.valid.Before(n.valid) || sameDay(o.valid, n.valid) ||
				x.reg.key(final(o.dst)) == dst {
				continue
			}
			o.invalid = n.valid
		}
	}
}

// leaveEndsTies ends, within one episode, the open ties of work between
// two that an end of another of them says is over: "Present: M. Lunde
// (head coach) … Lunde will leave the club at the end of March" ends the
// coaching with the job. Between episodes the fact resolver does this
// (leaveable).
func (x *extraction) leaveEndsTies(final func(string) string, drop []bool) {
	for i := range x.facts {
		e := &x.facts[i]
		if drop[i] || !e.valid.IsZero() || e.invalid.IsZero() || !endsWithWork(e.rel) {
			continue
		}
		src, dst := x.reg.key(final(e.src)), x.reg.key(final(e.dst))
		for j := range x.facts {
			o := &x.facts[j]
			if j == i || drop[j] || !o.invalid.IsZero() || o.rel == e.rel || !endsWithWork(o.rel) ||
				x.reg.key(final(o.src)) != src || x.reg.key(final(o.dst)) != dst || !o.valid.Before(e.invalid) {
				continue
			}
			o.invalid = e.invalid
		}
	}
}
