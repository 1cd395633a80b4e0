module example.com/prefer-word

go 1.26.0

// The module is not published yet: a module of your own requires it from a
// checkout with a replace directive (docs/plugins.md). Inside a checkout of
// the mnemo repository, a go.work that uses both modules builds this one
// against the checkout (host/httpapi/plugins_e2e_test.go).
require github.com/mnemohq/mnemo v0.0.0-00010101000000-000000000000
