package main

import "testing"

// TestExtractFirmIsNoShe: a firm named by its owner and its trade
// ("Penhallow Builders") is no full name "she" may stand for.
func TestExtractFirmIsNoShe(t *testing.T) {
	runConstructions(t, []construction{
		{name: "a builder's firm between",
			content: "Ingunn Dahl joined Fenlow Rowing Club in 2019. The new doors were fitted by Penhallow Builders. She left the club in 2022.",
			want:    []wf{{"PLAYS_FOR", "Ingunn Dahl", "Fenlow Rowing Club", "2019-01-01", "2022-01-01"}},
			absent:  []wf{{"*", "Penhallow Builders", "Fenlow Rowing Club", "", ""}}},
		{name: "a surname that is a plural stays a name",
			content: "Sam Banks joined Fenlow Rowing Club in 2019. She left the club in 2022.",
			want:    []wf{{"PLAYS_FOR", "Sam Banks", "Fenlow Rowing Club", "2019-01-01", "2022-01-01"}}},
	})
}
