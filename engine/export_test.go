package engine

// Adopt reads the store's pending episodes into the queue now and wakes
// the dispatcher, as a host with leases does every AdoptEvery: for tests
// of what such a read queues.
func (e *Engine) Adopt() error {
	err := e.q.adopt()
	e.q.wake()
	return err
}

// Queued returns how many episodes of a group the queue holds as pending.
func (e *Engine) Queued(group string) int {
	e.q.mu.Lock()
	defer e.q.mu.Unlock()
	return len(e.q.pending[group])
}
