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

// EpisodesInKuzu reads episodes of group whole from Kuzu, as Episodes did
// before the timeline held their rows: the reference it is held to.
func EpisodesInKuzu(ctx context.Context, s *Store, group string, uuids []string) ([]core.Episode, error) {
	var eps []core.Episode
	err := s.read(ctx, func(c *conn) error {
		for _, id := range uuids {
			rows, err := c.query(ctx, "MATCH (e:Episode {key: $k}) RETURN "+episodeCols, map[string]any{"k": episodeKey(group, id)})
			if err != nil {
				return err
			}
			for _, r := range rows {
				eps = append(eps, decodeEpisode(r))
			}
		}
		return nil
	})
	return eps, err
}
