package ingest

import (
	"context"
	"fmt"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/text"
)

// Split strategies (Options.Split): where an episode longer than
// MaxExtractBytes is cut for the extractor.
const (
	// SplitSize cuts each piece as long as the budget allows, at the last
	// paragraph, line or sentence break that fits.
	SplitSize = "size"
	// SplitMeaning cuts where the topic changes: the text's sentences are
	// embedded, and of the cuts between sentences that keep every piece
	// within the budget in as few pieces as they can, it takes those where
	// adjacent windows of sentences are least alike. It cuts inside a
	// sentence only when the sentence alone is over the budget.
	SplitMeaning = "meaning"
)

// split cuts an episode's content for the extractor with the configured
// strategy; see text.Split. SplitMeaning embeds the sentences of a text
// longer than the budget in one call to the embedder; shorter texts and
// JSON documents are cut as SplitSize cuts them.
func (pl *Pipeline) split(ctx context.Context, ep core.Episode) (text.Pieces, error) {
	o := pl.opts
	if o.Split != SplitMeaning || ep.Source == core.SourceJSON || len(ep.Content) <= o.MaxExtractBytes {
		return text.Split(ep, o.MaxExtractBytes, o.MaxChunks), nil
	}
	s := text.SpansOf(ep, o.MaxExtractBytes)
	vecs, err := pl.embedder.Embed(ctx, s.Texts())
	if err != nil {
		return text.Pieces{}, fmt.Errorf("embed sentences: %w", err)
	}
	if len(vecs) != s.Len() {
		return text.Pieces{}, fmt.Errorf("%w: the embedder returned %d vectors for %d sentences", core.ErrUnavailable, len(vecs), s.Len())
	}
	return text.Cap(s.Cut(vecs), o.MaxChunks), nil
}
