package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// JSON episodes are flattened: an object with a name-like field is an
// entity; its scalar fields and nested objects become facts whose relation
// is the key in ALL_CAPS; date-like fields date the object's facts; long
// strings are read as text; numbers and booleans become attributes.

// jsonObject is a JSON object with its keys in document order.
type jsonObject struct {
	keys []string
	vals []any
}

// has reports whether the object has a key, in any case.
func (o *jsonObject) has(key string) bool {
	for _, k := range o.keys {
		if strings.EqualFold(k, key) {
			return true
		}
	}
	return false
}

// decodeJSON decodes one JSON value keeping object key order. Numbers are
// json.Number.
func decodeJSON(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			obj := &jsonObject{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := kt.(string)
				v, err := decodeJSON(dec)
				if err != nil {
					return nil, err
				}
				obj.keys = append(obj.keys, key)
				obj.vals = append(obj.vals, v)
			}
			_, err := dec.Token()
			return obj, err
		case '[':
			var arr []any
			for dec.More() {
				v, err := decodeJSON(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return tok, nil
	}
}

// Keys with a meaning of their own.
var (
	nameKeys = []string{"name", "full_name", "fullname", "display_name", "username"}
	// weakNameKeys name a record only when no subject key does: the title
	// of an employee's record is their job's.
	weakNameKeys = []string{"title", "label"}
	idKeys       = []string{"id", "uuid", "sku", "number", "code", "ref", "reference"}
	typeKeys     = words("type kind category entity_type")
	startKeys    = words("signed date since start start_date effective effective_date effective_from opened started started_at from valid_from created created_at joined joined_at hired hired_at ordered_at timestamp time purchased_at updated_at appointed elected enrolled admitted assigned")
	endKeys      = words("end end_date ended ended_at until to valid_to valid_until left left_at closed closed_at expires expires_at cancelled_at terminated_at resigned retired removed terminated dismissed discharged")
	textKeys     = words("description notes note comment comments text body content message summary bio about")
	// subjectKeys name what a record without a name or an id is about
	// ({"account": "Lumio Health", "plan": "Enterprise"}).
	subjectKeys = append(personKeys, "account", "account_name", "company", "company_name", "customer", "customer_name", "client", "client_name", "organization", "organisation", "org", "contact", "user", "business")
	// personKeys name the person a record is about, before any
	// organisation it names ({"employee": …, "company": …}).
	personKeys = []string{"patient", "employee", "member", "person", "player", "athlete", "student", "passenger", "guest", "tenant", "resident", "staff", "worker"}
)

// plateKeys name a vehicle or a vessel by what is written on it.
var plateKeys = []string{"registration", "registration_number", "reg", "plate", "license_plate", "licence_plate", "number_plate", "vin", "callsign", "call_sign"}

// keyKinds guesses an entity's kind from the key it sits under.
var keyKinds = map[string]kind{
	"customer": kindPerson, "user": kindPerson, "author": kindPerson, "employee": kindPerson, "person": kindPerson,
	"owner": kindPerson, "manager": kindPerson, "contact": kindPerson, "member": kindPerson, "patient": kindPerson,
	"student": kindPerson, "buyer": kindPerson, "seller": kindPerson, "assignee": kindPerson, "reporter": kindPerson,
	"friend": kindPerson, "spouse": kindPerson, "parent": kindPerson, "child": kindPerson, "people": kindPerson,
	"company": kindOrg, "organization": kindOrg, "organisation": kindOrg, "employer": kindOrg, "vendor": kindOrg,
	"supplier": kindOrg, "merchant": kindOrg, "brand": kindOrg, "school": kindOrg, "university": kindOrg, "team": kindOrg,
	"city": kindLocation, "country": kindLocation, "location": kindLocation, "place": kindLocation, "address": kindLocation,
	"state": kindLocation, "region": kindLocation, "destination": kindLocation, "origin": kindLocation, "venue": kindLocation,
	"product": kindProduct, "item": kindProduct, "vehicle": kindProduct, "car": kindProduct, "device": kindProduct,
	"pet": kindPet, "dog": kindPet, "cat": kindPet,
	"job_title": kindOccupation, "title_role": kindOccupation, "occupation": kindOccupation, "role": kindOccupation, "position": kindOccupation,
}

// keyKind is the kind of an entity under key, from the key or its last
// word ("shippingAddress" → address → Location).
func keyKind(key string) kind {
	k := strings.ToLower(key)
	parts := strings.Split(strings.ToLower(relationName(key)), "_")
	for _, c := range []string{k, parts[len(parts)-1]} {
		if v, ok := keyKinds[c]; ok {
			return v
		}
		if v, ok := keyKinds[strings.TrimSuffix(c, "s")]; ok {
			return v
		}
	}
	return kindNone
}

// jsonWalker walks a JSON episode.
type jsonWalker struct {
	x        *extraction
	entities int
}

// json extracts from a JSON episode.
func (x *extraction) json(ep abi.Episode) error {
	dec := json.NewDecoder(strings.NewReader(ep.Content))
	dec.UseNumber()
	v, err := decodeJSON(dec)
	if err != nil {
		return fmt.Errorf("decode json episode: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("decode json episode: trailing data after the first value")
	}
	w := &jsonWalker{x: x}
	root := ""
	if obj, ok := v.(*jsonObject); ok && objectName(obj, "") == "" && !generatedName(ep) {
		root = strings.TrimSpace(ep.Name)
	}
	switch t := v.(type) {
	case *jsonObject:
		w.object(t, "", root, 0, nil)
		w.partiesEvent(t)
	case []any:
		for _, el := range t {
			if obj, ok := el.(*jsonObject); ok {
				w.object(obj, "", "", 0, nil)
			}
		}
	}
	return nil
}

// generatedName reports whether an episode's name is the one the engine
// makes up for an unnamed episode ("json 2024-03-02T10:00:00Z"): it names
// nothing in the document, so it must not become an entity.
func generatedName(ep abi.Episode) bool {
	src, rest, ok := strings.Cut(strings.TrimSpace(ep.Name), " ")
	if !ok || !strings.EqualFold(src, ep.Source) {
		return false
	}
	_, err := time.Parse(time.RFC3339, rest)
	return err == nil
}

// maxJSONDepth and maxJSONEntities bound the walk of a large document.
const (
	maxJSONDepth    = 8
	maxJSONEntities = 1000
)

// objectName returns an object's name: a name-like field, else an id-like
// field prefixed by the object's key ("order A17"), else "".
func objectName(obj *jsonObject, key string) string {
	for _, nk := range nameKeys {
		for i, k := range obj.keys {
			if strings.EqualFold(k, nk) {
				if s, ok := obj.vals[i].(string); ok && strings.TrimSpace(s) != "" {
					return strings.TrimSpace(s)
				}
			}
		}
	}
	for _, pk := range plateKeys {
		// {"registration": "KX19 TBL", "assigned_driver": …}: a vehicle
		// goes by its plate.
		if s := stringField(obj, pk); s != "" {
			return s
		}
	}
	for i, k := range obj.keys {
		lk := strings.ToLower(k)
		prefix, isID := "", false
		for _, ik := range idKeys {
			if lk == ik {
				prefix, isID = key, true
			} else if strings.HasSuffix(lk, "_"+ik) {
				prefix, isID = strings.TrimSuffix(lk, "_"+ik), true
			}
		}
		if !isID || eventPrefixes.has(prefix) {
			// {"event_id": "evt_…", "customer": …}: an event is about its
			// subject, not a thing of its own.
			continue
		}
		v := scalarString(obj.vals[i])
		if v == "" {
			continue
		}
		if s := stringField(obj, prefix); s != "" && prefix != key {
			// {"company": "Larkspur Ltd", "company_number": "SC7"}: the
			// number is the company's, and the record is about it.
			return s
		}
		if s := stringField(obj, prefix+"_name"); s != "" && prefix != "" {
			// {"patient_id": "PT-4", "patient_name": "Yusra Haddad"}: the
			// record is about the one both fields name.
			return s
		}
		if prefix = strings.TrimSuffix(strings.ReplaceAll(prefix, "_", " "), "s"); prefix != "" {
			return prefix + " " + v
		}
		return v
	}
	if s := travelRecord(obj); s != "" {
		// {"ticket": "TK-5521", "passenger": …, "to": "Lisbon"}: the
		// ticket, whose passenger and ends the record gives.
		return s
	}
	for _, code := range []bool{false, true} {
		// {"account": "ACC-58210", "customer": "Oyelaran Studios"}: the
		// subject by its name before its code.
		for _, sk := range subjectKeys {
			if s := stringField(obj, sk); s != "" && looksLikeID(s) == code {
				return s
			}
		}
	}
	for _, nk := range weakNameKeys {
		if s := stringField(obj, nk); s != "" {
			return s
		}
	}
	// A record with neither a name nor an id field is about the first
	// identifier among its values ({"ticket": "SUP-4471", "status":
	// "open"}): a ticket, booking or order is named by its code.
	for i := range obj.keys {
		if s, ok := obj.vals[i].(string); ok && looksLikeID(strings.TrimSpace(s)) {
			return strings.TrimSpace(s)
		}
	}
	return ""
}

// travelKeys hold the code of a trip's record.
var travelKeys = []string{"ticket", "booking", "reservation", "flight", "pnr", "booking_ref", "confirmation"}

// travelRecord returns the code of the trip a record is about, or "": a
// record with a code under a trip's key and a passenger or an end ({"ticket":
// "SUP-4471"} alone is a support ticket).
func travelRecord(obj *jsonObject) string {
	if !obj.has("passenger") && !obj.has("traveller") && !obj.has("destination") && !obj.has("origin") && !obj.has("to") {
		return ""
	}
	for _, tk := range travelKeys {
		if s := stringField(obj, tk); s != "" && looksLikeID(s) {
			return s
		}
	}
	return ""
}

// travelDateKeys are the dates of a trip: when it goes, not when the
// record's facts begin.
var travelDateKeys = words("date departure departure_date travel_date departs flight_date")

// capitalized reports whether s starts with an upper-case letter, as a
// name does.
func capitalized(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// stringField returns the non-empty string under key (any case), or "".
func stringField(obj *jsonObject, key string) string {
	if key == "" {
		return ""
	}
	for i, k := range obj.keys {
		if strings.EqualFold(k, key) {
			if s, ok := obj.vals[i].(string); ok {
				return strings.TrimSpace(s)
			}
		}
	}
	return ""
}

// scalarString formats a string or number; other values give "".
func scalarString(v any) string {
	switch t := v.(type) {
	case string:
		return strings.TrimSpace(t)
	case json.Number:
		return t.String()
	}
	return ""
}

// object walks obj found under key and returns the name of the entity that
// stands for it ("" for none). name overrides the object's own name.
//
// own, when not nil, receives the object's own bounds (zero where its
// fields give none), for the parent's link to it.
func (w *jsonWalker) object(obj *jsonObject, key, name string, depth int, own *[2]time.Time) string {
	if depth > maxJSONDepth {
		return ""
	}
	if name == "" {
		name = objectName(obj, key)
	}
	itemRel := ""
	if depth > 0 {
		itemRel = anyKeyRelation(key)
	}
	if name == "" && itemRel != "" {
		// {"medications": [{"drug": "sertraline", "dose": …}]}: an item
		// without a name is what its field of the list's relation names.
		name = headField(obj, itemRel)
	}
	k := keyKind(key)
	for i, fk := range obj.keys {
		if typeKeys.has(strings.ToLower(fk)) {
			if s, ok := obj.vals[i].(string); ok {
				if tk := kindOfTypeName(s); tk != kindNone {
					k = tk
				}
			}
		}
	}
	var anchor *entity
	if name != "" {
		anchor = w.entity(name, k, key)
	}
	valid, invalid := w.ownDates(obj)
	if invalid.IsZero() && itemRel != "" && endedStatus(obj) {
		// {"drug": "sertraline", "status": "discontinued"}: over by the
		// time the record was written.
		invalid = w.x.ref
	}
	if own != nil {
		*own = [2]time.Time{valid, invalid}
	}
	if valid.IsZero() && invalid.IsZero() {
		// A record is a statement of how things stand when it was sent:
		// without a date of its own it holds from then, so that a newer
		// record of the same thing ends it.
		valid = w.x.ref
	}
	var links []jsonLink
	for i, fk := range obj.keys {
		lk := strings.ToLower(fk)
		switch v := obj.vals[i].(type) {
		case string:
			s := strings.TrimSpace(v)
			if s == "" || isNameKey(lk) || typeKeys.has(lk) {
				continue
			}
			if isIDKey(lk) {
				// An id that does not name the record is kept on it.
				if anchor != nil && !strings.Contains(anchor.name, s) {
					anchor.setAttr(fk, s)
				}
				continue
			}
			// A date key holds a bound only when its value is a date:
			// "from" and "to" of a ticket are places.
			if (startKeys.has(lk) || endKeys.has(lk) || isDateKey(lk)) && (!capitalized(s) || isJSONDate(s)) {
				continue
			}
			if textKeys.has(lk) || len(s) > 80 {
				w.text(s)
				continue
			}
			if strings.Contains(s, "://") || strings.Contains(s, "@") {
				if anchor != nil {
					anchor.setAttr(fk, s)
				}
				continue
			}
			w.entity(s, keyKind(fk), fk)
			links = append(links, jsonLink{key: fk, value: s})
		case json.Number, bool:
			if anchor != nil {
				anchor.setAttr(fk, jsonScalar(v))
			}
		case *jsonObject:
			if changeKeys.has(lk) {
				// {"change": {"field": "to", "old": "Tromsø", "new":
				// "Bodø"}}: the change names its field.
				if ck, from, to, ok := fieldChange(v); ok {
					links = w.changed(links, ck, from, to)
					continue
				}
				// {"change": {"tier": {"from": "Basic", "to": "Pro"}}}:
				// the record's own fields, changed.
				for j, ck := range v.keys {
					if cv, ok := v.vals[j].(*jsonObject); ok {
						if from, to, ok := changePair(cv); ok {
							links = w.changed(links, ck, from, to)
						}
					}
				}
				continue
			}
			if from, to, ok := changePair(v); ok && anyKeyRelation(fk) != "" && keyKind(fk) != kindLocation {
				// {"tier": {"from": "Basic", "to": "Pro"}}; a trip's
				// {"from": …, "to": …} is no change.
				links = w.changed(links, fk, from, to)
				continue
			}
			var cb [2]time.Time
			if child := w.object(v, fk, "", depth+1, &cb); child != "" {
				links = append(links, jsonLink{key: fk, value: child, nested: true, valid: cb[0], invalid: cb[1]})
			}
		case []any:
			for _, el := range v {
				switch e := el.(type) {
				case string:
					if s := strings.TrimSpace(e); s != "" && len(s) <= 80 {
						w.entity(s, keyKind(fk), fk)
						links = append(links, jsonLink{key: fk, value: s, list: true})
					}
				case *jsonObject:
					var cb [2]time.Time
					if child := w.object(e, fk, "", depth+1, &cb); child != "" {
						links = append(links, jsonLink{key: fk, value: child, nested: true, list: true, valid: cb[0], invalid: cb[1]})
					}
				}
			}
		}
	}
	if anchor == nil {
		for _, l := range links {
			if l.nested {
				anchor = w.x.reg.get(l.value)
				break
			}
		}
	}
	if anchor == nil {
		return ""
	}
	for _, l := range links {
		if strings.EqualFold(l.value, anchor.name) {
			continue
		}
		words := keyWords(l.key)
		tmpl := "The {k} of {s} is {o}"
		if l.list {
			tmpl = "The {k} of {s} include {o}"
		}
		lv, li := valid, invalid
		if !l.valid.IsZero() || !l.invalid.IsZero() {
			lv, li = l.valid, l.invalid
		}
		if l.ended {
			// The value a change replaced: held until the record's date.
			lv, li = time.Time{}, lv
		}
		if fv, fi := w.fieldDates(obj, l.key); !fv.IsZero() || !fi.IsZero() {
			// {"plan": "Pro", "plan_since": "2023-04-01"}: the plan's
			// own dates.
			if !fv.IsZero() {
				lv = fv
			}
			if !fi.IsZero() {
				li = fi
				if fv.IsZero() && !lv.Before(li) {
					// Over before the record was sent: since when, it
					// does not say.
					lv = time.Time{}
				}
			}
		}
		rel, src, dst := relationName(l.key), anchor.name, l.value
		holder := ""
		if l.list {
			// "officers": [...] and a later "officer": one relation,
			// so that the later record's end ends the listed one.
			rel = singularRelation(rel)
		}
		of := anchor.kind
		if of == kindNone && personRecord(obj) {
			of = kindPerson
		}
		if kr, former, ok := keyRelation(l.key, of, playerRecord(obj)); ok && (!l.list || manyValued.has(kr.rel)) {
			// {"employee": "Rhea Vance", "company": "Halden Foods"}:
			// Rhea works at Halden Foods, as the text would say it.
			rel, tmpl = kr.rel, kr.text
			if kr.inverse {
				src, dst = dst, src
				tmpl = strings.NewReplacer("{s}", "{o}", "{o}", "{s}").Replace(tmpl)
			}
			if h := planHolder(obj); kr.rel == "ON_PLAN" && !kr.inverse && h != "" && h != src {
				// {"account_id": …, "customer": "Oyelaran Bakery",
				// "plan": "Starter Plus"}: the account is on the plan,
				// and so is its customer (below).
				holder = h
			}
			if end, ok := leavingRecord(obj); ok && kr.rel == "WORKS_AT" && !former {
				// {"event": "resignation", "last_working_day":
				// "2025-02-28"}: the job ends on its last day.
				lv, li = time.Time{}, end
				if li.IsZero() {
					li = w.x.ref
				}
			}
			if dischargeRecord(obj) && kr.rel == "IN_BED" && !former {
				// {"bed": "4B-08", "status": "discharged"}: the bed is
				// left.
				lv, li = time.Time{}, w.x.ref
			}
			if former {
				// "previous_plan": held until the record's date.
				lv, li = time.Time{}, lv
				if li.IsZero() {
					li = w.x.ref
				}
			}
		}
		w.x.facts = append(w.x.facts, fact{
			src: src, dst: dst, rel: rel, tmpl: tmpl,
			subs:  map[string]string{"{s}": anchor.name, "{o}": l.value, "{k}": words},
			valid: lv, invalid: li,
		})
		if holder != "" {
			w.x.facts = append(w.x.facts, fact{src: holder, dst: dst, rel: rel, tmpl: tmpl,
				subs: map[string]string{"{s}": holder, "{o}": l.value}, valid: lv, invalid: li})
		}
		if h := holder; rel == "ON_PLAN" && !l.ended && !formerKey(l.key) {
			if h == "" && planHolder(obj) == src {
				h = src
			}
			w.planProduct(obj, h, lv, li)
		}
	}
	return anchor.name
}

// entity registers an entity of a JSON document. Its kind comes from the
// value first ("Acme Corp" under "customer" is an organisation, "ORD-17"
// an identifier), then from the key, then from a weak cue in the value.
func (w *jsonWalker) entity(name string, k kind, key string) *entity {
	if w.entities >= maxJSONEntities {
		return w.x.reg.get(name)
	}
	if toks := tokenize(name); len(toks) > 0 {
		vk, str := guessKind(wordTokens(toks))
		switch {
		case looksLikeID(name):
			k = kindIdentifier
		case isJSONDate(name):
			k = kindDate
		case vk != kindNone && (str >= strCue || k == kindNone):
			k = vk
		}
	}
	e := w.x.reg.add(name, k, strCue, true)
	if e != nil && e.hint == "" {
		e.hint = key
		w.entities++
	}
	return e
}

// text extracts facts from a long string of a JSON document.
func (w *jsonWalker) text(s string) {
	u := &uttCtx{x: w.x}
	for _, sent := range splitSentences(s) {
		w.x.sentence(u, sent)
	}
}

// isNameKey reports whether a lower-case key holds an object's name.
func isNameKey(k string) bool {
	for _, n := range nameKeys {
		if k == n {
			return true
		}
	}
	return false
}

// isIDKey reports whether a lower-case key holds an identifier.
func isIDKey(k string) bool {
	for _, n := range idKeys {
		if k == n || strings.HasSuffix(k, "_"+n) {
			return true
		}
	}
	return false
}

// jsonScalar converts a JSON number to int64 or float64.
func jsonScalar(v any) any {
	if n, ok := v.(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			return i
		}
		if f, err := n.Float64(); err == nil {
			return f
		}
		return n.String()
	}
	return v
}

// kindOfTypeName maps a type name written in a document ("person",
// "Company") to a kind.
func kindOfTypeName(s string) kind {
	n := normType(s)
	// A kind's own name first ("product" is a Product, though a drug
	// or a plan may be called one), then the kinds in a fixed order:
	// a map's order would change the answer from run to run.
	for _, k := range kindOrder {
		if syns := kindSynonyms[k]; len(syns) > 0 && syns[0] == n {
			return k
		}
	}
	for _, k := range kindOrder {
		for _, syn := range kindSynonyms[k] {
			if syn == n {
				return k
			}
		}
	}
	return kindNone
}

// kindOrder is the order in which type names are matched to kinds.
var kindOrder = []kind{kindPerson, kindOrg, kindLocation, kindPet, kindProduct, kindWork, kindOccupation, kindIdentifier, kindDate, kindEvent, kindDrug, kindVaccine, kindPlan, kindDegree}

// relationName turns a key into an ALL_CAPS relation: "shippingAddress" →
// "SHIPPING_ADDRESS".
func relationName(key string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range key {
		switch {
		case unicode.IsUpper(r):
			if prevLower {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			prevLower = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToUpper(r))
			prevLower = true
		default:
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
			prevLower = false
		}
	}
	return strings.Trim(b.String(), "_")
}

// keyWords turns a key into words: "shippingAddress" → "shipping address".
func keyWords(key string) string {
	return strings.ToLower(strings.ReplaceAll(relationName(key), "_", " "))
}

// parseJSONDate parses the date formats documents use: RFC 3339, a date,
// a date and time without zone.
func parseJSONDate(s string, loc *time.Location) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339Nano, time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02", "2006/01/02"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// isJSONDate reports whether a value is a date as documents write them.
func isJSONDate(s string) bool {
	_, ok := parseJSONDate(s, time.UTC)
	return ok
}

// wordTokens returns the word tokens of toks.
func wordTokens(toks []token) []token {
	out := toks[:0:0]
	for _, t := range toks {
		if t.word {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return toks
	}
	return out
}

// keyRel is the relation a JSON key names between a record's subject and
// the key's value, with the text a sentence would give it.
type keyRel struct {
	rel, text string
	// inverse relations run from the value to the subject ("doctor").
	inverse bool
	// of is the kind of subject the relation takes: a person or an
	// organisation.
	of kind
}

// keyRelations map the keys of records about people and organisations
// onto the relation classes the text extractor uses, so that a record and
// a sentence saying the same thing make the same fact.
var keyRelations = map[string]keyRel{
	"company": {"WORKS_AT", "{s} works at {o}", false, kindPerson}, "employer": {"WORKS_AT", "{s} works at {o}", false, kindPerson},
	"organization": {"WORKS_AT", "{s} works at {o}", false, kindPerson}, "organisation": {"WORKS_AT", "{s} works at {o}", false, kindPerson},
	"title": {"HAS_JOB_TITLE", "{s} is {o}", false, kindPerson}, "job_title": {"HAS_JOB_TITLE", "{s} is {o}", false, kindPerson},
	"role": {"HAS_JOB_TITLE", "{s} is {o}", false, kindPerson}, "position": {"HAS_JOB_TITLE", "{s} is {o}", false, kindPerson},
	"occupation": {"HAS_JOB_TITLE", "{s} is {o}", false, kindPerson}, "job": {"HAS_JOB_TITLE", "{s} is {o}", false, kindPerson},
	"manager": {"REPORTS_TO", "{s} reports to {o}", false, kindPerson}, "supervisor": {"REPORTS_TO", "{s} reports to {o}", false, kindPerson},
	"reports_to": {"REPORTS_TO", "{s} reports to {o}", false, kindPerson}, "line_manager": {"REPORTS_TO", "{s} reports to {o}", false, kindPerson},
	"boss": {"REPORTS_TO", "{s} reports to {o}", false, kindPerson},
	"team": {"MEMBER_OF", "{s} is a member of {o}", false, kindPerson}, "club": {"MEMBER_OF", "{s} is a member of {o}", false, kindPerson},
	"school": {"STUDIES_AT", "{s} studies at {o}", false, kindPerson}, "university": {"STUDIES_AT", "{s} studies at {o}", false, kindPerson},
	"college": {"STUDIES_AT", "{s} studies at {o}", false, kindPerson},
	"city":    {"LIVES_IN", "{s} lives in {o}", false, kindPerson}, "home_city": {"LIVES_IN", "{s} lives in {o}", false, kindPerson},
	"residence":  {"LIVES_IN", "{s} lives in {o}", false, kindPerson},
	"medication": {"TAKES_MEDICATION", "{s} takes {o}", false, kindPerson}, "drug": {"TAKES_MEDICATION", "{s} takes {o}", false, kindPerson},
	"prescription": {"TAKES_MEDICATION", "{s} takes {o}", false, kindPerson},
	"plan":         {"ON_PLAN", "{s} is on {o}", false, kindNone}, "tier": {"ON_PLAN", "{s} is on {o}", false, kindNone},
	"subscription": {"ON_PLAN", "{s} is on {o}", false, kindNone},
	"spouse":       {"MARRIED_TO", "{s} is married to {o}", false, kindPerson}, "husband": {"MARRIED_TO", "{s} is married to {o}", false, kindPerson},
	"wife": {"MARRIED_TO", "{s} is married to {o}", false, kindPerson}, "partner": {"PARTNER_OF", "{o} is {s}'s partner", true, kindPerson},
	"doctor": {"DOCTOR_OF", "{s} is {o}'s doctor", true, kindPerson},
	"gp":     {"DOCTOR_OF", "{s} is {o}'s doctor", true, kindPerson}, "prescribed_by": {"DOCTOR_OF", "{s} is {o}'s doctor", true, kindPerson},
	"lawyer": {"LAWYER_OF", "{s} is {o}'s lawyer", true, kindPerson}, "attorney": {"LAWYER_OF", "{s} is {o}'s lawyer", true, kindPerson},
	"coach": {"COACHES", "{s} coaches {o}", true, kindPerson},
	"pet":   {"HAS_PET", "{s} has {o}", false, kindPerson}, "allergies": {"ALLERGIC_TO", "{s} is allergic to {o}", false, kindPerson},
	"vaccine": {"RECEIVED_VACCINE", "{s} received {o}", false, kindPerson}, "vaccination": {"RECEIVED_VACCINE", "{s} received {o}", false, kindPerson},
	"ceo": {"HAS_CEO", "{o} is the chief executive of {s}", false, kindOrg}, "cfo": {"HAS_CFO", "{o} is the chief financial officer of {s}", false, kindOrg},
	"cto": {"HAS_CTO", "{o} is the CTO of {s}", false, kindOrg}, "coo": {"HAS_COO", "{o} is the chief operating officer of {s}", false, kindOrg},
	"president": {"HAS_PRESIDENT", "{o} is the president of {s}", false, kindOrg}, "chair": {"HAS_CHAIR", "{o} chairs {s}", false, kindOrg},
	"founder": {"FOUNDED", "{s} founded {o}", true, kindOrg}, "founded_by": {"FOUNDED", "{s} founded {o}", true, kindOrg},
	"passenger": {"PASSENGER", "{s} passenger {o}", false, kindIdentifier}, "traveller": {"PASSENGER", "{s} passenger {o}", false, kindIdentifier},
	"bed":  {"IN_BED", "{s} is in bed {o}", false, kindPerson},
	"from": {"ORIGIN", "{s} goes from {o}", false, kindIdentifier}, "origin": {"ORIGIN", "{s} goes from {o}", false, kindIdentifier},
	"to": {"DESTINATION", "{s} goes to {o}", false, kindIdentifier}, "destination": {"DESTINATION", "{s} goes to {o}", false, kindIdentifier},
}

// manyValued are the relations a list of values gives one fact each of:
// {"medications": ["metformin", "lisinopril"]}.
var manyValued = words("TAKES_MEDICATION RECEIVED_VACCINE HAS_PET ALLERGIC_TO MEMBER_OF")

// formerPrefixes mark a key whose value held before the record:
// "previous_plan", "former_employer".
var formerPrefixes = []string{"previous_", "former_", "old_", "prior_", "ex_", "from_"}

// currentPrefixes mark a key whose value holds from the record: "to_plan",
// "new_plan".
var currentPrefixes = []string{"to_", "new_", "current_"}

// holderKeys name the one an account or a subscription is held by.
var holderKeys = []string{"customer", "client", "subscriber", "member", "account_holder", "holder"}

// planHolder returns the name of the one a record's plan is held by: its
// customer, as a name or as an object with a name.
func planHolder(obj *jsonObject) string {
	for i, k := range obj.keys {
		if !slices.ContainsFunc(holderKeys, func(h string) bool { return strings.EqualFold(h, k) }) {
			continue
		}
		switch v := obj.vals[i].(type) {
		case string:
			return strings.TrimSpace(v)
		case *jsonObject:
			for _, nk := range nameKeys {
				if n := stringField(v, nk); n != "" {
					return n
				}
			}
		}
	}
	return ""
}

// keyRelation returns the relation key names for a subject of kind of,
// and whether the key names a former one. A player's team is the team
// they play for.
func keyRelation(key string, of kind, player bool) (keyRel, bool, bool) {
	k := strings.ToLower(relationName(key))
	former := false
	for _, p := range formerPrefixes {
		if rest, ok := strings.CutPrefix(k, p); ok {
			k, former = rest, true
			break
		}
	}
	for _, p := range currentPrefixes {
		if rest, ok := strings.CutPrefix(k, p); ok && !former {
			k = rest
			break
		}
	}
	kr, ok := keyRelations[k]
	if !ok {
		// "medications", "allergies": a list of what the singular key
		// names.
		for _, sg := range []string{strings.TrimSuffix(k, "ies") + "y", strings.TrimSuffix(k, "s")} {
			if sg != k && sg != "y" {
				if kr, ok = keyRelations[sg]; ok {
					break
				}
			}
		}
	}
	if !ok {
		return keyRel{}, false, false
	}
	switch kr.of {
	case kindPerson:
		if of != kindPerson {
			return keyRel{}, false, false
		}
	case kindOrg:
		if of != kindOrg && of != kindNone {
			return keyRel{}, false, false
		}
	case kindIdentifier:
		if of != kindIdentifier {
			return keyRel{}, false, false
		}
	}
	if player && (k == "team" || k == "club") {
		kr = keyRel{"PLAYS_FOR", "{s} plays for {o}", false, kindPerson}
	}
	return kr, former, true
}

// playerRecord reports whether a record is about a player: it has a
// player or athlete key.
func playerRecord(obj *jsonObject) bool {
	for _, k := range obj.keys {
		if l := strings.ToLower(k); l == "player" || l == "athlete" {
			return true
		}
	}
	return false
}

// personRecord reports whether a record names its subject under a key of
// a person ("employee", "patient").
func personRecord(obj *jsonObject) bool {
	for _, k := range personKeys {
		// {"employee": …}, {"employee_id": "HR-4418", "name": …}.
		if stringField(obj, k) != "" || stringField(obj, k+"_id") != "" || stringField(obj, k+"_number") != "" {
			return true
		}
	}
	return stringField(obj, "date_of_birth") != "" || stringField(obj, "dob") != ""
}

// singularRelation names a list key's relation by its singular:
// OFFICERS is OFFICER, CURRENT_OFFICERS CURRENT_OFFICER.
func singularRelation(rel string) string {
	i := strings.LastIndexByte(rel, '_') + 1
	last := strings.ToLower(rel[i:])
	if len(last) < 4 || !strings.HasSuffix(last, "s") || strings.HasSuffix(last, "ss") {
		return rel
	}
	if sing := nlp.Lemma(last, "NNS"); sing != last && nlp.IsNoun(sing) {
		return rel[:i] + strings.ToUpper(sing)
	}
	return rel
}
