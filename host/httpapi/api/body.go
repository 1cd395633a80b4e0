package api

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
)

// A request body over its route's limit is answered with 413 and the
// API's error body, and the client must be able to read that answer.
// Most clients send the whole body before they read anything; net/http's
// server reads at most 256 KiB of a body that a handler left unread and
// then closes the connection, so such a client's next write fails
// ("broken pipe", "connection reset") and it never sees the 413 (issue
// 34: a 50 MB upload). So the rest of an oversized body is read and thrown
// away before the answer, up to maxDrain bytes and for drainTime; a body
// longer or slower than that is answered with the connection closed.
// Early answers to bodies within the limit (401, 403, 404) are sent after
// the rest of the body is read too.
const (
	maxDrain  = 64 << 20
	drainTime = 30 * time.Second
)

// BodyLimit is the largest request body a route takes, and the setting
// that chooses it.
type BodyLimit struct {
	bytes   int64
	setting string // "http.max_body_kb = 2048"
}

// tooLarge is the error answering a body over l; size is the body's
// declared length, or negative when it is not known.
func (l BodyLimit) tooLarge(size int64) error {
	if size >= 0 {
		return fmt.Errorf("%w: the request body is %d bytes, over the limit of %d bytes (%s)", core.ErrTooLarge, size, l.bytes, l.setting)
	}
	return fmt.Errorf("%w: the request body is over the limit of %d bytes (%s)", core.ErrTooLarge, l.bytes, l.setting)
}

// MaxBodyLimit is the limit of every route but the import.
func MaxBodyLimit(kb int) BodyLimit {
	return BodyLimit{int64(kb) << 10, fmt.Sprintf("http.max_body_kb = %d", kb)}
}

// MaxImportLimit is the limit of a group import.
func MaxImportLimit(mb int) BodyLimit {
	return BodyLimit{int64(mb) << 20, fmt.Sprintf("http.max_import_mb = %d", mb)}
}

// AnswerFunc writes an error answer in a route's shape.
type AnswerFunc func(w http.ResponseWriter, r *http.Request, err error) int

// LimitBody serves r with next, the body held to lim. A body declared
// longer than lim is refused before next runs; one that turns out longer
// (sent chunked) makes next's reads fail with *http.MaxBytesError, and
// whatever next answers then is replaced by answer's 413. Either way the
// rest of the body is read first (maxDrain).
func LimitBody(w http.ResponseWriter, r *http.Request, lim BodyLimit, answer AnswerFunc, next func(http.ResponseWriter, *http.Request)) {
	if r.ContentLength > lim.bytes {
		finishBody(w, r, r.Body, false)
		answer(w, r, lim.tooLarge(r.ContentLength))
		return
	}
	body := &limitedBody{rc: r.Body, left: lim.bytes, limit: lim.bytes}
	r.Body = body
	lw := &limitedWriter{ResponseWriter: w, body: body}
	next(lw, r)
	if body.over && !lw.wrote {
		finishBody(w, r, body.rc, body.read)
		answer(w, r, lim.tooLarge(-1))
		return
	}
	if !body.eof {
		finishBody(w, r, body.rc, body.read)
	}
}

// finishBody reads and discards what is left of body before an answer is
// written, so that a client still sending it reads the answer. It gives up
// past maxDrain bytes or drainTime, and then closes the connection after
// the answer. A client waiting for "100 Continue" before it sends the body
// has sent none unless the handler began to read it (read): nothing is
// read then, and net/http closes the connection after the answer.
func finishBody(w http.ResponseWriter, r *http.Request, body io.Reader, read bool) {
	if r.ProtoMajor >= 2 || body == nil || body == http.NoBody {
		return // HTTP/2 ends a stream without closing the connection
	}
	if !read && strings.EqualFold(r.Header.Get("Expect"), "100-continue") {
		return
	}
	if r.ContentLength > maxDrain {
		w.Header().Set("Connection", "close")
		return
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(drainTime))
	n, err := io.CopyN(io.Discard, body, maxDrain+1)
	_ = rc.SetReadDeadline(time.Time{})
	if err != io.EOF || n > maxDrain {
		w.Header().Set("Connection", "close")
	}
}

// limitedBody is a request body that fails past limit bytes with
// *http.MaxBytesError, as http.MaxBytesReader does, and records what
// became of it.
type limitedBody struct {
	rc          io.ReadCloser
	left, limit int64
	err         error
	// read is set by the first read, over when the body went past the
	// limit, eof when it was read to its end.
	read, over, eof bool
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	b.read = true
	// One byte more than is left tells a body of exactly the limit from
	// a longer one.
	if int64(len(p))-1 > b.left {
		p = p[:b.left+1]
	}
	n, err := b.rc.Read(p)
	if int64(n) <= b.left {
		b.left -= int64(n)
		b.err = err
		b.eof = err == io.EOF
		return n, err
	}
	n = int(b.left)
	b.left = 0
	b.over = true
	b.err = &http.MaxBytesError{Limit: b.limit}
	return n, b.err
}

func (b *limitedBody) Close() error { return b.rc.Close() }

// limitedWriter holds back what a handler answers once its body went over
// the limit, so that LimitBody answers instead, in the route's shape.
type limitedWriter struct {
	http.ResponseWriter
	body *limitedBody
	// wrote is set when the handler's answer went through.
	wrote bool
}

func (w *limitedWriter) WriteHeader(code int) {
	if w.body.over && !w.wrote {
		return
	}
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	if w.body.over && !w.wrote {
		return len(p), nil
	}
	w.wrote = true
	return w.ResponseWriter.Write(p)
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *limitedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
