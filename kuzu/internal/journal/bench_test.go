package journal_test

import (
	"encoding/binary"
	"fmt"
	"os"
	"testing"

	"github.com/mnemohq/mnemo/kuzu/internal/journal"
)

// The benchmarks run on the file system of the temporary directory, and
// Append's figures are those of its fdatasync. Run them with
//
//	go test -bench . -run '^$' ./kuzu/internal/journal/

// BenchmarkAppend appends records of 1 KiB and 64 KiB, each synced before
// the next, and reports records/s.
func BenchmarkAppend(b *testing.B) {
	for _, size := range []int{1 << 10, 64 << 10} {
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			l := openLog(b, journal.Options{Dir: b.TempDir()})
			data := make([]byte, size)
			for i := range data {
				data[i] = byte(i)
			}
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := l.Append(1, data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "records/s")
		})
	}
}

// BenchmarkOpen opens a journal of 256 MiB in 32 MiB segments of 64 KiB
// records, which Open reads and checks whole; the files are in the page
// cache, as they are after a crash of the process (not of the machine).
func BenchmarkOpen(b *testing.B) {
	const total, segBytes, recBytes = 256 << 20, 32 << 20, 64 << 10
	dir := b.TempDir()
	data := make([]byte, recBytes)
	seq := uint64(1)
	for written := 0; written < total; written += segBytes {
		seg := binary.LittleEndian.AppendUint64([]byte("MNJRNL01"), seq)
		for len(seg) < segBytes {
			seg = append(seg, encodeRecord(seq, 1, data)...)
			seq++
		}
		if err := os.WriteFile(segPath(dir, binary.LittleEndian.Uint64(seg[8:])), seg, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(total)
	for b.Loop() {
		l, err := journal.Open(journal.Options{Dir: dir})
		if err != nil {
			b.Fatal(err)
		}
		if l.Last() != seq-1 {
			b.Fatalf("Last() = %d, want %d", l.Last(), seq-1)
		}
		l.Close()
	}
}
