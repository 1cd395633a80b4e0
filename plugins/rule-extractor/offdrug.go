package main

// sinceEnds returns the clause's context with a date after "since" read
// as the day an end happened: "has been off warfarin since March" ended
// in March, where "since" before a state dates its start; "off the
// citalopram for a month" ended a month ago.
func sinceEnds(cc *clauseCtx) *clauseCtx {
	if cc.date == nil || cc.date.role != dateSince && cc.date.role != dateFor {
		return cc
	}
	at := *cc.date
	at.role = dateAt
	out := *cc
	out.date = &at
	out.te = tensePast
	return &out
}
