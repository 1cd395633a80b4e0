package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/mnemohq/mnemo/core"
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

func (s *Server) importGroup(ctx context.Context, c *call) (any, error) {
	limit := int64(s.h.Config.HTTP.MaxImportMB) << 20
	if c.r.ContentLength > limit {
		return nil, fmt.Errorf("%w: the body is %d bytes, over the limit of %d (http.max_import_mb)", core.ErrTooLarge, c.r.ContentLength, limit)
	}
	res, err := exchange.Import(ctx, s.h.Engine, c.r.Body, exchange.ImportOptions{Group: c.group})
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, fmt.Errorf("%w: the body is over the limit of %d bytes (http.max_import_mb)", core.ErrTooLarge, limit)
		}
		return nil, err
	}
	r := res[0]
	return imported{GroupID: r.Group, Episodes: r.Episodes, Entities: r.Entities, Facts: r.Facts, Mentions: r.Mentions, Communities: r.Communities}, nil
}
