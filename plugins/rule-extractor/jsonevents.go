package main

import (
	"strings"
	"time"
)

// Records of an event between two people: a court's divorce order, a
// marriage certificate. {"applicant": "Mireille Fontaine", "respondent":
// "Lorenzo Abate", "order_type": "final divorce order", "order_date":
// "2026-05-08"}: the event a value names ("divorce") starts or ends the
// relation its verb states between the record's two parties, at the
// record's date, as "they divorced on 8 May" would say. A date of the
// relation's start ("date_of_marriage") starts it.

// partyKeys name the two sides of a record of an event between people.
var partyKeys = words("applicant respondent petitioner co_respondent party_1 party_2 party_a party_b spouse_1 spouse_2 partner_1 partner_2 husband wife bride groom")

// eventDateKeys name the date a record's event took effect, in order of
// preference.
var eventDateKeys = []string{"order_date", "decree_date", "effective_date", "event_date", "date"}

// partiesEvent reads such a record at the top of a JSON episode.
func (w *jsonWalker) partiesEvent(obj *jsonObject) {
	var parties []string
	for i, k := range obj.keys {
		if s, ok := obj.vals[i].(string); ok && partyKeys.has(strings.ToLower(k)) && personLike(strings.TrimSpace(s)) {
			parties = append(parties, strings.TrimSpace(s))
		}
	}
	if len(parties) != 2 || parties[0] == parties[1] {
		return
	}
	verb := ""
	for i, k := range obj.keys {
		s, ok := obj.vals[i].(string)
		if !ok || isJSONDate(s) || strings.HasSuffix(strings.ToLower(k), "date") {
			continue
		}
		for _, word := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '_' || r == '-' }) {
			if v := eventVerb(word); v != "" {
				verb = v
				break
			}
		}
		if verb != "" {
			break
		}
	}
	rc, ok := reciprocal[verb]
	if !ok {
		return
	}
	at := time.Time{}
	for _, k := range eventDateKeys {
		if s := stringField(obj, k); s != "" {
			if t, ok := parseJSONDate(s, time.UTC); ok {
				at = t
				break
			}
		}
	}
	a, b := w.entity(parties[0], kindPerson, "party"), w.entity(parties[1], kindPerson, "party")
	if a == nil || b == nil {
		return
	}
	a.kind, b.kind = kindPerson, kindPerson
	noun := strings.ToLower(verb)
	subs := map[string]string{"{s}": a.name, "{o}": b.name}
	// The relation's own start, where the record gives it.
	for i, k := range obj.keys {
		lk := strings.ToLower(k)
		s, isStr := obj.vals[i].(string)
		if !isStr || !strings.Contains(lk, "date") {
			continue
		}
		for _, word := range strings.FieldsFunc(lk, func(r rune) bool { return r == '_' || r == '-' || r == ' ' }) {
			if v := eventVerb(word); v != "" && reciprocal[v].class == rc.class && reciprocal[v].role == tStart {
				if t, ok := parseJSONDate(s, time.UTC); ok {
					w.x.facts = append(w.x.facts, fact{src: a.name, dst: b.name, rel: rc.class, tmpl: "{s} and {o} married", subs: subs, valid: t})
				}
			}
		}
	}
	switch rc.role {
	case tEnd:
		if at.IsZero() {
			at = w.x.ref
		}
		w.x.facts = append(w.x.facts, fact{src: a.name, dst: b.name, rel: rc.class, tmpl: "the " + noun + " of {s} and {o}", subs: subs, invalid: at})
	case tStart:
		if at.IsZero() {
			at = w.x.ref
		}
		w.x.facts = append(w.x.facts, fact{src: a.name, dst: b.name, rel: rc.class, tmpl: "the " + noun + " of {s} and {o}", subs: subs, valid: at})
	}
}

// leavingWords are the values of a record's event that end a job.
var leavingWords = words("resignation resigned termination terminated dismissal dismissed leaver leaving exit departure retirement retired redundancy offboarding")

// leavingEventKeys name the field of a record that says what happened.
var leavingEventKeys = []string{"event", "event_type", "type", "action", "status", "change"}

// leavingDateKeys name the last day of a job, in order of preference.
var leavingDateKeys = []string{"last_working_day", "last_day", "leaving_date", "end_date", "termination_date", "exit_date", "separation_date", "effective_date"}

// leavingRecord reports whether an HR record tells that its employee
// leaves ({"event": "resignation"}), and the last day it gives, if any.
func leavingRecord(obj *jsonObject) (time.Time, bool) {
	leaves := false
	for _, k := range leavingEventKeys {
		for _, w := range strings.FieldsFunc(strings.ToLower(stringField(obj, k)), func(r rune) bool { return r == ' ' || r == '_' || r == '-' }) {
			leaves = leaves || leavingWords.has(w)
		}
	}
	if !leaves {
		return time.Time{}, false
	}
	for _, k := range leavingDateKeys {
		if t, ok := parseJSONDate(stringField(obj, k), time.UTC); ok {
			return t, true
		}
	}
	return time.Time{}, true
}

// dischargeWords are the statuses of a patient or a guest who has left.
var dischargeWords = words("discharged deceased died departed left checked-out")

// dischargeRecord reports whether a record tells that its patient has
// left ({"status": "discharged"}).
func dischargeRecord(obj *jsonObject) bool {
	for _, k := range []string{"status", "event", "outcome"} {
		if dischargeWords.has(strings.ToLower(stringField(obj, k))) {
			return true
		}
	}
	return false
}
