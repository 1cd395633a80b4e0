package main

import "slices"

// someoneDashed reads "I've been seeing someone since February —
// Lachlan" as "I've been seeing Lachlan since February": a person brought
// in as "someone" and named at the end of the sentence, behind a dash or
// a colon, is that name where "someone" was said. A comma is no such
// mark: "I told someone, Lachlan, …" calls Lachlan.
func someoneDashed(ss []sentence) []sentence {
	for j := range ss {
		toks := ss[j].toks
		e := len(toks)
		for e > 0 && !toks[e-1].word && toks[e-1].text != "—" && toks[e-1].text != "–" && toks[e-1].text != ":" {
			e--
		}
		s := e
		for s > 0 && toks[s-1].word && toks[s-1].cap {
			s--
		}
		if s == e || s < 2 || e-s > 3 {
			continue
		}
		if d := toks[s-1].text; d != "—" && d != "–" && d != ":" {
			continue
		}
		at, n := someoneAt(toks[:s-1])
		if n != 1 {
			continue
		}
		ss[j].toks = slices.Concat(toks[:at], toks[s:e], toks[at+1:s-1], toks[e:])
	}
	return ss
}
