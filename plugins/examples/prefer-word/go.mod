module example.com/prefer-word

go 1.26.0

require mnemo v0.0.0

// mnemo's module path has no domain, so the Go tool cannot download it:
// point it at a checkout of the repository.
replace mnemo => ../../..
