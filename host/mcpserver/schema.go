package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stringList is a list argument that may also be given as one string, as
// Graphiti's MCP server takes group_ids: "g" is ["g"].
type stringList []string

func (l *stringList) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*l = nil
		if one != "" {
			*l = stringList{one}
		}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return fmt.Errorf("want a string or a list of strings: %w", err)
	}
	*l = many
	return nil
}

// inputSchema is the input schema of a tool taking In, as lenient as
// Graphiti's MCP server: arguments it does not know are ignored (no
// additionalProperties: false, which the SDK would infer), an optional
// argument may be null, and a stringList may be one string.
func inputSchema[In any]() *jsonschema.Schema {
	s, err := jsonschema.For[In](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[stringList](): {Types: []string{"string", "array"}, Items: &jsonschema.Schema{Type: "string"}},
	}})
	if err != nil {
		panic(fmt.Sprintf("mcpserver: the input schema of %T: %v", *new(In), err))
	}
	s.AdditionalProperties = nil
	for name, p := range s.Properties {
		if slices.Contains(s.Required, name) {
			continue
		}
		if p.Type != "" {
			p.Types, p.Type = []string{p.Type, "null"}, ""
		} else if len(p.Types) > 0 && !slices.Contains(p.Types, "null") {
			p.Types = append(p.Types, "null")
		}
	}
	return s
}

// addTool registers a tool with a lenient input schema (inputSchema).
// Every tool states its annotations, and a tool not annotated read-only
// refuses a read-only key (http.keys.read_only).
func addTool[In, Out any](s *Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	if t.Annotations == nil {
		panic("mcpserver: tool " + t.Name + " has no annotations")
	}
	schema := inputSchema[In]()
	if p := schema.Properties["recipe"]; p != nil {
		p.Description = recipeDescription(p.Description)
	}
	t.InputSchema = schema
	if t.Annotations.ReadOnlyHint {
		mcp.AddTool(s.mcp, t, h)
		return
	}
	name := t.Name
	mcp.AddTool(s.mcp, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		if callerOf(req).readOnly {
			var zero Out
			return nil, zero, fmt.Errorf("this API key is read-only (http.keys.read_only): tool %s changes the memory", name)
		}
		return h(ctx, req, in)
	})
}

// recipeDescription is the description of a tool's recipe argument: the
// built-in recipes by name, from retrieval.BuiltinRecipes, then what the
// argument's tag says (its default). A recipe added to that table reaches
// the tools' schemas without an edit here.
func recipeDescription(tag string) string {
	names := slices.Sorted(maps.Keys(retrieval.BuiltinRecipes()))
	return "the search recipe: a built-in one (" + strings.Join(names, ", ") + ") or one of the configuration's; " + tag
}

// readOnly annotates a tool that changes nothing.
func readOnly(title string) *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, OpenWorldHint: new(false)}
}

// writes annotates a tool that changes the memory. destructive: it may
// delete or replace what is there (else it only adds); idempotent: calling
// it again with the same arguments changes nothing more. No tool reaches
// outside mnemo's own memory (openWorldHint false).
func writes(title string, destructive, idempotent bool) *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{Title: title, DestructiveHint: new(destructive), IdempotentHint: idempotent, OpenWorldHint: new(false)}
}
