package faulttest

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine"
)

// failTarget gives group the seed and a target episode whose one attempt
// failed (a permanent store error at its first step), and returns the
// target's uuid.
func (r *rig) failTarget(t *testing.T, e *engine.Engine, group string) string {
	t.Helper()
	r.store.arm(at(1, errPermanent))
	defer r.store.disarm()
	uuid, err := ingest(t, e, group, target)
	if err != nil {
		t.Fatalf("Ingest(target): %v", err)
	}
	rep, err := e.Wait(probing(context.Background()), group, uuid)
	if err != nil || rep[0].Status != core.EpisodeFailed {
		t.Fatalf("Wait(target) = %+v, %v; want failed", rep, err)
	}
	return uuid
}

// TestListByStatus lists a group's episodes of each status.
func TestListByStatus(t *testing.T) {
	r := newRig(t)
	e := r.seeded(t, "g")
	failed := r.failTarget(t, e, "g")
	tests := []struct {
		status  core.EpisodeStatus
		want    []string
		wantErr error
	}{
		{"", []string{"g-seed", failed}, nil},
		{core.EpisodeDone, []string{"g-seed"}, nil},
		{core.EpisodeFailed, []string{failed}, nil},
		{core.EpisodePending, nil, nil},
		{"stuck", nil, core.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(string(tt.status), func(t *testing.T) {
			p, err := e.ListEpisodes(probing(context.Background()), "g", core.ListOptions{Status: tt.status})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("ListEpisodes(%q) = %v, want %v", tt.status, err, tt.wantErr)
			}
			var got []string
			for _, ep := range p.Items {
				got = append(got, ep.UUID)
				if ep.Status == core.EpisodeFailed && (ep.Attempts != 1 || ep.Error == "") {
					t.Errorf("failed episode %s: attempts %d, error %q; want 1 and the error", ep.UUID, ep.Attempts, ep.Error)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ListEpisodes(%q) (-want +got):\n%s", tt.status, diff)
			}
		})
	}
}

// TestResendFailed re-sends a failed episode: the same content queues it
// again, other content is a conflict, and a re-send of a done episode
// changes nothing.
func TestResendFailed(t *testing.T) {
	r := newRig(t)
	e := r.seeded(t, "g")
	uuid := r.failTarget(t, e, "g")
	ctx := probing(context.Background())
	resend := func(content string) ([]engine.IngestResult, error) {
		ep := target
		ep.GroupID, ep.UUID, ep.Content = "g", uuid, content
		return e.Ingest(ctx, []core.Episode{ep})
	}

	if _, err := resend("Alice: something else entirely."); !errors.Is(err, core.ErrConflict) {
		t.Fatalf("re-send with other content = %v, want ErrConflict", err)
	}
	res, err := resend(target.Content)
	if err != nil {
		t.Fatalf("re-send: %v", err)
	}
	if diff := cmp.Diff([]engine.IngestResult{{UUID: uuid, Requeued: true}}, res); diff != "" {
		t.Errorf("re-send of a failed episode (-want +got):\n%s", diff)
	}
	waitDone(t, e, "g", uuid)
	res, err = resend(target.Content)
	if err != nil {
		t.Fatalf("re-send: %v", err)
	}
	if diff := cmp.Diff([]engine.IngestResult{{UUID: uuid}}, res); diff != "" {
		t.Errorf("re-send of a done episode (-want +got):\n%s", diff)
	}
	if rep, err := e.Report(ctx, "g", uuid); err != nil || rep.Status != core.EpisodeDone {
		t.Errorf("Report after re-sending a done episode = %s, %v; want done", rep.Status, err)
	}
}

// TestRetryNamed retries episodes by uuid.
func TestRetryNamed(t *testing.T) {
	r := newRig(t)
	e := r.seeded(t, "g")
	uuid := r.failTarget(t, e, "g")
	ctx := probing(context.Background())
	failedErr := func() string {
		ep, err := r.store.Episode(ctx, []string{"g"}, uuid)
		if err != nil {
			t.Fatal(err)
		}
		return ep.Error
	}()
	tests := []struct {
		name    string
		uuids   []string
		wantErr error
	}{
		{"done", []string{"g-seed"}, core.ErrConflict},
		{"unknown", []string{uuid, "nosuch"}, core.ErrNotFound},
		{"other group", []string{"g-seed"}, core.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			group := "g"
			if tt.name == "other group" {
				group = "h"
			}
			if _, err := e.Retry(ctx, group, tt.uuids...); !errors.Is(err, tt.wantErr) {
				t.Fatalf("Retry(%v) = %v, want %v", tt.uuids, err, tt.wantErr)
			}
			if ep, _ := r.store.Episode(ctx, []string{"g"}, uuid); ep.Status != core.EpisodeFailed {
				t.Errorf("after a refused Retry the failed episode is %s, want failed", ep.Status)
			}
		})
	}
	reps, err := e.Retry(ctx, "g", uuid, uuid)
	if err != nil {
		t.Fatalf("Retry: %v", err)
	}
	want := []engine.EpisodeReport{{UUID: uuid, GroupID: "g", Status: core.EpisodePending, Error: failedErr}}
	if diff := cmp.Diff(want, reps); diff != "" {
		t.Errorf("Retry (-want +got):\n%s", diff)
	}
	waitDone(t, e, "g", uuid)
	if reps, err := e.Retry(ctx, "g"); err != nil || len(reps) != 0 {
		t.Errorf("Retry of a group with no failed episode = %v, %v; want none", reps, err)
	}
}
