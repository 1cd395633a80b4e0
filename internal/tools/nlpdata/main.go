// Command nlpdata writes the language data of the rule extractor's
// analyser (package plugins/rule-extractor/nlp), which has no dependency
// of its own:
//
//   - tagger.bin: the averaged-perceptron part-of-speech model of
//     github.com/jdkato/prose/v2 (v2.0.0; a port of Matthew Honnibal's
//     tagger, Penn Treebank tags), its weights rounded to thousandths as
//     prose's trainer rounds them, keyed by a 32-bit FNV-1a hash of the
//     feature string;
//   - wordnet.bin: from WordNet 3.0 as Debian's wordnet-base installs it in
//     /usr/share/wordnet: the exception lists of morphy (mice → mouse,
//     went → go), the verb and noun vocabulary morphy checks its
//     candidates against, and for each noun its lexicographer file
//     (noun.person, noun.animal, …) and the classes its first sense falls
//     under (a drug, a vaccine, an organisation, a city, …), from the
//     hypernyms;
//   - names.txt: the given names of the npm package human-names (MIT),
//     a gazetteer of about 5,300 names in six languages.
//
// `make nlp-data` runs it from the repository's root:
//
//	cd internal/tools/nlpdata && go run . -out ../../../plugins/rule-extractor/nlp -names DIR
//
// where DIR is the package/data directory of `npm pack human-names@1.0.13`.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	out := flag.String("out", ".", "directory to write tagger.bin and wordnet.bin into")
	wn := flag.String("wordnet", "/usr/share/wordnet", "WordNet's dict directory (Debian's wordnet-base)")
	names := flag.String("names", "", "the data directory of the npm package human-names (npm pack human-names@"+namesVersion+"); empty leaves names.txt as it is")
	checkDir := flag.String("check", "", "instead, compare package nlp's tagger with prose's on the treebank sample in this prose module directory")
	flag.Parse()
	if *checkDir != "" {
		if err := check(*checkDir); err != nil {
			fmt.Fprintf(os.Stderr, "nlpdata: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*out, *wn, *names); err != nil {
		fmt.Fprintf(os.Stderr, "nlpdata: %v\n", err)
		os.Exit(1)
	}
}

func run(out, wn, names string) error {
	// output is a file the generator writes, and what makes its bytes.
	type output struct {
		name string
		make func() ([]byte, error)
	}
	files := []output{
		{"tagger.bin", taggerData},
		{"wordnet.bin", func() ([]byte, error) { return wordnetData(wn) }},
	}
	if names != "" {
		files = append(files, output{"names.txt", func() ([]byte, error) { return namesData(names) }})
	}
	for _, f := range files {
		b, err := f.make()
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, f.name), b, 0o644); err != nil {
			return err
		}
		fmt.Printf("%s %d bytes\n", f.name, len(b))
	}
	return nil
}
