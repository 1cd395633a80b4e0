package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// tourStep is one command of the README's tour and the output the README
// shows for it.
type tourStep struct {
	args []string
	want []string
}

// readmeTour reads the shell blocks of the README's "A five-minute tour"
// section: each "$ mnemo …" line and the lines after it, up to the next
// command.
func readmeTour(t *testing.T) []tourStep {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	start := strings.Index(s, "\n## A five-minute tour")
	if start < 0 {
		t.Fatal("README.md has no section \"A five-minute tour\"")
	}
	s = s[start+1:]
	if end := strings.Index(s, "\n## "); end >= 0 {
		s = s[:end]
	}
	var steps []tourStep
	inBlock := false
	for _, line := range strings.Split(s, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock && strings.TrimPrefix(line, "```") == "sh"
		case !inBlock:
		case strings.HasPrefix(line, "$ "):
			args := shellWords(t, strings.TrimPrefix(line, "$ "))
			if len(args) == 0 || args[0] != "mnemo" {
				t.Fatalf("README tour command %q does not run mnemo", line)
			}
			steps = append(steps, tourStep{args: args[1:]})
		case len(steps) > 0:
			last := &steps[len(steps)-1]
			last.want = append(last.want, line)
		}
	}
	for i := range steps {
		w := steps[i].want
		for len(w) > 0 && strings.TrimSpace(w[len(w)-1]) == "" {
			w = w[:len(w)-1]
		}
		steps[i].want = w
	}
	return steps
}

// shellWords splits a command line as a shell would, for the quoting the
// README uses: words, and double-quoted strings.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var out []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("README tour command %q: unclosed quote", line)
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

var (
	spaces   = regexp.MustCompile(`\s+`)
	duration = regexp.MustCompile(`\b(\d+(\.\d+)?(ns|µs|ms|s|m|h))+\b`)
)

// tourLine is a line as the comparison sees it: columns collapsed to one
// space (their widths follow the widest cell, which may be a date of the
// run) and durations as "DUR".
func tourLine(s string) string {
	return duration.ReplaceAllString(strings.TrimSpace(spaces.ReplaceAllString(s, " ")), "DUR")
}

// tourMatch reports whether a printed line matches a README line, where
// "…" in the README stands for any text.
func tourMatch(readme, got string) bool {
	parts := strings.Split(tourLine(readme), "…")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(tourLine(got))
}

// tourOutputMatches reports whether got (the printed lines) has the shape
// want (the README's): the README's lines in order, consecutive, where a
// line of "…" alone stands for any number of lines.
func tourOutputMatches(want, got []string) bool {
	var trimmed []string
	for _, l := range got {
		trimmed = append(trimmed, strings.TrimRight(l, " "))
	}
	for len(trimmed) > 0 && trimmed[len(trimmed)-1] == "" {
		trimmed = trimmed[:len(trimmed)-1]
	}
	var match func(w, g []string) bool
	match = func(w, g []string) bool {
		if len(w) == 0 {
			return len(g) == 0
		}
		if strings.TrimSpace(w[0]) == "…" {
			for i := 0; i <= len(g); i++ {
				if match(w[1:], g[i:]) {
					return true
				}
			}
			return false
		}
		return len(g) > 0 && tourMatch(w[0], g[0]) && match(w[1:], g[1:])
	}
	return match(want, trimmed)
}

// TestReadmeTour runs the commands of the README's tour, as written, on a
// fresh database with the default configuration (offline), and checks
// that each prints what the README shows.
func TestReadmeTour(t *testing.T) {
	steps := readmeTour(t)
	if len(steps) < 4 {
		t.Fatalf("README tour has %d commands, want the ingest, two searches and the context", len(steps))
	}
	db := filepath.Join(t.TempDir(), "mnemo-data")
	for _, st := range steps {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := exec.CommandContext(ctx, bin, st.args...)
		cmd.Dir = "../.." // the tour runs from the repository's root
		cmd.Env = testEnv(db)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		cancel()
		if err != nil {
			t.Fatalf("mnemo %s: %v\n%s", strings.Join(st.args, " "), err, errb.String())
		}
		if got := strings.Split(out.String(), "\n"); !tourOutputMatches(st.want, got) {
			t.Errorf("mnemo %s printed\n%s\nwant what README.md shows:\n%s", strings.Join(st.args, " "), out.String(), strings.Join(st.want, "\n"))
		}
	}
}

// TestTourOutputMatches checks the comparison itself: a changed count,
// score or fact fails it, a duration or a column width does not.
func TestTourOutputMatches(t *testing.T) {
	readme := []string{"ingested 22 episodes in 690ms: 22 done", "  1  Maya moved to Seattle  2024-02-01 (superseded on …)  1.2", "…", "</FACTS>"}
	tests := []struct {
		name string
		got  []string
		want bool
	}{
		{"same", []string{"ingested 22 episodes in 2.13s: 22 done", "  1  Maya moved to Seattle    2024-02-01 (superseded on 2026-11-28 23:29)    1.2", "x", "y", "</FACTS>", ""}, true},
		{"nothing elided", []string{"ingested 22 episodes in 1m2s: 22 done", "1 Maya moved to Seattle 2024-02-01 (superseded on x) 1.2", "</FACTS>"}, true},
		{"another count", []string{"ingested 21 episodes in 2.13s: 21 done", "1 Maya moved to Seattle 2024-02-01 (superseded on x) 1.2", "</FACTS>"}, false},
		{"another score", []string{"ingested 22 episodes in 2.13s: 22 done", "1 Maya moved to Seattle 2024-02-01 (superseded on x) 1.064", "</FACTS>"}, false},
		{"a line more", []string{"ingested 22 episodes in 2.13s: 22 done", "extra", "1 Maya moved to Seattle 2024-02-01 (superseded on x) 1.2", "</FACTS>"}, false},
		{"a line less", []string{"ingested 22 episodes in 2.13s: 22 done", "</FACTS>"}, false},
		{"a line after the end", []string{"ingested 22 episodes in 2.13s: 22 done", "1 Maya moved to Seattle 2024-02-01 (superseded on x) 1.2", "</FACTS>", "more"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tourOutputMatches(readme, tt.got); got != tt.want {
				t.Errorf("tourOutputMatches(%q) = %v, want %v", tt.got, got, tt.want)
			}
		})
	}
}
