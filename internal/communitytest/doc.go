// Package communitytest tests the community tier end to end: full builds,
// incremental updates and background rebuilds on a real Kuzu store, and
// summaries through the OpenAI-compatible client against the test server.
// It also holds the community benchmarks (make bench).
//
// core's own tests cover the algorithm on in-memory graphs; these need
// packages core may not import (kuzu, host/llm), hence a package of their
// own. It has no code besides its tests.
package communitytest
