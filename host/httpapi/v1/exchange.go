package v1

import (
	"context"
	"io"

	"github.com/mnemohq/mnemo/host/exchange"
	"github.com/mnemohq/mnemo/host/httpapi/api"
)

// imported answers an import: what was written.
type imported struct {
	GroupID     string `json:"group_id"`
	Episodes    int    `json:"episodes"`
	Entities    int    `json:"entities"`
	Facts       int    `json:"facts"`
	Mentions    int    `json:"mentions"`
	Communities int    `json:"communities"`
}

func (s *server) exportGroup(ctx context.Context, c *api.Call) (any, error) {
	d, err := s.Host.Engine.ExportGroup(ctx, c.Group)
	if err != nil {
		return nil, err
	}
	h := exchange.NewHeader(s.Host.Engine.EmbedderID(), s.Host.Now(), []string{c.Group})
	return api.Stream{ContentType: "application/x-ndjson", Write: func(w io.Writer) error {
		x := exchange.NewWriter(w)
		if err := x.WriteHeader(h); err != nil {
			return err
		}
		if err := x.WriteGroup(d); err != nil {
			return err
		}
		return x.Flush()
	}}, nil
}

// importGroup imports the body. One over http.max_import_mb is answered
// by limitBody, whatever error the reader made of the cut.
func (s *server) importGroup(ctx context.Context, c *api.Call) (any, error) {
	res, err := exchange.Import(ctx, s.Host.Engine, c.R.Body, exchange.ImportOptions{Group: c.Group})
	if err != nil {
		return nil, err
	}
	r := res[0]
	return imported{GroupID: r.Group, Episodes: r.Episodes, Entities: r.Entities, Facts: r.Facts, Mentions: r.Mentions, Communities: r.Communities}, nil
}
