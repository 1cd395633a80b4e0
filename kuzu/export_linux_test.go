package kuzu

// FreedBytesReturnForTest exposes freedBytesReturn to the black-box tests.
func FreedBytesReturnForTest(s string, size int) bool { return freedBytesReturn(s, size) }
