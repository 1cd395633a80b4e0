// Package budget holds tenants to their ingestion budgets: episodes per
// minute, bytes of content per day and LLM tokens per day, per group and
// per API key (docs/trust.md, "Budgets").
//
// A Ledger counts what it admits in fixed windows of the injected clock: the
// minute (episodes) and the UTC day (bytes, tokens). Admit checks a whole
// request against every budget it falls under — each group it writes to
// and the key in its context (WithKey) — and admits it whole or refuses it
// whole with a *core.BudgetError saying which budget and how long until
// its window admits the request; a refused request counts nothing. A
// request larger than a whole window's budget can never be admitted and is
// core.ErrTooLarge. Tokens are counted after the fact (Spend, from the
// usage the LLM client reports for each episode) and a group or key whose
// tokens of the day are spent is refused new episodes until the next day.
//
// The day's counts of each group can be saved and restored (Days,
// Restore), so that a restart does not hand a tenant a fresh day; minute
// windows are not saved.
//
// A Ledger is safe for concurrent use.
package budget
