package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mnemohq/mnemo/core"
)

// EpisodeInput is an episode as clients send it: one line of `mnemo
// ingest`'s JSONL, one element of `POST /v1/groups/{group}/episodes`, the
// arguments of the MCP add_memory tool.
type EpisodeInput struct {
	// UUID names the episode; re-sending the same uuid and content is a
	// no-op. Default: a new UUIDv7.
	UUID string `json:"uuid,omitempty"`
	// Name is a short title. Default: the source and the reference time.
	Name string `json:"name,omitempty"`
	// Source is "message" (one or more "Speaker: text" lines), "text" or
	// "json". Default: message.
	Source string `json:"source,omitempty"`
	// Content is the episode's text; for source "json" it may also be a
	// JSON object or array.
	Content json.RawMessage `json:"content"`
	// SourceDescription says where the episode comes from.
	SourceDescription string `json:"source_description,omitempty"`
	// Speaker is who said a message whose content has no "Speaker: "
	// label; the content is stored as "Speaker: content". Only for source
	// message. Default: none (an unlabelled message is the user's).
	Speaker string `json:"speaker,omitempty"`
	// ReferenceTime is when the episode happened (RFC 3339 or a date).
	// Relative dates in the content are read against it.
	ReferenceTime string `json:"reference_time"`
	// GroupID, if set, must be the group the episode is sent to.
	GroupID string `json:"group_id,omitempty"`
	// SourceClass is who wrote the episode (trust.classes: user, agent,
	// tool, document, web, operator): what the surface allows only, an
	// API key limited to some classes may claim those alone (403
	// otherwise). Default: the route's class, else the key's
	// (http.keys.trust), else trust.default. Facts from a class below the
	// trust threshold are quarantined (docs/trust.md).
	SourceClass string `json:"source_class,omitempty"`
}

// Episode checks the input and returns the episode for group. It does not
// check the content size, which the engine does.
func (in EpisodeInput) Episode(group string) (core.Episode, error) {
	if in.GroupID != "" && in.GroupID != group {
		return core.Episode{}, fmt.Errorf("%w: group_id %q differs from the group %q the episode is sent to", core.ErrInvalid, in.GroupID, group)
	}
	src := core.Source(in.Source)
	if src == "" {
		src = core.SourceMessage
	}
	if !src.Valid() {
		return core.Episode{}, fmt.Errorf("%w: source %q: want message, text or json", core.ErrInvalid, in.Source)
	}
	content, err := episodeContent(in.Content, src)
	if err != nil {
		return core.Episode{}, err
	}
	if speaker := strings.TrimSpace(in.Speaker); speaker != "" {
		if src != core.SourceMessage {
			return core.Episode{}, fmt.Errorf("%w: speaker %q: only a message has a speaker, and the source is %q", core.ErrInvalid, in.Speaker, src)
		}
		if strings.ContainsAny(speaker, ":\n") {
			return core.Episode{}, fmt.Errorf("%w: speaker %q: a name holds no colon or line break", core.ErrInvalid, in.Speaker)
		}
		content = speaker + ": " + content
	}
	if strings.TrimSpace(in.ReferenceTime) == "" {
		return core.Episode{}, fmt.Errorf("%w: reference_time is missing (when the episode happened, RFC 3339)", core.ErrInvalid)
	}
	ref, err := ParseTime(in.ReferenceTime)
	if err != nil {
		return core.Episode{}, fmt.Errorf("reference_time: %w", err)
	}
	ep := core.Episode{
		UUID: in.UUID, GroupID: group, Name: in.Name, Source: src, SourceDescription: in.SourceDescription,
		Content: content, ValidAt: ref, Trust: in.SourceClass,
	}
	if err := ep.Validate(0); err != nil {
		return core.Episode{}, err
	}
	return ep, nil
}

func episodeContent(raw json.RawMessage, src core.Source) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", fmt.Errorf("%w: content is missing", core.ErrInvalid)
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf("%w: content: %w", core.ErrInvalid, err)
		}
		return s, nil
	case '{', '[':
		if src != core.SourceJSON {
			return "", fmt.Errorf("%w: content: want a string (a JSON object or array needs source \"json\")", core.ErrInvalid)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, raw); err != nil {
			return "", fmt.Errorf("%w: content: %w", core.ErrInvalid, err)
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("%w: content: want a string, got %s", core.ErrInvalid, raw)
}
