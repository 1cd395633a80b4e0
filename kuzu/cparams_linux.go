//go:build linux

package kuzu

// #cgo LDFLAGS: -ldl
// #include <malloc.h>
// #include <stdint.h>
// #include <stdio.h>
// #include <stdlib.h>
// extern uint64_t mnemo_kuzu_freed_strings;
// static char *mnemo_malloc_info(size_t *n) {
// 	char *buf = NULL;
// 	FILE *f = open_memstream(&buf, n);
// 	if (f == NULL) return NULL;
// 	malloc_info(0, f);
// 	fclose(f);
// 	return buf;
// }
import "C"

import (
	"regexp"
	"strconv"
	"sync/atomic"
	"unsafe"
)

// Statement parameters and go-kuzu's leak.
//
// go-kuzu v0.11.3 copies every string parameter, and every field name of
// a map parameter, into C memory and never frees the copy: measured under
// heaptrack, 22.8 MB leaked over 5,000 offline episodes (740,513 strings,
// about 4.6 KB an episode), growing for as long as the process writes.
// cparams_linux.c defines the two Kuzu functions go-kuzu hands those
// copies to; the executable's calls bind to those definitions, which call
// Kuzu's and free the copies (TestStringParametersDoNotLeak). Elsewhere
// than Linux the leak remains.

// freedParamStrings counts the C strings of parameters freed so far.
func freedParamStrings() uint64 {
	return atomic.LoadUint64((*uint64)(&C.mnemo_kuzu_freed_strings))
}

// cHeapInUse returns the bytes glibc's malloc holds for the process's
// live allocations, every arena counted (malloc_info: the memory taken
// from the system less what is free in the arenas); -1 when it cannot
// tell.
func cHeapInUse() int64 {
	xml := mallocInfo()
	if xml == "" {
		return -1
	}
	return heapInUse(xml)
}

// mallocInfo returns malloc_info's XML, "" when it gives none.
func mallocInfo() string {
	var n C.size_t
	buf := C.mnemo_malloc_info(&n)
	if buf == nil {
		return ""
	}
	defer C.free(unsafe.Pointer(buf))
	return C.GoStringN(buf, C.int(n))
}

// heapInUse reads malloc_info's XML, whose last entries are the process's
// totals: the arenas' memory taken from the system, less their free fast
// and other chunks, plus the chunks mapped apart (large ones).
func heapInUse(xml string) int64 {
	last := func(re *regexp.Regexp) int64 {
		m := re.FindAllStringSubmatch(xml, -1)
		if len(m) == 0 {
			return -1
		}
		return atoi64(m[len(m)-1][1])
	}
	system, fast, rest, mapped := last(systemRe), last(fastRe), last(restRe), last(mmapRe)
	if system < 0 || fast < 0 || rest < 0 || mapped < 0 {
		return -1
	}
	return system - fast - rest + mapped
}

var (
	systemRe    = regexp.MustCompile(`<system type="current" size="(\d+)"/>`)
	fastRe      = regexp.MustCompile(`<total type="fast" count="\d+" size="(\d+)"/>`)
	restRe      = regexp.MustCompile(`<total type="rest" count="\d+" size="(\d+)"/>`)
	mmapRe      = regexp.MustCompile(`<total type="mmap" count="\d+" size="(\d+)"/>`)
	mmapCountRe = regexp.MustCompile(`<total type="mmap" count="(\d+)" size="\d+"/>`)
)

// atoi64 is strconv.ParseInt of a decimal, -1 when it is not one.
func atoi64(s string) int64 {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return -1
	}
	return v
}
