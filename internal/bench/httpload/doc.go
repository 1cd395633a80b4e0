// Package httpload is mnemo's HTTP load test (`mnemo bench http`, `make
// bench-http`): clients search a group over real loopback connections
// while episodes are ingested into it in the background, at several
// concurrency levels, each for a bounded time. It reports searches per
// second, latency percentiles and errors per level; a healthy server has
// no errors.
//
// The data is synthetic and deterministic (Corpus): people who live in
// cities, work at companies, move and change jobs, in message episodes the
// offline rule extractor understands, and questions about them.
package httpload
