package main

// A new holder of a tie one has with one person at a time ends the old
// one's: "Vesna's new coach is Brannoc Hale" after "Vesna is coached by
// Thorfinn Aas", "my new landlord is …". The former holders are the ones
// this episode or the ones before it told, whose tie is not ended.

// oneHolderTies are the ties a person has with one holder at a time.
var oneHolderTies = words("COACHES LANDLORD_OF THERAPIST_OF DENTIST_OF")

// endFormerHolders ends the open ties rel of owner with anyone but subj.
func (sc *sentCtx) endFormerHolders(cc *clauseCtx, subj, owner ref, rel, head string) {
	if !oneHolderTies.has(rel) || !sc.saysNew([]string{head}) {
		return
	}
	x := sc.u.x
	var former []string
	x.openFacts(func(src, dst, r string) bool {
		if r != rel || !x.sameName(dst, owner.name) || x.sameName(src, subj.name) {
			return true
		}
		for _, f := range former {
			if x.sameName(f, src) {
				return true
			}
		}
		former = append(former, src)
		return true
	})
	for _, f := range former {
		sc.fact(cc, ref{name: f, kind: kindPerson, str: strPattern}, owner, rel, tEnd, "{s} is no longer {o}'s "+head, kindPerson, kindPerson)
	}
}
