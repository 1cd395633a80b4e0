package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// Clubs named for their town: "Fenlow Town", "Garrick City", "Tarnwell
// County". Such a name is a place's as often, and is a team's only in
// a sentence about sport: "Goalkeeper Oddny Berg has joined Fenlow Town
// on a three-year contract".

// townClubWords close the name of a club named for its town.
var townClubWords = words("town city county borough villa")

// sportsCues are the words of a sentence about a player or a club.
var sportsCues = words("goalkeeper keeper striker defender midfielder winger forward full-back fullback centre-back center-back captain transfer loan fee season squad signed signing league cup fixture goals")

// sportsTeamName reports whether name is a club named for its town in a
// sentence about sport.
func (sc *sentCtx) sportsTeamName(name string) bool {
	f := strings.Fields(name)
	if len(f) < 2 || !townClubWords.has(strings.ToLower(f[len(f)-1])) {
		return false
	}
	for _, t := range sc.toks {
		if sportsCues.has(t.lower) {
			return true
		}
	}
	return false
}

// sportingClub reports whether a club's phrase names a sport or a game
// before its noun ("a football club", "the chess club"), or none at all:
// a club named for anything else ("a book club") is no team one plays
// for.
func (sc *sentCtx) sportingClub(p *nlp.Phrase) bool {
	if p.Head == p.Start+sc.detLen(p) || p.PossEnd > p.PossStart && p.Head == p.PossEnd {
		return true
	}
	lex, _, ok := nlp.Noun(sc.p.Lemmas[p.Head-1])
	return ok && lex == nlp.NounAct
}
