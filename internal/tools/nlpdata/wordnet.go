package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// wordnetMagic opens wordnet.bin; the nlp package checks it.
const wordnetMagic = "MNWN1\n"

// classAnchors are the synsets whose hyponyms make a noun's classes, as
// lemma and sense number. The order gives the bits; the nlp package names
// the same bits in the same order (nlp.Class).
var classAnchors = [][]struct {
	lemma string
	sense int
}{
	{{"person", 1}}, // Person
	{{"animal", 1}}, // Animal
	// Drug; insulin, prednisone and estrogen are hormones.
	{{"drug", 1}, {"medicine", 2}, {"hormone", 1}},
	{{"vaccine", 1}},      // Vaccine
	{{"organization", 1}}, // Organization
	{{"team", 1}},         // Team
	{{"educational_institution", 1}, {"school", 1}}, // School
	{{"city", 1}, {"town", 1}, {"municipality", 1}}, // City
	{{"country", 1}, {"state", 1}},                  // Country
	{{"location", 1}, {"geographical_area", 1}},     // Place
	{{"food", 1}, {"food", 2}},                      // Food
	{{"vehicle", 1}},                                // Vehicle
	{{"disease", 1}, {"illness", 1}},                // Disease
	{{"relative", 1}},                               // Relative
	{{"worker", 1}, {"professional", 1}, {"leader", 1}, {"expert", 1}, {"official", 1}, {"employee", 1}}, // Worker
	{{"academic_degree", 1}},               // Degree
	{{"facility", 1}, {"building", 1}},     // Facility
	{{"structure", 1}, {"artifact", 1}},    // Artifact
	{{"event", 1}, {"act", 2}},             // Event
	{{"time_period", 1}, {"time_unit", 1}}, // Period
}

// synset is what wordnetData reads of one synset.
type synset struct {
	lexfile int
	hyper   []int // hypernyms and instance hypernyms
	words   []string
}

// readData reads a data.* file: offset → synset.
func readData(path string) (map[int]*synset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[int]*synset{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue
		}
		if i := strings.Index(line, " | "); i >= 0 {
			line = line[:i]
		}
		fs := strings.Fields(line)
		if len(fs) < 4 {
			continue
		}
		off, _ := strconv.Atoi(fs[0])
		lex, _ := strconv.Atoi(fs[1])
		wc, _ := strconv.ParseInt(fs[3], 16, 32)
		s := &synset{lexfile: lex}
		k := 4
		for w := 0; w < int(wc); w++ {
			s.words = append(s.words, strings.ToLower(fs[k]))
			k += 2
		}
		np, _ := strconv.Atoi(fs[k])
		k++
		for p := 0; p < np; p++ {
			sym, target, pos := fs[k], fs[k+1], fs[k+2]
			k += 4
			if (sym == "@" || sym == "@i") && pos == "n" {
				t, _ := strconv.Atoi(target)
				s.hyper = append(s.hyper, t)
			}
		}
		out[off] = s
	}
	return out, sc.Err()
}

// indexEntry is one line of an index.* file: a lemma and its synsets,
// most frequent first.
type indexEntry struct {
	lemma   string
	offsets []int
	// tagged is the number of senses seen in SemCor; they come first.
	tagged int
}

func readIndex(path string) ([]indexEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []indexEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 6 {
			continue
		}
		sn, _ := strconv.Atoi(fs[2])
		pn, _ := strconv.Atoi(fs[3])
		offs := fs[4+pn+2:]
		if len(offs) != sn {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		e := indexEntry{lemma: fs[0]}
		e.tagged, _ = strconv.Atoi(fs[4+pn+1])
		for _, o := range offs {
			v, _ := strconv.Atoi(o)
			e.offsets = append(e.offsets, v)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// readExc reads an exception list: inflected form → first base form.
func readExc(path string) ([][2]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out [][2]string
	for line := range strings.SplitSeq(string(b), "\n") {
		fs := strings.Fields(line)
		if len(fs) >= 2 {
			out = append(out, [2]string{strings.ReplaceAll(fs[0], "_", " "), strings.ReplaceAll(fs[1], "_", " ")})
		}
	}
	return out, nil
}

// wordnetData encodes what the nlp package reads of WordNet, as text
// sections "#name\n" of sorted "key\tvalue" lines:
//
//	#verb.exc, #noun.exc, #adj.exc   inflected form → base form
//	#verbs                           verb lemma → lexicographer file number
//	#adjs                            adjective lemma (one word) → nothing
//	#nouns                           noun lemma → lexicographer file number of the first sense,
//	                                 class bits (hexadecimal) of the senses seen in SemCor (else the first)
//
// Multi-word lemmas are written with spaces; nouns of more than two words
// are left out.
func wordnetData(dir string) ([]byte, error) {
	nouns, err := readData(filepath.Join(dir, "data.noun"))
	if err != nil {
		return nil, err
	}
	verbs, err := readData(filepath.Join(dir, "data.verb"))
	if err != nil {
		return nil, err
	}
	nidx, err := readIndex(filepath.Join(dir, "index.noun"))
	if err != nil {
		return nil, err
	}
	vidx, err := readIndex(filepath.Join(dir, "index.verb"))
	if err != nil {
		return nil, err
	}
	byLemma := map[string][]int{}
	for _, e := range nidx {
		byLemma[e.lemma] = e.offsets
	}
	anchors := map[int]uint32{}
	for bit, as := range classAnchors {
		for _, a := range as {
			offs := byLemma[a.lemma]
			if len(offs) < a.sense {
				return nil, fmt.Errorf("class anchor %s#%d: no such sense", a.lemma, a.sense)
			}
			anchors[offs[a.sense-1]] |= 1 << bit
			fmt.Fprintf(os.Stderr, "anchor %d %s#%d %v\n", bit, a.lemma, a.sense, nouns[offs[a.sense-1]].words)
		}
	}
	memo := map[int]uint32{}
	var classes func(off, depth int) uint32
	classes = func(off, depth int) uint32 {
		if v, ok := memo[off]; ok {
			return v
		}
		v := anchors[off]
		if s := nouns[off]; s != nil && depth < 40 {
			for _, h := range s.hyper {
				v |= classes(h, depth+1)
			}
		}
		memo[off] = v
		return v
	}
	var b bytes.Buffer
	b.WriteString(wordnetMagic)
	for _, exc := range []string{"verb.exc", "noun.exc", "adj.exc"} {
		pairs, err := readExc(filepath.Join(dir, exc))
		if err != nil {
			return nil, err
		}
		seen := map[string]bool{}
		var lines []string
		for _, p := range pairs {
			if !seen[p[0]] {
				seen[p[0]] = true
				lines = append(lines, p[0]+"\t"+p[1])
			}
		}
		section(&b, exc, lines)
	}
	var lines []string
	for _, e := range vidx {
		lines = append(lines, strings.ReplaceAll(e.lemma, "_", " ")+"\t"+strconv.Itoa(verbs[e.offsets[0]].lexfile))
	}
	section(&b, "verbs", lines)
	aidx, err := readIndex(filepath.Join(dir, "index.adj"))
	if err != nil {
		return nil, err
	}
	lines = lines[:0]
	for _, e := range aidx {
		if !strings.Contains(e.lemma, "_") {
			lines = append(lines, e.lemma+"\t")
		}
	}
	section(&b, "adjs", lines)
	lines = lines[:0]
	for _, e := range nidx {
		if strings.Count(e.lemma, "_") > 1 {
			continue
		}
		s := nouns[e.offsets[0]]
		var c uint32
		for _, off := range e.offsets[:max(1, e.tagged)] {
			c |= classes(off, 0)
		}
		lines = append(lines, fmt.Sprintf("%s\t%d\t%x", strings.ReplaceAll(e.lemma, "_", " "), s.lexfile, c))
	}
	section(&b, "nouns", lines)
	return b.Bytes(), nil
}

// section writes a section of sorted lines.
func section(b *bytes.Buffer, name string, lines []string) {
	sort.Strings(lines)
	b.WriteString("#" + name + "\n")
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
}
