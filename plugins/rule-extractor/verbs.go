package main

import "strings"

// form is a bit set of the grammatical forms a verb's word can be.
type form uint8

const (
	fBase    form = 1 << iota // work; be
	fPresent                  // works; am, is, are
	fPast                     // worked; was, were
	fPart                     // worked (have worked); been
	fIng                      // working
)

// verb is a verb with its forms.
type verb struct {
	lemma string
	forms map[string]form
}

// verbTable lists the verbs the patterns use: base, third person present,
// past, past participle, present participle, then any spelling variants
// as "form=word" (travelled).
var verbTable = []string{
	"work works worked worked working",
	"live lives lived lived living",
	"move moves moved moved moving",
	"relocate relocates relocated relocated relocating",
	"settle settles settled settled settling",
	"reside resides resided resided residing",
	"have has had had having",
	"get gets got gotten getting part=got",
	"marry marries married married marrying",
	"divorce divorces divorced divorced divorcing",
	"date dates dated dated dating",
	"break breaks broke broken breaking",
	"split splits split split splitting",
	"like likes liked liked liking",
	"love loves loved loved loving",
	"adore adores adored adored adoring",
	"enjoy enjoys enjoyed enjoyed enjoying",
	"prefer prefers preferred preferred preferring",
	"hate hates hated hated hating",
	"detest detests detested detested detesting",
	"dislike dislikes disliked disliked disliking",
	"adopt adopts adopted adopted adopting",
	"buy buys bought bought buying",
	"purchase purchases purchased purchased purchasing",
	"own owns owned owned owning",
	"drive drives drove driven driving",
	"sell sells sold sold selling",
	"study studies studied studied studying",
	"graduate graduates graduated graduated graduating",
	"attend attends attended attended attending",
	"visit visits visited visited visiting",
	"travel travels traveled traveled traveling past=travelled part=travelled ing=travelling",
	"fly flies flew flown flying",
	"go goes went gone going",
	"take takes took taken taking",
	"start starts started started starting base=begin present=begins past=began part=begun ing=beginning",
	"join joins joined joined joining",
	"leave leaves left left leaving",
	"quit quits quit quit quitting",
	"retire retires retired retired retiring",
	"resign resigns resigned resigned resigning",
	"teach teaches taught taught teaching",
	"manage manages managed managed managing",
	"report reports reported reported reporting",
	"meet meets met met meeting",
	"grow grows grew grown growing",
	"found founds founded founded founding",
	"cofound cofounds cofounded cofounded cofounding past=co-founded part=co-founded",
	"acquire acquires acquired acquired acquiring",
	"become becomes became become becoming",
	"name names named named naming",
	"appoint appoints appointed appointed appointing",
	"hire hires hired hired hiring",
	"elect elects elected elected electing",
	"promote promotes promoted promoted promoting",
	"step steps stepped stepped stepping",
	"establish establishes established established establishing",
	"put puts put put putting",
	"switch switches switched switched switching",
	"prescribe prescribes prescribed prescribed prescribing",
	"book books booked booked booking",
	"schedule schedules scheduled scheduled scheduling",
	"place places placed placed placing",
	"make makes made made making",
	"order orders ordered ordered ordering",
	"sit sits sat sat sitting",
	"be am was been being present=is present=are past=were",
}

// verbs maps a lemma to its verb.
var verbs = func() map[string]*verb {
	m := map[string]*verb{}
	order := []form{fBase, fPresent, fPast, fPart, fIng}
	names := map[string]form{"base": fBase, "present": fPresent, "past": fPast, "part": fPart, "ing": fIng}
	for _, row := range verbTable {
		f := strings.Fields(row)
		v := &verb{lemma: f[0], forms: map[string]form{}}
		for i, w := range f {
			if k, word, ok := strings.Cut(w, "="); ok {
				v.forms[word] |= names[k]
				continue
			}
			if i < len(order) {
				v.forms[w] |= order[i]
			}
		}
		m[v.lemma] = v
	}
	return m
}()
