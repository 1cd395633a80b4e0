// Command setrpath rewrites the run-time library search path (DT_RUNPATH or
// DT_RPATH) of an ELF executable in place, so that `make dist` can ship
// mnemo with libkuzu.so beside it ($ORIGIN) instead of the module-cache path
// the cgo build recorded. The new path must not be longer than the old one;
// the rest of the old string is overwritten with NUL bytes. It reads any
// 64-bit ELF file whatever its machine, so the host rewrites a cross-built
// binary (make dist GOARCH=arm64 runs it built for the host).
//
//	go run ./internal/tools/setrpath -rpath '$ORIGIN' dist/mnemo-linux-arm64/mnemo
package main

import (
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	rpath := flag.String("rpath", "$ORIGIN", "the new search path")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: setrpath -rpath PATH FILE")
		os.Exit(2)
	}
	old, err := setRPath(flag.Arg(0), *rpath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "setrpath:", err)
		os.Exit(1)
	}
	fmt.Printf("%s: run path %q -> %q\n", flag.Arg(0), old, *rpath)
}

func setRPath(path, rpath string) (string, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	ef, err := elf.NewFile(f)
	if err != nil {
		return "", fmt.Errorf("read elf: %w", err)
	}
	dyn := ef.Section(".dynamic")
	dynstr := ef.Section(".dynstr")
	if dyn == nil || dynstr == nil {
		return "", errors.New("not a dynamically linked executable")
	}
	data, err := dyn.Data()
	if err != nil {
		return "", fmt.Errorf("read .dynamic: %w", err)
	}
	if ef.Class != elf.ELFCLASS64 {
		return "", errors.New("only 64-bit ELF is supported")
	}
	bo := ef.ByteOrder
	found := false
	var old string
	for i := 0; i+16 <= len(data); i += 16 {
		tag := elf.DynTag(bo.Uint64(data[i:]))
		if tag != elf.DT_RUNPATH && tag != elf.DT_RPATH {
			continue
		}
		off := int64(bo.Uint64(data[i+8:]))
		s, err := readCString(f, int64(dynstr.Offset)+off)
		if err != nil {
			return "", err
		}
		if len(rpath) > len(s) {
			return "", fmt.Errorf("new path %q is longer than the old %q", rpath, s)
		}
		buf := make([]byte, len(s))
		copy(buf, rpath)
		if _, err := f.WriteAt(buf, int64(dynstr.Offset)+off); err != nil {
			return "", err
		}
		old, found = s, true
	}
	if !found {
		return "", errors.New("no DT_RUNPATH or DT_RPATH entry")
	}
	return old, f.Sync()
}

func readCString(r io.ReaderAt, off int64) (string, error) {
	var out []byte
	buf := make([]byte, 256)
	for {
		n, err := r.ReadAt(buf, off)
		for i := 0; i < n; i++ {
			if buf[i] == 0 {
				return string(append(out, buf[:i]...)), nil
			}
		}
		out = append(out, buf[:n]...)
		off += int64(n)
		if err != nil {
			return "", fmt.Errorf("read string: %w", err)
		}
	}
}
