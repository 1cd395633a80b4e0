// Package faulttest injects store errors into the ingestion pipeline: a
// core.Store that wraps a real kuzu store fails one chosen call (a busy
// pool, a held lock, a permanent error) or refuses a chosen change, and
// the tests check what the engine and the store say afterwards: attempts,
// retries, failed episodes, group commits split one episode at a time.
// It holds tests only and lives under internal/ because it imports core,
// kuzu and host.
package faulttest
