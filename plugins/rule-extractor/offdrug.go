package main

// sinceEnds returns the clause's context with a date after "since" read
// as the day an end happened: "has been off warfarin since March" ended
// in March, where "since" before a state dates its start.
func sinceEnds(cc *clauseCtx) *clauseCtx {
	if cc.date == nil || cc.date.role != dateSince {
		return cc
	}
	at := *cc.date
	at.role = dateAt
	out := *cc
	out.date = &at
	out.te = tensePast
	return &out
}
