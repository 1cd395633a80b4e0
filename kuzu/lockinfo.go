package kuzu

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// The lock file says who holds the database: the holder's pid on the first
// line, and the URL it serves on the second once it serves one
// (Store.Advertise). Another process that finds the database locked names
// the holder from it, with its command line where /proc has it.

// lockContent is the lock file of process pid serving url ("" for none).
func lockContent(pid int, url string) []byte {
	b := strconv.Itoa(pid) + "\n"
	if url != "" {
		b += url + "\n"
	}
	return []byte(b)
}

// maxCmdline bounds the command line quoted in an error.
const maxCmdline = 200

// describeHolder says who holds a database from its lock file's content:
// " (pid 12, mnemo serve --addr :8080), which serves http://127.0.0.1:8080",
// or "" when the file names nobody.
func describeHolder(content []byte) string {
	lines := strings.Split(strings.TrimSpace(string(content)), "\n")
	pid, err := strconv.Atoi(strings.TrimSpace(lines[0]))
	if err != nil || pid <= 0 {
		return ""
	}
	who := fmt.Sprintf(" (pid %d", pid)
	if cmd := cmdline(pid); cmd != "" {
		who += ": " + cmd
	}
	who += ")"
	if len(lines) > 1 {
		if url := strings.TrimSpace(lines[1]); url != "" {
			who += ", which serves " + url
		}
	}
	return who
}

// cmdline reads the command line of process pid from /proc; "" where there
// is no /proc or it may not be read.
func cmdline(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return ""
	}
	s := strings.TrimSpace(string(bytes.ReplaceAll(bytes.TrimRight(b, "\x00"), []byte{0}, []byte{' '})))
	if len(s) > maxCmdline {
		s = s[:maxCmdline] + "…"
	}
	return s
}

// Advertise records in the lock file the URL at which the process holding
// the database serves it (mnemo serve's HTTP API), so that a process that
// finds the database locked can say where to go instead. An in-memory
// Store has no lock file and does nothing. It is safe for concurrent use.
func (s *Store) Advertise(url string) error {
	s.ops.RLock()
	defer s.ops.RUnlock()
	if s.closed || s.lock == nil {
		return nil
	}
	if err := s.lock.Truncate(0); err != nil {
		return fmt.Errorf("write lock file: %w", err)
	}
	if _, err := s.lock.WriteAt(lockContent(os.Getpid(), url), 0); err != nil {
		return fmt.Errorf("write lock file: %w", err)
	}
	return nil
}
