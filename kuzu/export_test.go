package kuzu

import (
	"context"

	"mnemo/core"
)

// HasIndexForTest exposes hasIndex to the black-box tests.
func HasIndexForTest(s *Store, sc core.Scope) bool { return s.hasIndex(sc) }

// DowngradeForTest turns the database of s into one of schema version 1,
// whose Fact table has no episodes column.
func DowngradeForTest(ctx context.Context, s *Store) error {
	return s.ddl(ctx, func(c *conn) error {
		if err := c.exec(ctx, "ALTER TABLE Fact DROP episodes", nil); err != nil {
			return err
		}
		return c.exec(ctx, "MERGE (m:Meta {key: 'schema_version'}) SET m.value = '1'", nil)
	})
}
