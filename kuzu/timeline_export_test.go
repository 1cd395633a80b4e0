package kuzu

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
)

// PreviousEpisodesInKuzu answers PreviousEpisodes with the Cypher query
// the timeline replaced: the reference the timeline is held to.
func PreviousEpisodesInKuzu(ctx context.Context, s *Store, ep core.Episode, n int) ([]core.Episode, error) {
	var eps []core.Episode
	err := s.read(ctx, func(c *conn) error {
		rows, err := c.query(ctx, fmt.Sprintf(`MATCH (e:Episode) WHERE e.group_id = $g AND e.uuid <> $u
			AND (e.valid_at < timestamp($t) OR (e.valid_at = timestamp($t) AND e.uuid < $u))
			RETURN %s ORDER BY e.valid_at DESC, e.uuid DESC LIMIT %d`, episodeCols, n),
			map[string]any{"g": ep.GroupID, "u": ep.UUID, "t": tsParam(ep.ValidAt)})
		if err != nil {
			return err
		}
		for i := len(rows) - 1; i >= 0; i-- {
			eps = append(eps, decodeEpisode(rows[i]))
		}
		return nil
	})
	return eps, err
}
