//go:build wasip1

// Command sockets tries to reach the network: a TCP dial to each address in
// its texts, and WASI sock_accept and sock_send on the first descriptors.
// (Go's net.Listen on wasip1 succeeds on an in-process fake network that
// reaches nothing outside the module, so it proves nothing here.)
// Its summary reports each attempt, one per line, as "name: ok" or
// "name: error: ...".
package main

import (
	"fmt"
	"net"
	"strings"
	"unsafe"

	"github.com/mnemohq/mnemo/plugins/sdk"
	"github.com/mnemohq/mnemo/wasm/abi"
)

func init() {
	sdk.Register(sdk.Plugin{Name: "sockets", Version: "1", Summarize: summarize})
}

func main() {}

//go:wasmimport wasi_snapshot_preview1 sock_accept
func sockAccept(fd int32, flags int32, newfd unsafe.Pointer) int32

//go:wasmimport wasi_snapshot_preview1 sock_send
func sockSend(fd int32, iovs unsafe.Pointer, iovsLen int32, flags int32, sent unsafe.Pointer) int32

func summarize(req abi.SummarizeRequest) (abi.SummarizeResponse, error) {
	var lines []string
	report := func(name string, err error) {
		if err != nil {
			lines = append(lines, name+": error: "+err.Error())
		} else {
			lines = append(lines, name+": ok")
		}
	}
	for _, addr := range req.Texts {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		report("dial "+addr, err)
	}
	for fd := int32(0); fd < 8; fd++ {
		var newfd int32
		errno := sockAccept(fd, 0, unsafe.Pointer(&newfd))
		report(fmt.Sprintf("sock_accept %d", fd), errnoErr(errno))
		var sent int32
		errno = sockSend(fd, nil, 0, 0, unsafe.Pointer(&sent))
		if fd > 2 { // 0 to 2 are stdio, which sock_send must refuse too
			report(fmt.Sprintf("sock_send %d", fd), errnoErr(errno))
		}
	}
	return abi.SummarizeResponse{Name: "sockets", Summary: strings.Join(lines, "\n")}, nil
}

func errnoErr(errno int32) error {
	if errno == 0 {
		return nil
	}
	return fmt.Errorf("errno %d", errno)
}
