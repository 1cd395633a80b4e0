// Package ui is the web inspector that `mnemo serve` serves at /ui: one
// page that shows a group's graph, the facts of an entity over time, the
// episodes and searches, through the REST API of host/httpapi and nothing
// else. Its files are embedded in the binary, the graph-drawing library
// (cytoscape.js, vendored by `make ui-vendor`) among them, so the page
// needs no network and no front-end build: plain ES modules.
package ui

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed assets
var assets embed.FS

// Prefix is the path the inspector is served under.
const Prefix = "/ui/"

// contentSecurityPolicy lets the page load only its own files and call
// only its own server: what the inspector shows is a tenant's memory.
// Styles may be inline because cytoscape.js sets style attributes on the
// elements it draws in; scripts may not.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// Handler serves the inspector's files under Prefix. The files are public:
// the page asks for an API key when the server has keys and sends it with
// each API call, which is where access is checked. The Handler is safe for
// concurrent use.
func Handler() http.Handler {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		// The directory is embedded above: a failure is a build defect.
		panic(err)
	}
	files := http.StripPrefix(Prefix, http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", contentSecurityPolicy)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		files.ServeHTTP(w, r)
	})
}
