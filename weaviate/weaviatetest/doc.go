// Package weaviatetest runs Weaviate servers for tests: the pinned
// weaviate-server that `make weaviate` builds (from the tools module
// internal/tools/weaviate-server, outside mnemo's go.mod) into a cache
// outside the repository, started on free loopback ports in a temporary
// data directory and stopped by the test.
package weaviatetest
