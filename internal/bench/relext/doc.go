// Package relext scores mnemo's offline extraction on public,
// human-annotated relation data: each document is ingested as an episode
// through the engine, and each annotated argument pair is scored on
// whether mnemo's facts between the two arguments carry the annotated
// relation.
//
// A data set is a list of Documents, each with its text and its
// annotated Pairs (two argument strings and zero or more labels). Score
// maps a group's entities and facts to predicted labels with a Mapping
// (relation → label, by direction; an argument pair that resolves to one
// entity is an alternate name) and counts, per label and in all, the
// labels predicted, the gold labels and the correct ones: precision,
// recall and F1 over labels, as the DialogRE paper's evaluation counts
// them (a label "unanswerable" is no label).
//
// The readers know DialogRE (dialogre.go) and WebNLG (webnlg.go). A third
// set, LongMemEval's short answers (lmeanswers.go), is scored otherwise:
// whether the facts of the user turns that state an answer hold it. The
// data is read from where it lies; nothing of it is copied into the
// repository.
package relext
