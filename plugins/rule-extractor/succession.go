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
	// The ties of work grouped by their two ends once, so that a long
	// episode costs a pass, as consolidate's other passes do.
	byEnds := map[string][]int{}
	keyOf := func(f *fact) string { return x.reg.key(final(f.src)) + "\x00" + x.reg.key(final(f.dst)) }
	for i := range x.facts {
		if !drop[i] && endsWithWork(x.facts[i].rel) {
			k := keyOf(&x.facts[i])
			byEnds[k] = append(byEnds[k], i)
		}
	}
	for k, idx := range byEnds {
		if len(idx) < 2 {
			delete(byEnds, k)
		}
	}
	if len(byEnds) == 0 {
		return
	}
	for i := range x.facts {
		e := &x.facts[i]
		if drop[i] || !e.valid.IsZero() || e.invalid.IsZero() || !endsWithWork(e.rel) {
			continue
		}
		for _, j := range byEnds[keyOf(e)] {
			o := &x.facts[j]
			if j == i || !o.invalid.IsZero() || o.rel == e.rel || !o.valid.Before(e.invalid) {
				continue
			}
			o.invalid = e.invalid
		}
	}
}
