package main

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestShares(t *testing.T) {
	f, err := os.Open("testdata/smaps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got := shares(f, "/opt/mnemo/mnemo")
	want := map[string]int64{
		partBinary:  40960 << 10,
		partBinPMD:  30720 << 10,
		partKuzuLib: 12288 << 10,
		partLibs:    2048 << 10,
		partPool:    57344 << 10,
		partCHeap:   (30720 + 2048) << 10,
		partCode:    1024 << 10,
		partAnon:    (512 + 128) << 10,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("shares(testdata/smaps) differs (-want +got):\n%s", diff)
	}
}
