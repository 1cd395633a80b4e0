package hashembed_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mnemohq/mnemo/core/hashembed"
)

// BenchmarkEmbed measures embeddings per second of short names and of
// ~100-word texts at the default dimension:
//
//	go test -run '^$' -bench Embed -benchmem ./core/hashembed
func BenchmarkEmbed(b *testing.B) {
	words := strings.Fields(`Alice joined Acme Corporation in Zürich as a senior
		engineer in March 2021 after six years at Globex, where she led the
		storage team. She moved to the graph database group in 2023 and now
		works with Bob Jones on the temporal knowledge graph that powers the
		company's support assistant. Her manager, Carol Díaz, says the project
		cut the time to answer customer questions by half. Outside work Alice
		climbs, plays the cello in a community orchestra and volunteers at the
		city library on weekends, teaching older people to use their phones
		and the library's online catalogue safely, which she started doing
		after her grandmother asked for help during the winter of 2022 when
		the branch`)
	cases := []struct {
		name string
		text string
	}{
		{"name", "Alice Smith"},
		{"100words", strings.Join(words[:100], " ")},
	}
	e := hashembed.New(0)
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			dst := make([]float32, e.Dimension())
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for b.Loop() {
				e.VectorInto(dst, c.text)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "embeds/s")
		})
		b.Run(c.name+"/batch64", func(b *testing.B) {
			texts := make([]string, 64)
			for i := range texts {
				texts[i] = c.text
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Embed(context.Background(), texts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*len(texts))/b.Elapsed().Seconds(), "embeds/s")
		})
	}
}
