package weaviate

import (
	"context"
	"time"

	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"

	"github.com/mnemohq/mnemo/core"
)

// DeleteGroup implements core.Writer: it counts what the group holds,
// drops the group's redo record (redo.go), its tenant from every
// multi-tenant collection, the records' among them (Weaviate deletes a
// tenant's shard whole), then the group's registry records.
func (s *Store) DeleteGroup(ctx context.Context, group string) (core.Deleted, error) {
	var d core.Deleted
	if err := core.ValidateGroupID(group); err != nil {
		return d, err
	}
	start := time.Now()
	err := s.write(ctx, func() error {
		st, err := s.Stats(ctx, group)
		if err != nil {
			return err
		}
		d = core.Deleted{Episodes: st.Episodes, Entities: st.Entities, Facts: st.Facts, Communities: st.Communities}
		if err := s.dropRedo(ctx, group); err != nil {
			return err
		}
		t := tenantOf(group)
		for _, c := range s.names.grouped() {
			if err := s.client.Schema().TenantsDeleter().WithClassName(c).WithTenants(t).Do(ctx); err != nil && !noTenant(err.Error()) {
				return fail(ctx, "delete tenant of "+c, err)
			}
		}
		_, err = s.client.Batch().ObjectsBatchDeleter().WithClassName(s.names.owner).WithOutput("minimal").
			WithWhere(filters.Where().WithPath([]string{"group"}).WithOperator(filters.Equal).WithValueText(group)).
			WithConsistencyLevel(s.opts.ConsistencyLevel).Do(ctx)
		return fail(ctx, "delete the registry records of "+group, err)
	})
	s.observe("delete_group", start, err)
	return d, err
}
