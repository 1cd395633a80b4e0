package main

// A wedding to come told in the progressive without a date ("Sigvald and
// I are getting married", "she's marrying Oddny") says that the two are
// engaged now: the marriage is a plan, the engagement a state. With a
// date the marriage itself is placed on it (clausetime.go).

// engagedByPlan returns the relation, role, tense and text a clause of
// marrying in the progressive states now: ENGAGED_TO, a state in the
// present; ok is false for any other clause.
func engagedByPlan(cc *clauseCtx, rel string, role temporal, te tense, d *dateExpr) (string, temporal, tense, string, bool) {
	if rel != "MARRIED_TO" || role != tStart || te != tenseProgressive || d != nil || cc.ended || cc.future {
		return "", 0, 0, "", false
	}
	return "ENGAGED_TO", tState, tensePresent, "{s} is engaged to {o}", true
}
