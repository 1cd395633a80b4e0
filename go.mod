module mnemo

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/kljensen/snowball v0.10.0
	github.com/kuzudb/go-kuzu v0.11.3
)

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/shopspring/decimal v1.4.0 // indirect
	github.com/stretchr/testify v1.10.0 // indirect
)
