package kuzu

import "mnemo/core"

// HasIndexForTest exposes hasIndex to the black-box tests.
func HasIndexForTest(s *Store, sc core.Scope) bool { return s.hasIndex(sc) }
