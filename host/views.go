package host

import (
	"context"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/host/wire"
)

// ShowFacts returns facts as the surfaces show them, with the names of
// their entities read from the groups.
func (h *Host) ShowFacts(ctx context.Context, groups []string, facts []core.Fact) ([]wire.Fact, error) {
	var ids []string
	seen := map[string]bool{}
	for _, f := range facts {
		for _, id := range []string{f.SourceUUID, f.TargetUUID} {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	names := map[string]string{}
	if len(ids) > 0 {
		var err error
		if names, err = h.Engine.EntityNames(ctx, groups, ids); err != nil {
			return nil, err
		}
	}
	out := make([]wire.Fact, len(facts))
	policy := h.Config.Trust.Policy()
	for i, f := range facts {
		out[i] = wire.FactOf(f, names)
		out[i].SourceClass = policy.Class(f.Trust)
		out[i].Quarantine = policy.QuarantineReason(&f)
	}
	return out, nil
}

// ShowWhy explains fact uuid of group (engine.Engine.Why) for reading.
func (h *Host) ShowWhy(ctx context.Context, group, uuid string) (wire.Why, error) {
	w, err := h.Engine.Why(ctx, group, uuid)
	if err != nil {
		return wire.Why{}, err
	}
	f := wire.FactOf(w.Fact, w.Names)
	policy := h.Config.Trust.Policy()
	f.SourceClass, f.Quarantine = policy.Class(w.Fact.Trust), policy.QuarantineReason(&w.Fact)
	return wire.WhyOf(w, f), nil
}
