package wire

import (
	"time"

	"github.com/mnemohq/mnemo/engine"
)

// Why is why mnemo believes a fact (docs/trust.md): the fact, its trust,
// and the steps that made it what it is, oldest first.
type Why struct {
	Fact Fact `json:"fact"`
	// SourceClass is the class of the fact's most trusted source, Level
	// its level, Threshold the group's quarantine threshold.
	SourceClass string `json:"source_class"`
	Level       int    `json:"level"`
	Threshold   int    `json:"threshold"`
	// Quarantine says why the fact is quarantined; absent when it is not.
	Quarantine string    `json:"quarantine,omitempty"`
	Steps      []WhyStep `json:"steps"`
}

// WhyStep is one step of a fact's record.
type WhyStep struct {
	// Step is stated, quarantined, corroborated, approved, invalidated,
	// ended, vetoed, marked_wrong or merged.
	Step string     `json:"step"`
	At   *time.Time `json:"at"`
	// Episode is the episode that took the step; SourceClass its class
	// (or an approver's).
	Episode     string `json:"episode,omitempty"`
	SourceClass string `json:"source_class,omitempty"`
	// EpisodeName and ReferenceTime describe the episode; EpisodeErased
	// says it is no longer in the group (forgotten or deleted).
	EpisodeName   string     `json:"episode_name,omitempty"`
	ReferenceTime *time.Time `json:"reference_time,omitempty"`
	EpisodeErased bool       `json:"episode_erased,omitempty"`
	// Extractor and Rule name what extracted a stated fact: the plugin
	// and its rule or model.
	Extractor string `json:"extractor,omitempty"`
	Rule      string `json:"rule,omitempty"`
	// Span is the byte offsets [start, end) of the sentence in the
	// episode's content that states the fact, Sentence that sentence.
	Span     []int  `json:"span,omitempty"`
	Sentence string `json:"sentence,omitempty"`
	// Fact and FactText name the other fact involved: the one that
	// invalidated this one, the one it was refused to end.
	Fact     string `json:"fact,omitempty"`
	FactText string `json:"fact_text,omitempty"`
	// Note says more: why it was quarantined, the reason of a wrong mark.
	Note string `json:"note,omitempty"`
}

// WhyOf shows an explanation; f is its fact as shown.
func WhyOf(w engine.Why, f Fact) Why {
	out := Why{Fact: f, SourceClass: w.Class, Level: w.Level, Threshold: w.Threshold, Quarantine: w.Quarantine, Steps: []WhyStep{}}
	for _, s := range w.Steps {
		st := WhyStep{Step: s.Step, At: Time(s.At), Episode: s.Episode, SourceClass: s.Class, Extractor: s.Extractor, Rule: s.Rule,
			Fact: s.Fact, Note: s.Note}
		if s.Episode != "" {
			ep, ok := w.Episodes[s.Episode]
			st.EpisodeErased = !ok
			if ok {
				st.EpisodeName, st.ReferenceTime = ep.Name, Time(ep.ValidAt)
				if s.End > s.Start && s.End <= len(ep.Content) {
					st.Span, st.Sentence = []int{s.Start, s.End}, ep.Content[s.Start:s.End]
				}
			}
		}
		if x, ok := w.Facts[s.Fact]; ok {
			st.FactText = x.Text
		}
		out.Steps = append(out.Steps, st)
	}
	return out
}
