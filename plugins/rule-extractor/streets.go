package main

import "strings"

// townAfterStreet returns the town a home is placed in when phrase pi,
// the object of a verb of moving or living (prep set), is a street's
// name or a dwelling on one, and "in" a place's name follows the street:
// "moved to Garrick Lane in Fenlow", "a flat on Garrick Lane in Fenlow".
// The town, not the street, is where one lives.
func (sc *sentCtx) townAfterStreet(pi int, prep string) (ref, bool) {
	if prep == "" {
		return ref{}, false
	}
	p := &sc.p.Phrases[pi]
	end := p.End
	switch {
	case p.Name && streetHeads.has(strings.ToLower(sc.toks[p.End-1].text)):
	case !p.Name && homeNouns.has(sc.headWord(pi)) && (lowerAt(sc.toks, end) == "on" || lowerAt(sc.toks, end) == "off"):
		// The street after the dwelling.
		e, ok := sc.nameAt[end+1]
		if !ok || !streetHeads.has(lowerAt(sc.toks, e-1)) {
			return ref{}, false
		}
		end = e
	default:
		return ref{}, false
	}
	if lowerAt(sc.toks, end) != "in" {
		return ref{}, false
	}
	e, ok := sc.nameAt[end+1]
	if !ok {
		return ref{}, false
	}
	o := sc.named(end+1, e)
	if o.kind != kindLocation && (o.kind != kindNone || personLike(o.name)) {
		return ref{}, false
	}
	return o, true
}
