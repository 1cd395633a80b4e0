package main

import (
	"slices"
	"strings"
	"unicode"
)

// Speaker roles of LongMemEval-style transcripts ("user: ...",
// "assistant: ..."). The user becomes the person entity "User"; the
// assistant is named "Assistant" for resolving "you" but is never an
// entity, and its turns are context only (see doc.go).
const (
	roleNone      = ""
	roleUser      = "user"
	roleAssistant = "assistant"
	roleSystem    = "system"

	userName      = "User"
	assistantName = "Assistant"
)

// roleWords maps speaker labels to roles.
var roleWords = map[string]string{
	"user": roleUser, "human": roleUser,
	"assistant": roleAssistant, "ai": roleAssistant, "bot": roleAssistant, "chatbot": roleAssistant,
	"system": roleSystem, "tool": roleSystem, "function": roleSystem,
}

// utterance is what one speaker said, or a run of text no one is credited
// with (speaker empty).
type utterance struct {
	speaker string
	role    string
	text    string
}

// parseUtterances splits an episode's content into utterances. A line
// "Name: text" starts an utterance of Name; other lines continue the
// current one. In a message episode any plausible name counts; in a text
// episode only role words ("user", "assistant"), transcript labels
// ("Speaker 2"), names that open at least two lines, and the names of a
// text that is all turns (every line opens with one of two names or
// more) do, so that "Ingredients:" is not taken for a speaker.
func parseUtterances(content string, message bool) []utterance {
	lines := strings.Split(content, "\n")
	heads := make([]string, len(lines))
	count := map[string]int{}
	turns := true
	for i, line := range lines {
		if h, _, ok := speakerPrefix(line); ok {
			heads[i] = h
			count[h]++
		} else if strings.TrimSpace(line) != "" {
			turns = false
		}
	}
	turns = turns && len(count) >= 2
	// The current utterance's text is built in one builder: appending
	// line by line to a string copied the text so far at every line,
	// which for a 12 KB piece without speakers was 1.7 MB of garbage a
	// call.
	var out []utterance
	var text strings.Builder
	settle := func() {
		if len(out) > 0 {
			out[len(out)-1].text = text.String()
		}
	}
	start := func(u utterance) {
		settle()
		out = append(out, u)
		text.Reset()
		text.WriteString(u.text)
	}
	for i, line := range lines {
		h := heads[i]
		if h != "" {
			_, rest, _ := speakerPrefix(line)
			label, role := splitRole(h)
			if message || role != roleNone || count[h] >= 2 || turns || genericSpeaker(label) {
				start(utterance{speaker: speakerName(label, role), role: role, text: rest})
				continue
			}
		}
		if len(out) == 0 {
			start(utterance{})
		}
		if text.Len() > 0 {
			text.WriteByte('\n')
		}
		text.WriteString(line)
	}
	settle()
	return out
}

// splitRole splits a speaker label into a name and a role: "user" is the
// role user with no name, "Chloé(user)" and "Chloé (user)" are Chloé in
// the role user (the Graphiti convention), "Chloé" and "Chloé(customer)"
// have no role the extractor knows.
func splitRole(label string) (name, role string) {
	if r, ok := roleWords[strings.ToLower(label)]; ok {
		return "", r
	}
	if strings.HasSuffix(label, ")") {
		if open := strings.LastIndexByte(label, '('); open >= 0 {
			name := strings.TrimSpace(label[:open])
			if r, ok := roleWords[strings.ToLower(strings.TrimSpace(label[open+1:len(label)-1]))]; ok {
				return name, r
			}
			if name != "" {
				// "Priya(customer)", "Dr. Ek (cardiology)": a role of
				// the source's own; the name is the speaker's.
				return name, roleNone
			}
		}
	}
	return label, roleNone
}

// speakerName is the entity name of a speaker: the name the label gives
// (a user who is named is a person like any other), else the role's name.
func speakerName(name, role string) string {
	switch {
	case role == roleAssistant:
		return assistantName
	case name != "":
		return name
	case role == roleUser:
		return userName
	}
	return name
}

// speakerPrefix splits "Name: text". The name is one to four words, each
// capitalized (or a role word), optionally after a "[timestamp]"; it is not
// a stop word such as "Note" or "Step".
func speakerPrefix(line string) (name, rest string, ok bool) {
	s := strings.TrimSpace(line)
	if strings.HasPrefix(s, "[") {
		if end := strings.Index(s, "]"); end > 0 {
			s = strings.TrimSpace(s[end+1:])
		}
	}
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || colon > 48 {
		return "", "", false
	}
	head := strings.TrimSpace(strings.Trim(s[:colon], "*_ "))
	rest = strings.TrimSpace(s[colon+1:])
	if head == "" || strings.HasPrefix(rest, "//") {
		return "", "", false
	}
	label, role := splitRole(head)
	if role != roleNone && (label == "" || strings.HasSuffix(head, ")") && len(strings.Fields(label)) <= 4) {
		// "user:", and "Assistant(assistant):" as Graphiti writes a
		// turn: a role in brackets makes the label, whatever the name
		// (a stop word such as "Assistant" included).
		return head, rest, true
	}
	if genericSpeaker(label) {
		return head, rest, true
	}
	fields := strings.Fields(label)
	if len(fields) == 0 || len(fields) > 4 {
		return "", "", false
	}
	for _, f := range fields {
		r := []rune(f)
		if !unicode.IsUpper(r[0]) {
			return "", "", false
		}
		for _, c := range r {
			if !unicode.IsLetter(c) && c != '.' && c != '\'' && c != '-' {
				return "", "", false
			}
		}
	}
	if l := strings.ToLower(fields[0]); (isCapStop(l) || sentenceStarters.has(l) || speakerStop.has(l)) && !(len(fields) > 1 && honorifics.has(l)) {
		// "Dr. Okafor:" and "Ms Lind:" are speakers like "Okafor:".
		return "", "", false
	}
	return head, rest, true
}

// genericSpeaker reports whether a speaker label names a voice rather
// than a person, as speech-to-text and transcripts write them: "Speaker
// 1", "SPEAKER_00", "Speaker A", "Person 2", "Participant 3".
func genericSpeaker(label string) bool {
	l := strings.ToLower(strings.TrimSpace(label))
	for _, w := range []string{"speaker", "person", "participant", "spk", "voice", "caller", "interviewee", "interviewer"} {
		if rest, ok := strings.CutPrefix(l, w); ok {
			rest = strings.TrimLeft(rest, " _-#")
			if rest == "" && l != w {
				return false
			}
			if len(rest) <= 3 && (rest == "" || strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) < 0) {
				return rest != "" || l == w
			}
		}
	}
	return l == userName || l == "user"
}

// speakerStop are labels that end in a colon without being speakers.
var speakerStop = words("note notes step tip tips warning example answer question summary ingredients instructions update edit source sources reference references title subject re fwd date time location address phone email website link total price cost result results output input error reminder ps p.s. important disclaimer caution")

// conversation knows who spoke, to resolve "you".
type conversation struct {
	// earlier are the speakers of previous episodes, oldest first.
	earlier []string
	// utts are the current episode's utterances.
	utts []utterance
}

// other returns whom "you" means in utterance k: the nearest earlier
// speaker other than k's, looking back through this episode and then the
// previous episodes, or failing that the next different speaker in this
// episode. It returns "" when no one else spoke.
func (c *conversation) other(k int) string {
	me := c.utts[k].speaker
	for i := k - 1; i >= 0; i-- {
		if s := c.utts[i].speaker; s != "" && s != me {
			return s
		}
	}
	for i := len(c.earlier) - 1; i >= 0; i-- {
		if s := c.earlier[i]; s != me {
			return s
		}
	}
	for i := k + 1; i < len(c.utts); i++ {
		if s := c.utts[i].speaker; s != "" && s != me {
			return s
		}
	}
	return ""
}

// others returns the speakers of this episode other than utterance k's,
// in order of their first turn (not the assistant).
func (c *conversation) others(k int) []string {
	me := c.utts[k].speaker
	var out []string
	for _, u := range c.utts {
		if s := u.speaker; s != "" && s != me && s != assistantName && u.role != roleAssistant && u.role != roleSystem && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// labels returns the labels of the conversation's voices that are not
// the assistant's or the system's, once each, in order.
func (c *conversation) labels() []string {
	var out []string
	for _, u := range c.utts {
		if u.speaker != "" && u.role != roleAssistant && u.role != roleSystem && !slices.Contains(out, u.speaker) {
			out = append(out, u.speaker)
		}
	}
	return out
}
