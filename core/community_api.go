package core

// CommunityOptions configures the community tier.
type CommunityOptions struct {
	// DriftThreshold is the share of a group's entities added or moved
	// since its last full build past which the next update rebuilds all
	// its communities. The default is 0.25.
	DriftThreshold float64
	// MaxIterations caps label propagation. The default is 50.
	MaxIterations int
}

func (o CommunityOptions) withDefaults() CommunityOptions {
	if o.DriftThreshold == 0 {
		o.DriftThreshold = 0.25
	}
	if o.MaxIterations == 0 {
		o.MaxIterations = 50
	}
	return o
}
