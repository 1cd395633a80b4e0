// Package memstore is a core.Store held in memory: the reference for what a
// store must do, a fast store for the engine's unit tests, and the backend
// of a store that needs no database (a "memory" store option).
package memstore
