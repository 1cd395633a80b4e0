package main

// relativeWords open a relative clause set off by commas.
var relativeWords = words("who whom which whose where")

// dateAfterRelative returns the date right after a relative clause set
// off by commas that opens at the comma toks[k], the clause's own before
// it ("married Thorfinn, whom she met at Fenlow University, in 2018"),
// or nil. A date inside the relative clause is its own.
func (sc *sentCtx) dateAfterRelative(k int) *dateExpr {
	toks := sc.toks
	if k+1 >= len(toks) || toks[k].text != "," || !relativeWords.has(toks[k+1].lower) {
		return nil
	}
	for j := k + 2; j < len(toks) && j <= k+16; j++ {
		if toks[j].text != "," {
			continue
		}
		for i := range sc.dates {
			if d := &sc.dates[i]; d.start == j+1 || d.start == j+2 {
				return d
			}
		}
		return nil
	}
	return nil
}
