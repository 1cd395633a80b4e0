package core

import (
	"log/slog"
	"slices"
)

// Tenancy holds whatever a store returns: a read names the groups it may
// see, and an object of any other group is dropped before anyone sees it,
// even from a store that breaks its contract. The engine and its stages
// apply this rule to every read with InGroups and KeepGroups.

// InGroups reports whether an object of group, read for groups, belongs to
// one of them. When it does not, the store broke tenancy: InGroups logs it
// on log as an error, and the caller drops the object.
func InGroups(log *slog.Logger, groups []string, group, kind, uuid string) bool {
	if slices.Contains(groups, group) {
		return true
	}
	log.Error("the store returned an object of a group the read did not name; it is dropped",
		"kind", kind, "uuid", uuid, "group", group, "groups", groups)
	return false
}

// KeepGroups returns the items that belong to groups (see InGroups), in
// order; id gives an item's group and uuid. It reuses items' array.
func KeepGroups[T any](log *slog.Logger, groups []string, items []T, kind string, id func(T) (group, uuid string)) []T {
	return slices.DeleteFunc(items, func(x T) bool {
		g, u := id(x)
		return !InGroups(log, groups, g, kind, u)
	})
}
