package kuzu

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestCatchUp(t *testing.T) {
	const mib = 1 << 20
	src := bytes.Repeat([]byte("abcdefgh"), 3*mib/8+100) // three blocks and a bit
	changed := bytes.Clone(src)
	changed[mib+5] = 'X'
	tests := []struct {
		name          string
		copy          []byte
		wantRewritten int64
	}{
		{"equal", src, 0},
		{"one block differs", changed, mib},
		{"shorter", src[:mib], int64(len(src) - mib)},
		{"longer", append(bytes.Clone(src), "tail"...), 0},
		{"empty", nil, int64(len(src))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			a, b := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
			if err := os.WriteFile(a, src, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(b, tt.copy, 0o644); err != nil {
				t.Fatal(err)
			}
			n, err := catchUp(a, b)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(b)
			if !bytes.Equal(got, src) || n != tt.wantRewritten {
				t.Errorf("catchUp rewrote %d bytes (want %d); equal after: %v", n, tt.wantRewritten, bytes.Equal(got, src))
			}
		})
	}
}
