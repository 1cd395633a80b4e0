package sdk

import (
	"errors"
	"fmt"

	"github.com/mnemohq/mnemo/plugins/sdk/internal/wire"
	"github.com/mnemohq/mnemo/wasm/abi"
)

// Completion is the host's LLM's answer to a prompt.
type Completion struct {
	// Content is the answer's text: a JSON document when the request had
	// a schema.
	Content string
	// Model names the model that answered, as the host reports it: the
	// endpoint's name for it, or the model the host's configuration gives
	// the requested role ("main" or "small"). It is "" when the host does
	// not say, as hosts before the field do not.
	Model string
}

// Complete asks the host's LLM for a completion of req and returns its
// answer. It needs the llm_complete grant in the plugin's manifest
// (ErrDenied otherwise); the call counts against the plugin's call
// deadline and the host's LLM limits and accounting. Outside a mnemo host
// it returns ErrNoHost.
func Complete(req abi.LLMRequest) (Completion, error) {
	var w wire.Writer
	encodeLLMRequest(&w, &req)
	if err := w.Err(); err != nil {
		return Completion{}, fmt.Errorf("encode llm request: %w", err)
	}
	out, err := callHost(abi.HostLLMComplete, w.Bytes())
	if err != nil {
		return Completion{}, err
	}
	return completionOf(out)
}

// completionOf decodes the host's llm_complete result.
func completionOf(out []byte) (Completion, error) {
	resp, err := decode(out, decodeLLMResponse)
	if err != nil {
		return Completion{}, fmt.Errorf("decode llm result: %w", err)
	}
	if resp.Error != "" {
		return Completion{}, errors.New(resp.Error)
	}
	return Completion{Content: resp.Content, Model: resp.Model}, nil
}

// Embed asks the host's embedder for one vector per text, in order. It
// needs the embed grant in the plugin's manifest (ErrDenied otherwise).
// Outside a mnemo host it returns ErrNoHost.
func Embed(texts []string) ([][]float32, error) {
	var w wire.Writer
	encodeEmbedRequest(&w, &abi.EmbedRequest{Texts: texts})
	out, err := callHost(abi.HostEmbed, w.Bytes())
	if err != nil {
		return nil, err
	}
	resp, err := decode(out, decodeEmbedResponse)
	if err != nil {
		return nil, fmt.Errorf("decode embed result: %w", err)
	}
	if resp.Error != "" {
		return nil, errors.New(resp.Error)
	}
	if len(resp.Vectors) != len(texts) {
		return nil, fmt.Errorf("embed returned %d vectors for %d texts: %w", len(resp.Vectors), len(texts), ErrHost)
	}
	return resp.Vectors, nil
}
