package main

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sort"

	"github.com/jdkato/prose/v2"
)

// taggerMagic opens tagger.bin; the nlp package checks it.
const taggerMagic = "MNTAG1\n"

// taggerData encodes prose's tagger model:
//
//	magic
//	u8 classes, each u8 length and the tag
//	u32 words of the tag dictionary, each u8 length, the word, u8 class
//	u32 features; u32 hashes (ascending); u32 offsets into the weights (one more than the features)
//	u32 weights; u8 classes; i16 weights, times the scale
//	u32 scale: the largest integer that keeps every weight within an int16
func taggerData() ([]byte, error) {
	var weights map[string]map[string]float64
	var tags map[string]string
	var classes []string
	for _, a := range []struct {
		name string
		v    any
	}{{"weights.gob", &weights}, {"tags.gob", &tags}, {"classes.gob", &classes}} {
		b, err := prose.Asset("model/AveragedPerceptron/" + a.name)
		if err != nil {
			return nil, err
		}
		if err := gob.NewDecoder(bytes.NewReader(b)).Decode(a.v); err != nil {
			return nil, fmt.Errorf("decode %s: %w", a.name, err)
		}
	}
	slices.Sort(classes)
	class := map[string]byte{}
	for i, c := range classes {
		class[c] = byte(i)
	}
	var b bytes.Buffer
	b.WriteString(taggerMagic)
	b.WriteByte(byte(len(classes)))
	for _, c := range classes {
		b.WriteByte(byte(len(c)))
		b.WriteString(c)
	}
	words := make([]string, 0, len(tags))
	for w := range tags {
		words = append(words, w)
	}
	sort.Strings(words)
	u32 := func(v uint32) { _ = binary.Write(&b, binary.LittleEndian, v) }
	u32(uint32(len(words)))
	for _, w := range words {
		c, ok := class[tags[w]]
		if !ok || len(w) > 255 {
			return nil, fmt.Errorf("tag dictionary: %q → %q", w, tags[w])
		}
		b.WriteByte(byte(len(w)))
		b.WriteString(w)
		b.WriteByte(c)
	}
	type feat struct {
		hash uint32
		name string
	}
	feats := make([]feat, 0, len(weights))
	for f := range weights {
		h := fnv.New32a()
		h.Write([]byte(f))
		feats = append(feats, feat{h.Sum32(), f})
	}
	sort.Slice(feats, func(i, j int) bool { return feats[i].hash < feats[j].hash })
	for i := 1; i < len(feats); i++ {
		if feats[i].hash == feats[i-1].hash {
			return nil, fmt.Errorf("features %q and %q have the same hash", feats[i-1].name, feats[i].name)
		}
	}
	maxAbs := 0.0
	for _, ws := range weights {
		for _, w := range ws {
			maxAbs = max(maxAbs, math.Abs(w))
		}
	}
	scale := math.Floor(math.MaxInt16 / maxAbs)
	var pc []byte
	var pw []int16
	offsets := make([]uint32, 0, len(feats)+1)
	for _, f := range feats {
		offsets = append(offsets, uint32(len(pc)))
		ws := weights[f.name]
		cs := make([]string, 0, len(ws))
		for c := range ws {
			cs = append(cs, c)
		}
		sort.Strings(cs)
		for _, c := range cs {
			q := math.Round(ws[c] * scale)
			if q == 0 {
				continue
			}
			if q > math.MaxInt16 || q < math.MinInt16 {
				return nil, fmt.Errorf("feature %q class %s: weight %g out of range", f.name, c, ws[c])
			}
			pc = append(pc, class[c])
			pw = append(pw, int16(q))
		}
	}
	offsets = append(offsets, uint32(len(pc)))
	u32(uint32(len(feats)))
	for _, f := range feats {
		u32(f.hash)
	}
	for _, o := range offsets {
		u32(o)
	}
	u32(uint32(len(pc)))
	b.Write(pc)
	for _, w := range pw {
		_ = binary.Write(&b, binary.LittleEndian, w)
	}
	u32(uint32(scale))
	return b.Bytes(), nil
}
