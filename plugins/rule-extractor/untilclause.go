package main

// untilAfterSince returns the date of an "until" clause that follows
// the clause's start date d, a date after "from" or "since": "was
// Quillary's CEO from 2010 until he retired in 2020" held until 2020.
// It returns nil when d is no such start or no such clause follows.
func (sc *sentCtx) untilAfterSince(d *dateExpr) *dateExpr {
	if d == nil || d.role != dateSince || !d.until.IsZero() {
		return nil
	}
	for i := range sc.dates {
		u := &sc.dates[i]
		if u.lead > d.start && u.start > u.lead {
			if w := lowerAt(sc.toks, u.lead); (w == "until" || w == "till") && u.t.After(d.t) {
				return u
			}
		}
	}
	return nil
}
