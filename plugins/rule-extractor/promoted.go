package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// The place of a new title. An episode that says a person took a title
// ("I was promoted to analytics lead on Monday") often names no employer:
// the one it means is the one an earlier episode told ("I'm a senior
// analyst at Ferrovia Logistics"). The work there is then held as the new
// title from the day it was taken, and the resolver ends the work held as
// the old one (resolve_facts.go, otherRole).

// promotedAt adds, for each title the episode says a person took while
// it names no place of work for them, the work at the employer the
// previous episodes left open, held as the new title from its start.
// The previous episodes are read only when such a title is there.
func (x *extraction) promotedAt(final func(string) string) {
	n := len(x.facts)
	for i := 0; i < n; i++ {
		f := x.facts[i]
		if f.rel != "HAS_JOB_TITLE" || f.valid.IsZero() || !f.invalid.IsZero() || !tookTitle(f.tmpl) {
			continue
		}
		k := x.reg.key(final(f.src))
		if x.worksInEpisode(k, final) {
			continue
		}
		org := x.previousEmployer(k)
		if org == "" || x.addRef(ref{name: org, kind: kindOrg, str: strPattern}, kindOrg) == nil {
			continue
		}
		job := final(f.dst)
		x.facts = append(x.facts, fact{
			src: f.src, dst: org, rel: "WORKS_AT", tmpl: "{s} works at {o} as " + withArticle(job),
			subs: map[string]string{"{s}": f.src, "{o}": org}, valid: f.valid,
		})
	}
}

// tookTitle reports whether a title fact's text says the title was
// taken: "{s} became a …", "{s} becomes a …".
func tookTitle(tmpl string) bool {
	return strings.HasPrefix(tmpl, "{s} became ") || strings.HasPrefix(tmpl, "{s} becomes ")
}

// worksInEpisode reports whether the episode's facts give the person
// keyed k a place of work, or end one.
func (x *extraction) worksInEpisode(k string, final func(string) string) bool {
	for _, f := range x.facts {
		if f.rel == "WORKS_AT" && x.reg.key(final(f.src)) == k {
			return true
		}
	}
	return false
}

// noTitle reports whether a noun of a person is no job title however it
// is said: a word of address or endearment ("a sweetie", "a buddy"),
// praise ("a genius"), or a noun WordNet files under relatives ("a baby",
// "a daddy"): "Rachel was a baby then" tells no job.
func noTitle(head string) bool {
	if addressWords.has(head) || endearments.has(head) || compliments.has(head) {
		return true
	}
	_, class, ok := nlp.Noun(head)
	return ok && class&nlp.ClassRelative != 0
}

// previousEmployer returns the organisation of the last job the previous
// episodes told of the person keyed k and did not end, or "".
func (x *extraction) previousEmployer(k string) string {
	prev := x.previousFacts()
	for i := len(prev) - 1; i >= 0; i-- {
		if f := prev[i]; f.Relation == "WORKS_AT" && f.InvalidAt == "" && x.reg.key(f.Source) == k {
			return f.Target
		}
	}
	return ""
}
