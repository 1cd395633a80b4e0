package main

import "strings"

// titledAliases makes a full name and the same name after an honorific
// one person: "Ms Gisela Marchetti, 47, registered patient" in a record
// whose subject is Gisela Marchetti. The name with the honorific is kept,
// as the resolver keeps the more complete name; a speaker keeps the name
// it speaks under. words holds the words of each entity's name without
// honorifics (personWords), as r.list orders them.
func (r *registry) titledAliases(out map[string]string, words [][]string) {
	for ti, titled := range r.list {
		if len(words[ti]) < 2 || len(words[ti]) == len(strings.Fields(titled.name)) || titled.kind != kindPerson && titled.kind != kindNone {
			continue
		}
		bare := r.get(strings.Join(words[ti], " "))
		if bare == nil || bare == titled || bare.kind != kindPerson && bare.kind != kindNone {
			continue
		}
		if _, done := out[r.key(bare.name)]; done {
			continue
		}
		if bare.speaker {
			out[r.key(titled.name)] = bare.name
			bare.confirmed = bare.confirmed || titled.confirmed
			continue
		}
		out[r.key(bare.name)] = titled.name
		titled.confirmed = titled.confirmed || bare.confirmed
	}
}
