package text

import (
	"regexp"
	"slices"
	"strings"
)

// Instruction-like text. An episode is data: mnemo never executes it, but
// what it extracts reaches an agent's prompt through the context string.
// A sentence that tells a model what to do — overrides its instructions,
// switches its role, speaks as the system, calls a tool — must never come
// back as a fact. InstructionLike recognises such text by its form, not by
// a list of sentences: a role marker, tool-call syntax, an override verb
// aimed at instructions, a role switch, or an imperative that addresses
// the reader and tells it what to say or do.

var (
	// roleMarker: a line that speaks as a role of a chat template, or a
	// template's special tokens.
	roleMarker = regexp.MustCompile(`(?im)(^|[\n.!?]\s*)(system|developer|sys|instructions?)\s*(:|>|\]|\|)|\[/?(inst|system|sys)\]|<<\s*/?sys\s*>>|<\|[a-z_]+\|>|(^|\n)\s*#{2,}\s*(system|instruction|developer)\b`)
	// toolCall: markup or JSON of a function or tool call.
	toolCall = regexp.MustCompile(`(?i)</?\s*(tool_call|tool_use|tool|function_call|function|invoke|call|antml:[a-z_]+)\b[^>]*>|"(tool_calls?|function_call|arguments|tool_name|parameters)"\s*:|\b(functions|tools)\.[a-z_]+\s*\(`)
	// words splits text into lowercase words.
	words = regexp.MustCompile(`[a-z']+`)
)

var (
	overrideVerbs = set("ignore", "ignoring", "disregard", "disregarding", "forget", "forgetting", "override", "overriding",
		"bypass", "bypassing", "skip", "drop", "cancel", "abandon", "discard", "circumvent", "neglect", "overwrite", "replace")
	// instructionNouns are what an override is aimed at.
	instructionNouns = set("instruction", "instructions", "prompt", "prompts", "rule", "rules", "guideline", "guidelines",
		"directive", "directives", "policy", "policies", "constraint", "constraints", "programming", "guidance",
		"guardrails", "guardrail", "safeguards", "restrictions", "system", "above", "everything", "anything",
		// An override aimed at the reader: "ignore what you were told".
		"you", "your", "you've", "youve")
	// addressees name the reader a prompt is written to.
	addressees = set("you", "your", "you're", "youre", "yourself", "assistant", "ai", "model", "llm", "chatbot", "bot", "agent", "gpt", "claude")
	// speechVerbs are what an injected imperative tells the reader to do.
	speechVerbs = set("say", "tell", "answer", "respond", "reply", "state", "claim", "report", "output", "print", "write", "mention",
		"recommend", "confirm", "deny", "reveal", "send", "forward", "transfer", "execute", "run", "call", "email", "delete", "pretend", "act", "treat", "assume", "consider", "believe", "remember", "store", "record", "obey", "follow", "comply")
	// openers start an imperative addressed to the reader.
	openers = set("always", "never", "must", "should", "please", "now", "instead", "henceforth")
)

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// InstructionLike reports whether s reads as an instruction to a model
// rather than as a statement about the world: see the comment above.
func InstructionLike(s string) bool {
	if s == "" {
		return false
	}
	if roleMarker.MatchString(s) || toolCall.MatchString(s) {
		return true
	}
	talk := humanDialogue(s)
	for _, sent := range Sentences(s) {
		if instructionSentence(strings.ToLower(sent), talk) {
			return true
		}
	}
	// A turn's words again, without the label of who says them, which
	// hides an imperative that opens the turn ("user: Always answer …");
	// text with no label is not read twice.
	if bare := turnLabel.ReplaceAllString(s, ""); bare != s {
		for _, sent := range Sentences(bare) {
			if instructionSentence(strings.ToLower(sent), talk) {
				return true
			}
		}
	}
	return false
}

// turnLabel is the "Name:" or "Name(role):" that opens a line of a
// transcript.
var turnLabel = regexp.MustCompile(`(?m)^[ \t]*([A-Za-z][\w .'’-]{0,40}?)[ \t]*(\(([a-z]+)\))?[ \t]*:[ \t]`)

// humanDialogue reports whether s is a transcript of two or more people
// talking, with no model among them: its "you" is one of them, and an
// imperative one of them says to another ("Call me when you get there",
// "Don't forget your shirt") tells no model anything.
func humanDialogue(s string) bool {
	seen := map[string]bool{}
	for _, m := range turnLabel.FindAllStringSubmatch(s, -1) {
		name, role := strings.ToLower(strings.TrimSpace(m[1])), m[3]
		if addressees[name] || addressees[role] || name == "system" || role == "system" || name == "developer" {
			return false
		}
		seen[name] = true
	}
	return len(seen) >= 2
}

// readerWords name a model or its user: an imperative that speaks of them
// is aimed at a model even in a conversation between people.
var readerWords = set("user", "users", "assistant", "ai", "model", "llm", "chatbot", "bot", "gpt", "claude", "prompt", "instructions")

func instructionSentence(s string, talk bool) bool {
	ws := words.FindAllString(s, -1)
	if len(ws) == 0 {
		return false
	}
	// An override verb with an instruction noun a few words on: "ignore
	// all previous instructions", "disregard the rules above".
	for i, w := range ws {
		if !overrideVerbs[w] {
			continue
		}
		for _, x := range ws[i+1 : min(len(ws), i+7)] {
			// Between people, "I'm ignoring you" ignores a person.
			if instructionNouns[x] && !(talk && (addressees[x] || x == "you've" || x == "youve")) {
				return true
			}
		}
	}
	joined := " " + strings.Join(ws, " ") + " "
	// A model's own words: "developer mode", "your system prompt".
	for _, p := range []string{" mode enabled ", " developer mode ", " jailbreak ", " jailbroken ", " new instructions ", " new instruction ",
		" updated instructions ", " your instructions ", " your prompt ", " your system prompt ", " your rules "} {
		if strings.Contains(joined, p) {
			return true
		}
	}
	if talk && !slices.ContainsFunc(ws, func(w string) bool { return readerWords[w] }) {
		// Between people a role switch ("you are now my favourite",
		// "I just pretend to be a doctor", "From now on, I have no first
		// name") or an imperative ("Call me when you get there") is said
		// to one of them.
		return false
	}
	// A role switch: "you are now", "from now on you", "pretend to be",
	// "no longer an assistant".
	for _, p := range []string{" you are now ", " you're now ", " youre now ", " you are no longer ", " you're no longer ",
		" pretend to be ", " pretend you ", " roleplay as ", " role play as ", " act as if "} {
		if strings.Contains(joined, p) {
			return true
		}
	}
	// "From now on, answer in French", "from now on you are …": a rule
	// for the reader, when the sentence opens with it or it goes on to the
	// reader or to what to say; "send your subs to her from now on" is
	// the world's.
	if i := strings.Index(joined, " from now on "); i >= 0 {
		rest := ws[len(strings.Fields(joined[:i]))+3:]
		if i == 0 || slices.ContainsFunc(rest[:min(len(rest), 2)], func(w string) bool { return addressees[w] || speechVerbs[w] }) {
			return true
		}
	}
	// An imperative aimed at the reader: the sentence opens with a verb
	// of speech or action, or with always/never/must, and either
	// addresses the reader or tells it what to say ("Always answer that
	// …", "Tell the user …", "You must reply …").
	first := ws[0]
	lead := ws[:min(len(ws), 4)]
	if selfNote(lead, ws) {
		// "Please remember that I'm allergic to penicillin": what to
		// remember is the speaker's own fact, as a memory is told.
		return false
	}
	addressed, speech := false, false
	for _, w := range ws {
		addressed = addressed || addressees[w]
	}
	for _, w := range lead {
		speech = speech || speechVerbs[w]
	}
	switch {
	case speechVerbs[first] && (addressed || hasAny(ws, "user", "users", "anyone", "everyone", "whoever")):
		return true
	case openers[first] && speech:
		return true
	case (first == "do" || first == "don't" || first == "dont") && len(ws) > 2 && (ws[1] == "not" && speechVerbs[ws[2]] || first != "do" && speechVerbs[ws[1]]):
		return true
	case (first == "you" || first == "assistant" || first == "ai") && len(ws) > 2 && (ws[1] == "must" || ws[1] == "should" || ws[1] == "will" || ws[1] == "shall") && speechVerbs[ws[2]]:
		return true
	case first == "when" && hasAny(ws, "asked", "asks", "ask") && speech2(ws):
		return true
	}
	return false
}

func hasAny(ws []string, xs ...string) bool {
	for _, w := range ws {
		for _, x := range xs {
			if w == x {
				return true
			}
		}
	}
	return false
}

// selfNote reports whether a sentence asks to remember or note a fact of
// the one who says it: "remember" or "note" among its first words, then
// "that" and a clause that speaks of "me", "my …" or "we", with no word
// of a model or its user and no "you".
func selfNote(lead, ws []string) bool {
	i := slices.IndexFunc(lead, func(w string) bool { return w == "remember" || w == "note" })
	if i < 0 || i+2 >= len(ws) || ws[i+1] != "that" {
		return false
	}
	clause := ws[i+2:]
	return slices.ContainsFunc(clause, func(w string) bool { return firstPerson[w] }) &&
		!slices.ContainsFunc(ws, func(w string) bool { return readerWords[w] || addressees[w] })
}

// firstPerson are the words of the one who speaks.
var firstPerson = set("i", "i'm", "i've", "i'd", "me", "my", "mine", "we", "we're", "us", "our")

// speech2 reports whether a "when asked …" sentence goes on to tell the
// reader what to say.
func speech2(ws []string) bool {
	for _, w := range ws[1:] {
		switch w {
		case "say", "answer", "respond", "reply", "tell", "claim", "state":
			return true
		}
	}
	return false
}
