package main

import (
	"slices"
	"strings"
	"time"
)

// Records that change things: a field's old and new values, an item of a
// list with a status, an event about its subject. They read as the same
// facts a sentence would state ("moved from Basic to Pro on 12 September",
// "stopped taking sertraline").

// jsonLink is one value of a record tied to the record's subject.
type jsonLink struct {
	key, value string
	nested     bool
	list       bool
	// ended marks the value a change replaced ({"from": "Basic", "to":
	// "Pro"}): it held until the record's date.
	ended bool
	// valid and invalid, when set, are the nested object's own dates: an
	// officer appointed in 2021 and resigned in 2024 is one of the
	// company's officers between them.
	valid, invalid time.Time
}

// eventPrefixes name the id of a record of an event, which is about the
// subject it names rather than a thing of its own.
var eventPrefixes = words("event evt transaction txn log audit webhook notification request message change")

// changeKeys hold the fields a record changed, each as a pair of values.
var changeKeys = words("change changes changed diff updated updates")

// changeSides are the names of a change's old and new values.
var changeSides = [][2]string{{"from", "to"}, {"old", "new"}, {"before", "after"}, {"previous", "current"}}

// changePair returns the old and new values of a change ({"from":
// "Basic", "to": "Pro"}); the old may be empty. A pair of dates is a
// period, not a change.
func changePair(obj *jsonObject) (from, to string, ok bool) {
	if len(obj.keys) > 2 {
		return "", "", false
	}
	for _, sd := range changeSides {
		if !obj.has(sd[1]) {
			continue
		}
		from, to = stringField(obj, sd[0]), stringField(obj, sd[1])
		if to == "" || isJSONDate(to) || isJSONDate(from) || len(obj.keys) == 2 && !obj.has(sd[0]) {
			return "", "", false
		}
		return from, to, true
	}
	return "", "", false
}

// changed ties a changed field's new value to the record's subject, and
// its old one until the record's date.
func (w *jsonWalker) changed(links []jsonLink, key, from, to string) []jsonLink {
	w.entity(to, keyKind(key), key)
	links = append(links, jsonLink{key: key, value: to})
	if from != "" && !strings.EqualFold(from, to) {
		w.entity(from, keyKind(key), key)
		links = append(links, jsonLink{key: key, value: from, ended: true})
	}
	return links
}

// endedStatuses are the states of an item that no longer holds.
var endedStatuses = words("discontinued cancelled canceled stopped ended inactive expired terminated lapsed withdrawn revoked")

// endedStatus reports whether a record's status says it is over.
func endedStatus(obj *jsonObject) bool {
	return endedStatuses.has(strings.ToLower(stringField(obj, "status")))
}

// anyKeyRelation returns the relation a key names for a subject of any
// kind, or "".
func anyKeyRelation(key string) string {
	for _, of := range []kind{kindPerson, kindOrg, kindIdentifier} {
		if kr, former, ok := keyRelation(key, of, false); ok && !former {
			return kr.rel
		}
	}
	return ""
}

// headField returns the value of a record's field that names relation
// rel ({"drug": "sertraline"} in a list of medications), or "".
func headField(obj *jsonObject, rel string) string {
	for i, fk := range obj.keys {
		if s, ok := obj.vals[i].(string); ok && strings.TrimSpace(s) != "" && anyKeyRelation(fk) == rel {
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// productKeys name what a plan is a plan of.
var productKeys = []string{"product", "service", "app", "software"}

// planProduct reads the product of a plan a customer holds ({"customer":
// …, "product": "Ledgerly", "plan": "Solo"}): the customer is the
// product's customer while the plan holds.
func (w *jsonWalker) planProduct(obj *jsonObject, holder string, valid, invalid time.Time) {
	if holder == "" {
		return
	}
	for _, k := range productKeys {
		if p := stringField(obj, k); p != "" && p != holder {
			w.entity(p, kindOrg, k)
			w.x.facts = append(w.x.facts, fact{src: holder, dst: p, rel: "CUSTOMER_OF", tmpl: "{s} is a customer of {o}",
				subs: map[string]string{"{s}": holder, "{o}": p}, valid: valid, invalid: invalid})
			return
		}
	}
}

// formerKey reports whether a key names a value held before the record
// ("previous_plan").
func formerKey(key string) bool {
	k := strings.ToLower(key)
	return slices.ContainsFunc(formerPrefixes, func(p string) bool { return strings.HasPrefix(k, p) })
}

// fieldKeys name the field a change is of ({"field": "to", "old": …}).
var fieldKeys = []string{"field", "attribute", "property", "key"}

// fieldChange returns the field a change names and its old and new
// values: {"field": "to", "old": "Tromsø", "new": "Bodø"}.
func fieldChange(obj *jsonObject) (field, from, to string, ok bool) {
	for _, fk := range fieldKeys {
		if field = stringField(obj, fk); field != "" {
			break
		}
	}
	if field == "" || len(obj.keys) != 3 {
		return "", "", "", false
	}
	rest := &jsonObject{}
	for i, k := range obj.keys {
		if stringField(obj, k) != field || !slices.Contains(fieldKeys, strings.ToLower(k)) {
			rest.keys = append(rest.keys, k)
			rest.vals = append(rest.vals, obj.vals[i])
		}
	}
	from, to, ok = changePair(rest)
	return field, from, to, ok
}
