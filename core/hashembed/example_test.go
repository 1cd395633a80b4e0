package hashembed_test

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core/hashembed"
)

// Names that differ by a typo, case or word order stay close; unrelated
// names do not.
func Example() {
	e := hashembed.New(0)
	vs, err := e.Embed(context.Background(), []string{"Alice Smith", "alice SMYTH", "Smith, Alice", "Bob Jones"})
	if err != nil {
		fmt.Println(err)
		return
	}
	cos := func(a, b []float32) float64 {
		var s float64
		for i := range a {
			s += float64(a[i]) * float64(b[i])
		}
		return s
	}
	for _, i := range []int{1, 2, 3} {
		fmt.Printf("%.2f\n", cos(vs[0], vs[i]))
	}
	// Output:
	// 0.52
	// 0.96
	// 0.04
}
