package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHandler serves the page, its modules with a JavaScript type (a
// module script of another type does not run), the content security
// policy, and 404 for what is not there.
func TestHandler(t *testing.T) {
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	tests := []struct {
		path, status, typ, body string
	}{
		{"/ui/", "200 OK", "text/html", `<script type="module" src="app.js">`},
		{"/ui/app.js", "200 OK", "text/javascript", "import"},
		{"/ui/vendor/cytoscape.esm.min.js", "200 OK", "text/javascript", "export{"},
		{"/ui/style.css", "200 OK", "text/css", ":root"},
		{"/ui/nothing.js", "404 Not Found", "", ""},
	}
	for _, tc := range tests {
		resp, err := http.Get(srv.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.Status != tc.status {
			t.Errorf("GET %s = %s, want %s", tc.path, resp.Status, tc.status)
			continue
		}
		if got := resp.Header.Get("Content-Type"); !strings.HasPrefix(got, tc.typ) {
			t.Errorf("GET %s: Content-Type %q, want %s", tc.path, got, tc.typ)
		}
		if !strings.Contains(string(b), tc.body) {
			t.Errorf("GET %s: body lacks %q", tc.path, tc.body)
		}
		if got := resp.Header.Get("Content-Security-Policy"); !strings.Contains(got, "script-src 'self'") || !strings.Contains(got, "connect-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q, want scripts and calls to this server only", tc.path, got)
		}
	}
}

// TestVendoredLibrary checks the vendored cytoscape.js against the
// checksum make ui-vendor recorded: a hand edit, or a refresh without the
// record, fails here.
func TestVendoredLibrary(t *testing.T) {
	rec, err := assets.ReadFile("assets/vendor/VERSIONS")
	if err != nil {
		t.Fatal(err)
	}
	js, err := assets.ReadFile("assets/vendor/cytoscape.esm.min.js")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(js)
	if want := "sha256 " + hex.EncodeToString(sum[:]); !strings.Contains(string(rec), want) {
		t.Errorf("vendor/VERSIONS = %q, want it to record %s (run make ui-vendor)", rec, want)
	}
	if _, err := assets.ReadFile("assets/vendor/cytoscape.LICENSE"); err != nil {
		t.Errorf("the vendored library's licence: %v", err)
	}
}
