package main

// succeedInEpisode ends a state of a relation that holds one target at a
// time when the same episode dates a later state of it: "Halden Freight,
// the Tromsø-based haulier, will move its head office to Bodø in
// August" is based in Tromsø until August. Between episodes the fact
// resolver does this (resolve_facts.go, functional); the facts of one
// episode never meet there. A later state that has its own end ("spent
// 2015 in Paris") ends nothing: the earlier one may have gone on around
// it.
func (x *extraction) succeedInEpisode(final func(string) string, owners []string, byOwner map[string][]int, drop []bool) {
	for i := range x.facts {
		n := &x.facts[i]
		if drop[i] || n.valid.IsZero() || !n.invalid.IsZero() {
			continue
		}
		if p := relTable[canonRel(n.rel)]; !p.functional || p.event || p.symmetric {
			continue
		}
		dst := x.reg.key(final(n.dst))
		for _, j := range byOwner[owners[i]] {
			o := &x.facts[j]
			if j == i || drop[j] || !o.invalid.IsZero() || o.valid.IsZero() || !o.valid.Before(n.valid) ||
				x.reg.key(final(o.dst)) == dst {
				continue
			}
			o.invalid = n.valid
		}
	}
}
