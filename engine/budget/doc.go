// Package budget holds tenants to their ingestion budgets: episodes per
// minute, bytes of content per day and LLM tokens per day, per group and
// per API key (docs/trust.md, "Budgets").
//
// A Ledger reads the injected clock. Episodes are admitted at a smooth
// rate: each subject has a bucket of Burst(episodes_per_minute) episodes,
// refilled at episodes_per_minute/60 a second, so a flooding tenant's
// episodes arrive spread over the minute rather than as the minute's whole
// budget at once (which would take the processors and the store's writer
// from every other tenant while it is extracted). Bytes and tokens are
// counted in the UTC day. Admit checks a whole request against every
// budget it falls under — each group it writes to and the key in its
// context (WithKey) — and admits it whole or refuses it whole with a
// *core.BudgetError saying which budget and how long until it admits the
// request; a refused request counts nothing. A request larger than the
// burst waits for a full bucket and leaves it in debt; one larger than a
// minute's episodes or a day's bytes can never be admitted and is
// core.ErrTooLarge. Tokens are counted after the fact (Spend, from the
// usage the LLM client reports for each episode) and a group or key whose
// tokens of the day are spent is refused new episodes until the next day.
//
// The day's counts of each group can be saved and restored (Days,
// Restore), so that a restart does not hand a tenant a fresh day; the
// episode buckets are not saved (they start full).
//
// A Ledger is safe for concurrent use.
package budget
