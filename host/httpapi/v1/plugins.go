package v1

import (
	"context"
	_ "embed"
	"time"

	"github.com/mnemohq/mnemo/host/httpapi/api"
	"github.com/mnemohq/mnemo/host/wire"
)

// pluginList lists the loaded plugins.
type pluginList struct {
	Plugins []pluginHealth `json:"plugins"`
	// ReloadError is the error of the last hot reload, if it failed; the
	// previous plugin set keeps running.
	ReloadError string `json:"reload_error,omitempty"`
}

// pluginHealth is one loaded plugin and its health.
type pluginHealth struct {
	Name string `json:"name"`
	// Source is "built-in" or the plugin file's path.
	Source       string   `json:"source"`
	Version      string   `json:"version"`
	Capabilities []string `json:"capabilities"`
	Calls        uint64   `json:"calls"`
	Failures     uint64   `json:"failures"`
	// ConsecutiveFailures keeps growing while a plugin fails every call.
	ConsecutiveFailures uint64     `json:"consecutive_failures"`
	LastError           string     `json:"last_error,omitempty"`
	LastFailure         *time.Time `json:"last_failure,omitempty"`
	Instances           int        `json:"instances"`
}

func (s *server) listRecipes(ctx context.Context, c *api.Call) (any, error) {
	return wire.RecipesOf(s.Host.Engine.DefaultRecipe(), s.Host.Engine.Recipes()), nil
}

func (s *server) listPlugins(ctx context.Context, c *api.Call) (any, error) {
	var out pluginList
	out.Plugins = []pluginHealth{}
	for _, p := range s.Host.Plugins.Loaded() {
		ph := pluginHealth{
			Name: p.Name, Source: p.Source, Version: p.Describe.Version, Capabilities: p.Describe.Capabilities,
			Calls: p.Stats.Calls, Failures: p.Stats.Failures, ConsecutiveFailures: p.Stats.ConsecutiveFailures,
			Instances: p.Stats.Instances,
		}
		if p.Stats.LastError != nil {
			ph.LastError = p.Stats.LastError.Error()
			t := p.Stats.LastFailure.UTC()
			ph.LastFailure = &t
		}
		out.Plugins = append(out.Plugins, ph)
	}
	if err := s.Host.Plugins.LastError(); err != nil {
		out.ReloadError = err.Error()
	}
	return out, nil
}
