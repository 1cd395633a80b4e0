package main

// openFacts calls each with the source, target and relation of every
// fact not ended that this episode has told so far, then of every one
// the previous episodes told (each extracted alone), until each returns
// false. The readings that end a tie told before ("Vesna moved out",
// "I graduated", "Juniper died") find it here.
func (x *extraction) openFacts(each func(src, dst, rel string) bool) {
	for _, f := range x.facts {
		if f.invalid.IsZero() && !each(f.src, f.dst, f.rel) {
			return
		}
	}
	for _, f := range x.previousFacts() {
		if f.InvalidAt == "" && !each(f.Source, f.Target, f.Relation) {
			return
		}
	}
}
