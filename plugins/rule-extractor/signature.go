package main

import (
	"strings"
)

// Letters and emails close with who wrote them: a name on a line of its
// own, then the sender's post and organisation ("Priya Raghunathan" /
// "Head Baker, Fernhollow Bakery"), and open with a "From:" header. The
// signature states a job as plainly as a sentence would.

// signature returns the name, post and organisation of the block that
// closes a text, or "" for each it does not give: the last line is
// "Post, Organisation" or "Organisation", the line before it a person's
// full name.
func signature(content string) (name, post, org string) {
	var lines []string
	for l := range strings.SplitSeq(content, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) < 3 {
		return "", "", ""
	}
	who, last := lines[len(lines)-2], lines[len(lines)-1]
	if !personLike(who) || strings.ContainsAny(who, ",.:;!?") || len(last) > 80 || strings.ContainsAny(last, ".:;!?") && !strings.HasSuffix(last, ".") {
		return "", "", ""
	}
	post, org, ok := strings.Cut(last, ",")
	if !ok {
		post, org = "", last
	}
	post, org = strings.TrimSpace(post), strings.TrimSuffix(strings.TrimSpace(org), ".")
	if !capitalized(org) || strings.Contains(org, ",") || places.has(strings.ToLower(org)) || places.has(strings.ToLower(post)) {
		// "Oslo, Norway" under a name is where, not whom, one works for.
		return "", "", ""
	}
	if f := strings.Fields(strings.ToLower(org)); firstNames.has(f[0]) || !ok && personLike(org) && !orgLike(org) {
		// "Tomas Lind" under "Anna Berg": two people sign; after a post
		// and its comma the name is the organisation's.
		return "", "", ""
	}
	if post != "" && !jobPhrase(post) {
		// "Customer Service, Kestrel Mutual": a department, no post;
		// "Leeds, Yorkshire": neither.
		f := strings.Fields(strings.ToLower(post))
		if !departments.has(f[len(f)-1]) && !orgLike(org) {
			return "", "", ""
		}
		post = ""
	}
	return who, post, org
}

// orgLike reports whether a name reads as an organisation's: it ends
// with a corporate suffix or the noun of a kind of business.
func orgLike(name string) bool {
	f := strings.Fields(strings.ToLower(name))
	if len(f) == 0 {
		return false
	}
	last := strings.Trim(f[len(f)-1], ".")
	return corpSuffixes.has(last) || corpSuffixes.has(last+".") || industryHeads.has(last) || businessWord(last)
}

// jobPhrase reports whether words name a post: their last word is a job
// or a role ("Head Baker", "Practice Manager", "Customer Service" is no
// post).
func jobPhrase(s string) bool {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 || len(f) > 4 {
		return false
	}
	head := f[len(f)-1]
	_, role := roleNouns[head]
	_, title := titles[strings.ToLower(s)]
	return role || title || isJobHead(head) || postWord(head)
}

// departments end the name of a part of an organisation one signs for.
var departments = words("service services support team department desk office operations accounts sales marketing finance resources relations care admissions reception")

// fromHeader returns the person an email's "From:" line names, or "".
func fromHeader(content string) string {
	for l := range strings.SplitSeq(content, "\n") {
		l = strings.TrimSpace(l)
		rest, ok := strings.CutPrefix(l, "From:")
		if !ok {
			continue
		}
		if i := strings.IndexAny(rest, "<("); i >= 0 {
			rest = rest[:i]
		}
		if name := strings.TrimSpace(rest); personLike(name) {
			return name
		}
		return ""
	}
	return ""
}

// signed records the job a signature states: the signer works at the
// organisation, in the post.
func (x *extraction) signed(name, post, org string) {
	x.reg.add(name, kindPerson, strSure, true)
	if org != "" {
		x.reg.add(org, kindOrg, strCue, true)
		x.facts = append(x.facts, fact{src: name, dst: org, rel: "WORKS_AT", tmpl: "{s} works at {o}",
			subs: map[string]string{"{s}": name, "{o}": org}, valid: x.ref})
	}
	if post != "" {
		p := strings.ToLower(post)
		x.reg.add(p, kindOccupation, strPattern, true)
		x.facts = append(x.facts, fact{src: name, dst: p, rel: "HAS_JOB_TITLE", tmpl: "{s} is " + withArticle(p),
			subs: map[string]string{"{s}": name, "{o}": p}, valid: x.ref})
	}
}
