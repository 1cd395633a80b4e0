// Package deletetest holds the tests of the engine's delete rules
// (core/delete.go): what deleting an episode or a fact takes with it and
// what it restores, decided by core and written by a store through one
// Change. They run the engine on a real Kuzu store and on the in-memory
// store (core/memstore), where the same cases take a hundredth of the time;
// the Kuzu store is why they live under internal/ rather than in core,
// whose tests may not import an adapter (internal/lint). The store's own
// part, the Change deletions and
// the reads the engine plans from, is in the conformance suite
// (core/storetest).
package deletetest
