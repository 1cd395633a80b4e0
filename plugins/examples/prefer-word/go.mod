module example.com/prefer-word

go 1.26.0

// Written by `go get github.com/mnemohq/mnemo/plugins/sdk@latest`. Inside a
// checkout of the mnemo repository, a go.work that uses both modules builds
// this one against the checkout instead (host/httpapi/plugins_e2e_test.go).
require github.com/mnemohq/mnemo v0.0.0-00010101000000-000000000000
