// The generator of the rule extractor's language data
// (plugins/rule-extractor/nlp): it reads prose's part-of-speech model and
// Debian's WordNet files. In a module of its own, so that prose and its
// dependencies never reach mnemo's go.mod.
module github.com/mnemohq/mnemo/internal/tools/nlpdata

go 1.26.0

require github.com/jdkato/prose/v2 v2.0.0

require (
	github.com/deckarep/golang-set v1.7.1 // indirect
	github.com/mingrammer/commonregex v1.0.1 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
	gopkg.in/neurosnap/sentences.v1 v1.0.6 // indirect
)

require github.com/mnemohq/mnemo v0.0.0

replace github.com/mnemohq/mnemo => ../../..
