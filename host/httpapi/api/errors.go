package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/wire"
)

// Errors of the HTTP API, besides core's sentinels.
var (
	// ErrUnauthorized: keys are configured and the request has no valid one.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrForbidden: the key is not bound to the group the request names.
	ErrForbidden = errors.New("forbidden")
)

// StatusOf maps an error to its HTTP status and code. It is the only place
// that does.
func StatusOf(err error) (int, string) {
	switch {
	case errors.Is(err, ErrUnauthorized):
		return http.StatusUnauthorized, "unauthorized"
	case errors.Is(err, ErrForbidden):
		return http.StatusForbidden, "forbidden"
	case errors.Is(err, core.ErrNotFound):
		return http.StatusNotFound, "not_found"
	case errors.Is(err, core.ErrBudget):
		// A tenant's ingestion budget is spent: Retry-After says when the
		// window admits the request (ErrorAnswer).
		return http.StatusTooManyRequests, "budget"
	case errors.Is(err, core.ErrTooLarge):
		return http.StatusRequestEntityTooLarge, "too_large"
	case errors.Is(err, core.ErrInvalid):
		return http.StatusBadRequest, "invalid"
	case errors.Is(err, core.ErrConflict):
		return http.StatusConflict, "conflict"
	case errors.Is(err, core.ErrUnsupported):
		return http.StatusNotImplemented, "unsupported"
	case errors.Is(err, core.ErrBusy):
		// The store is freeing memory (a checkpoint): the same request
		// succeeds shortly.
		return http.StatusServiceUnavailable, "busy"
	case errors.Is(err, core.ErrStorage):
		// The disk is full or failing: nothing was stored, and the same
		// request succeeds once it is fixed.
		return http.StatusServiceUnavailable, "storage"
	case errors.Is(err, core.ErrLocked), errors.Is(err, core.ErrUnavailable), errors.Is(err, core.ErrClosed):
		return http.StatusServiceUnavailable, "unavailable"
	case errors.Is(err, context.Canceled):
		// The client went away; nobody reads the answer.
		return 499, "canceled"
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable, "timeout"
	}
	return http.StatusInternalServerError, "internal"
}

// ErrorBody is the JSON of an error answer.
type ErrorBody struct {
	// Error says what went wrong.
	Error string `json:"error"`
	// Code is the kind of error: invalid, unauthorized, forbidden,
	// not_found, conflict, too_large, budget, unsupported, busy, storage,
	// unavailable, timeout or internal.
	Code string `json:"code"`
}

// WriteError answers with err. Details of internal errors are logged with
// the request id and not sent.
func (e *Env) WriteError(w http.ResponseWriter, r *http.Request, err error) int {
	status, code, msg := e.ErrorAnswer(w, r, err)
	WriteJSON(w, status, ErrorBody{Error: msg, Code: code})
	return status
}

// ErrorAnswer returns the status, code and message that answer err, logs
// internal errors (their details are not sent) and sets the headers the
// status calls for.
func (e *Env) ErrorAnswer(w http.ResponseWriter, r *http.Request, err error) (int, string, string) {
	status, code := StatusOf(err)
	msg := wire.Message(err)
	switch status {
	case http.StatusInternalServerError:
		e.Log.Error("request failed", "method", r.Method, "path", r.URL.Path, "request_id", w.Header().Get("X-Request-ID"), "err", err)
		msg = "internal error; the server log has the details (request id " + w.Header().Get("X-Request-ID") + ")"
	case http.StatusServiceUnavailable:
		retry := "1"
		if code == "storage" {
			// A disk is not freed in a second.
			retry = "10"
		}
		w.Header().Set("Retry-After", retry)
	case http.StatusTooManyRequests:
		retry := int64(60)
		var be *core.BudgetError
		if errors.As(err, &be) {
			retry = be.RetrySeconds()
		}
		w.Header().Set("Retry-After", strconv.FormatInt(retry, 10))
	case http.StatusUnauthorized:
		w.Header().Set("WWW-Authenticate", `Bearer realm="mnemo"`)
		msg = "an API key is required: send \"Authorization: Bearer KEY\", \"Authorization: Api-Key KEY\" or \"X-API-Key: KEY\""
	}
	return status, code, msg
}
