// Package storetest is the conformance suite of core.Store: the contract
// that core/store.go and core/model.go document, written as tests. Every
// store implementation runs it, so that the engine can rely on the same
// behaviour whatever holds the data.
//
// A store's test package calls Run with a function that opens a fresh,
// empty store for one sub-test and arranges for it to be closed when the
// sub-test ends (t.Cleanup):
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) core.Store {
//			return openEmptyStore(t) // Dimension() must be at least storetest.MinDimension
//		})
//	}
//
// The suite uses fixed times and deterministic data and never sleeps. It
// asserts what the contract promises and nothing more: listings are checked
// in their documented order, search results by recall against an exact scan
// and by their own score order, never by the order of an approximate index.
// Sub-tests have stable names (Tenancy/Searches, Delete/Facts, ...). Where a
// store cannot yet meet a rule, its open function skips that sub-test by
// name (t.Skip with the reason, when t.Name() ends with it) and the gap is
// written down; the suite itself is not weakened.
package storetest
