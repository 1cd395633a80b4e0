package httpapi

import (
	"context"
	"io"

	"github.com/mnemohq/mnemo/host/exchange"
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

func (s *Server) exportGroup(ctx context.Context, c *call) (any, error) {
	d, err := s.h.Engine.ExportGroup(ctx, c.group)
	if err != nil {
		return nil, err
	}
	h := exchange.NewHeader(s.h.Engine.EmbedderID(), s.h.Now(), []string{c.group})
	return stream{contentType: "application/x-ndjson", write: func(w io.Writer) error {
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
func (s *Server) importGroup(ctx context.Context, c *call) (any, error) {
	res, err := exchange.Import(ctx, s.h.Engine, c.r.Body, exchange.ImportOptions{Group: c.group})
	if err != nil {
		return nil, err
	}
	r := res[0]
	return imported{GroupID: r.Group, Episodes: r.Episodes, Entities: r.Entities, Facts: r.Facts, Mentions: r.Mentions, Communities: r.Communities}, nil
}
