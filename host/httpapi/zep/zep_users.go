package zep

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mnemohq/mnemo/core"
	"github.com/mnemohq/mnemo/engine/retrieval"
	"github.com/mnemohq/mnemo/host/httpapi/api"
)

// zepUser is Zep's User, stored as the zep.user record of its group.
type zepUser struct {
	UUID                   string         `json:"uuid"`
	UserID                 string         `json:"user_id"`
	Email                  string         `json:"email,omitempty"`
	FirstName              string         `json:"first_name,omitempty"`
	LastName               string         `json:"last_name,omitempty"`
	Metadata               map[string]any `json:"metadata,omitempty"`
	TimeZone               string         `json:"time_zone,omitempty"`
	DisableDefaultOntology bool           `json:"disable_default_ontology,omitempty"`
	CreatedAt              string         `json:"created_at"`
	UpdatedAt              string         `json:"updated_at"`
	// SessionCount is the number of the user's threads, counted on reads.
	SessionCount int `json:"session_count"`
}

// zepUserInput is the body of POST /users and PATCH /users/{userId}.
type zepUserInput struct {
	UserID                 string         `json:"user_id"`
	Email                  *string        `json:"email"`
	FirstName              *string        `json:"first_name"`
	LastName               *string        `json:"last_name"`
	Metadata               map[string]any `json:"metadata"`
	TimeZone               *string        `json:"time_zone"`
	DisableDefaultOntology *bool          `json:"disable_default_ontology"`
}

func (in zepUserInput) apply(u *zepUser) {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&u.Email, in.Email)
	set(&u.FirstName, in.FirstName)
	set(&u.LastName, in.LastName)
	set(&u.TimeZone, in.TimeZone)
	if in.Metadata != nil {
		u.Metadata = in.Metadata
	}
	if in.DisableDefaultOntology != nil {
		u.DisableDefaultOntology = *in.DisableDefaultOntology
	}
}

// zepThread is Zep's Thread, stored as the zep.thread record of its
// user's group.
type zepThread struct {
	UUID      string `json:"uuid"`
	ThreadID  string `json:"thread_id"`
	UserID    string `json:"user_id"`
	CreatedAt string `json:"created_at"`
}

// zepEpisodeRecord is what mnemo keeps of an episode added through the Zep
// API besides the episode: for a message, its thread, speaker and raw
// content. A message of an ignored role has a record and no episode.
type zepEpisodeRecord struct {
	UUID     string         `json:"uuid"`
	ThreadID string         `json:"thread_id,omitempty"`
	Name     string         `json:"name,omitempty"`
	Role     string         `json:"role,omitempty"`
	Content  string         `json:"content,omitempty"`
	Metadata map[string]any `json:"metadata,omitempty"`
	TaskID   string         `json:"task_id,omitempty"`
	// CreatedAt is the message's time (the episode's reference time).
	CreatedAt string `json:"created_at,omitempty"`
	// Added (Unix nanoseconds) and Seq, the message's place in its add,
	// order a thread's messages as they were added.
	Added int64 `json:"added,omitempty"`
	Seq   int   `json:"seq,omitempty"`
	// Ignored marks a message of a role in ignore_roles: kept in the
	// thread, not added to the graph.
	Ignored bool `json:"ignored,omitempty"`
}

// zepMessageOut is Zep's Message.
type zepMessageOut struct {
	UUID      string         `json:"uuid"`
	Content   string         `json:"content"`
	Role      string         `json:"role"`
	Name      string         `json:"name,omitempty"`
	CreatedAt string         `json:"created_at,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
	Processed bool           `json:"processed"`
}

// zepMessageIn is a message as clients send it.
type zepMessageIn struct {
	UUID      string         `json:"uuid"`
	Content   string         `json:"content"`
	Role      string         `json:"role"`
	Name      string         `json:"name"`
	CreatedAt string         `json:"created_at"`
	Metadata  map[string]any `json:"metadata"`
}

// zepAddMessagesInput is the body of POST /threads/{threadId}/messages.
type zepAddMessagesInput struct {
	Messages      []zepMessageIn `json:"messages"`
	IgnoreRoles   []string       `json:"ignore_roles"`
	ReturnContext bool           `json:"return_context"`
}

// zepAddMessagesOutput answers it.
type zepAddMessagesOutput struct {
	MessageUUIDs []string `json:"message_uuids"`
	TaskID       string   `json:"task_id,omitempty"`
	Context      *string  `json:"context,omitempty"`
}

// zepRoles are Zep's RoleType values.
var zepRoles = []string{"norole", "system", "assistant", "user", "function", "tool"}

// roleClasses are the source classes of Zep's message roles: the
// user's words are the user's, the assistant's the agent's, a tool's or
// function's output a tool's; the rest are trust.default's. A key limited
// to some classes writes a role it may not claim as its own class
// (host.SourceClass).
var roleClasses = map[string]string{"user": core.TrustUser, "assistant": core.TrustAgent, "tool": core.TrustTool, "function": core.TrustTool}

// zepUser reads a user the key may use: ErrNotFound otherwise.
func (s *server) zepUser(ctx context.Context, c *api.Call, id string) (zepUser, error) {
	var u zepUser
	if err := zepGroup(c, "user", id); err != nil {
		return u, err
	}
	if err := s.record(ctx, id, kindZepUser, id, &u); err != nil {
		return u, fmt.Errorf("user %q: %w", id, err)
	}
	threads, err := records[zepThread](ctx, c, kindZepThread, []string{id})
	if err != nil {
		return u, err
	}
	u.SessionCount = len(threads)
	return u, nil
}

func (s *server) zepAddUser(ctx context.Context, c *api.Call) (any, error) {
	var in zepUserInput
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	if err := s.zepClaim(ctx, c, "user_id", "user", in.UserID); err != nil {
		return nil, err
	}
	now := zepTime(s.Host.Now())
	u := zepUser{UUID: core.NewID(s.Host.Now()), UserID: in.UserID, CreatedAt: now, UpdatedAt: now}
	in.apply(&u)
	if err := s.putRecord(ctx, u.UserID, kindZepUser, u.UserID, u); err != nil {
		return nil, err
	}
	c.Status = 201
	return u, nil
}

// zepIDFree fails with ErrConflict when a user or a graph has the id.
func (s *server) zepIDFree(ctx context.Context, id string) error {
	for _, kind := range []string{kindZepUser, kindZepGraph} {
		if _, err := s.Host.Engine.Record(ctx, id, kind, id); err == nil {
			return fmt.Errorf("%w: a %s named %q exists", core.ErrConflict, strings.TrimPrefix(kind, "zep."), id)
		}
	}
	return nil
}

func (s *server) zepGetUser(ctx context.Context, c *api.Call) (any, error) {
	return s.zepUser(ctx, c, c.R.PathValue("userId"))
}

func (s *server) zepUpdateUser(ctx context.Context, c *api.Call) (any, error) {
	u, err := s.zepUser(ctx, c, c.R.PathValue("userId"))
	if err != nil {
		return nil, err
	}
	var in zepUserInput
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	in.apply(&u)
	u.UpdatedAt = zepTime(s.Host.Now())
	if err := s.putRecord(ctx, u.UserID, kindZepUser, u.UserID, u); err != nil {
		return nil, err
	}
	return u, nil
}

func (s *server) zepDeleteUser(ctx context.Context, c *api.Call) (any, error) {
	u, err := s.zepUser(ctx, c, c.R.PathValue("userId"))
	if err != nil {
		return nil, err
	}
	// The user's group holds its threads, messages and graph: all go.
	if _, err := s.Host.EraseGroup(ctx, u.UserID, c.EraseOptions()); err != nil {
		return nil, err
	}
	return zepMessage{Message: "user deleted"}, nil
}

// zepUserNode answers the node that stands for the user in its graph:
// the entity named as the user (first and last name, first name, or user
// id), or nil.
func (s *server) zepUserNode(ctx context.Context, c *api.Call) (any, error) {
	u, err := s.zepUser(ctx, c, c.R.PathValue("userId"))
	if err != nil {
		return nil, err
	}
	type answer struct {
		Node *zepNode `json:"node,omitempty"`
	}
	names := []string{strings.TrimSpace(u.FirstName + " " + u.LastName), u.FirstName, u.UserID}
	for _, name := range names {
		if core.NormalizeName(name) == "" {
			continue
		}
		res, err := s.Host.Engine.Search(ctx, retrieval.Request{Groups: []string{u.UserID}, Query: name, Scopes: []core.Scope{core.ScopeEntities}, Limit: 10})
		if err != nil {
			return nil, err
		}
		for _, r := range res.Entities {
			if core.NormalizeName(r.Name) == core.NormalizeName(name) {
				n := zepNodeOf(r.Entity, nil)
				return answer{Node: &n}, nil
			}
		}
	}
	return answer{}, nil
}

func (s *server) zepUserThreads(ctx context.Context, c *api.Call) (any, error) {
	u, err := s.zepUser(ctx, c, c.R.PathValue("userId"))
	if err != nil {
		return nil, err
	}
	ts, err := records[zepThread](ctx, c, kindZepThread, []string{u.UserID})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(ts, func(a, b zepThread) int { return cmp.Compare(a.CreatedAt, b.CreatedAt) })
	return ts, nil
}

func (s *server) zepListUsers(ctx context.Context, c *api.Call) (any, error) {
	number, err := queryInt(c, 1, 1, 1<<20, "pageNumber", "page_number")
	if err != nil {
		return nil, err
	}
	size, err := queryInt(c, 100, 1, 1000, "pageSize", "page_size")
	if err != nil {
		return nil, err
	}
	us, err := records[zepUser](ctx, c, kindZepUser, nil)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(us, func(a, b zepUser) int {
		return cmp.Or(cmp.Compare(a.CreatedAt, b.CreatedAt), cmp.Compare(a.UserID, b.UserID))
	})
	out := page(us, number, size)
	return struct {
		Users      []zepUser `json:"users"`
		TotalCount int       `json:"total_count"`
		RowCount   int       `json:"row_count"`
	}{out, len(us), len(out)}, nil
}

// zepThread finds a thread by id in the groups the key may use.
func (s *server) zepThread(ctx context.Context, c *api.Call, id string) (zepThread, error) {
	if id == "" {
		return zepThread{}, fmt.Errorf("%w: thread_id is required", core.ErrInvalid)
	}
	ts, err := records[zepThread](ctx, c, kindZepThread, nil, id)
	if err != nil {
		return zepThread{}, err
	}
	if len(ts) == 0 {
		return zepThread{}, fmt.Errorf("thread %q: %w", id, core.ErrNotFound)
	}
	return ts[0], nil
}

func (s *server) zepCreateThread(ctx context.Context, c *api.Call) (any, error) {
	var in struct {
		ThreadID string `json:"thread_id"`
		UserID   string `json:"user_id"`
	}
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	if in.ThreadID == "" || in.UserID == "" {
		return nil, fmt.Errorf("%w: thread_id and user_id are required", core.ErrInvalid)
	}
	if err := core.ValidateRecordID(in.ThreadID); err != nil {
		return nil, fmt.Errorf("thread_id: %w", err)
	}
	if _, err := s.zepUser(ctx, c, in.UserID); err != nil {
		return nil, err
	}
	if _, err := s.zepThread(ctx, c, in.ThreadID); err == nil {
		return nil, fmt.Errorf("%w: thread %q exists", core.ErrConflict, in.ThreadID)
	}
	t := zepThread{UUID: core.NewID(s.Host.Now()), ThreadID: in.ThreadID, UserID: in.UserID, CreatedAt: zepTime(s.Host.Now())}
	if err := s.putRecord(ctx, t.UserID, kindZepThread, t.ThreadID, t); err != nil {
		return nil, err
	}
	c.Status = 201
	return t, nil
}

func (s *server) zepListThreads(ctx context.Context, c *api.Call) (any, error) {
	number, err := queryInt(c, 1, 1, 1<<20, "page_number", "pageNumber")
	if err != nil {
		return nil, err
	}
	size, err := queryInt(c, 100, 1, 1000, "page_size", "pageSize")
	if err != nil {
		return nil, err
	}
	ts, err := records[zepThread](ctx, c, kindZepThread, nil)
	if err != nil {
		return nil, err
	}
	desc := c.R.URL.Query().Get("asc") == "false"
	slices.SortFunc(ts, func(a, b zepThread) int {
		o := cmp.Or(cmp.Compare(a.CreatedAt, b.CreatedAt), cmp.Compare(a.ThreadID, b.ThreadID))
		if desc {
			return -o
		}
		return o
	})
	out := page(ts, number, size)
	return struct {
		Threads       []zepThread `json:"threads"`
		TotalCount    int         `json:"total_count"`
		ResponseCount int         `json:"response_count"`
	}{out, len(ts), len(out)}, nil
}

func (s *server) zepDeleteThread(ctx context.Context, c *api.Call) (any, error) {
	t, err := s.zepThread(ctx, c, c.R.PathValue("threadId"))
	if err != nil {
		return nil, err
	}
	// The thread goes with the records of its messages; the episodes, and
	// what the graph learned from them, stay, as in Zep.
	msgs, err := s.threadMessages(ctx, c, t)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(msgs))
	for i, m := range msgs {
		ids[i] = m.UUID
	}
	if _, err := s.Host.Engine.DeleteRecords(ctx, t.UserID, kindZepEpisode, ids); err != nil {
		return nil, err
	}
	if _, err := s.Host.Engine.DeleteRecords(ctx, t.UserID, kindZepThread, []string{t.ThreadID}); err != nil {
		return nil, err
	}
	return zepMessage{Message: "thread deleted"}, nil
}

// threadMessages returns the records of a thread's messages in the order
// they were added.
func (s *server) threadMessages(ctx context.Context, c *api.Call, t zepThread) ([]zepEpisodeRecord, error) {
	all, err := records[zepEpisodeRecord](ctx, c, kindZepEpisode, []string{t.UserID})
	if err != nil {
		return nil, err
	}
	msgs := slices.DeleteFunc(all, func(r zepEpisodeRecord) bool { return r.ThreadID != t.ThreadID })
	slices.SortFunc(msgs, func(a, b zepEpisodeRecord) int {
		return cmp.Or(cmp.Compare(a.Added, b.Added), cmp.Compare(a.Seq, b.Seq), cmp.Compare(a.UUID, b.UUID))
	})
	return msgs, nil
}

// messageContent is the content of a message's episode: "name(role):
// text", the Graphiti convention mnemo's extractors read a speaker and a
// role from, so that a named assistant is not taken for a person. A user's
// message without a name is the thread user's: user is their name (first
// and last), if they have one. Without a name the label is the role, and
// a message of role norole is "name: text".
func messageContent(m zepMessageIn, user string) string {
	name := strings.TrimSpace(m.Name)
	if name == "" && m.Role == "user" {
		name = user
	}
	switch {
	case name == "":
		return m.Role + ": " + m.Content
	case m.Role == "norole":
		return name + ": " + m.Content
	}
	return name + "(" + m.Role + "): " + m.Content
}

// zepUserName is the name of a thread's user for messageContent: first
// and last name, or "" when the user has neither or no message needs it.
func (s *server) zepUserName(ctx context.Context, t zepThread, msgs []zepMessageIn) (string, error) {
	if !slices.ContainsFunc(msgs, func(m zepMessageIn) bool { return m.Role == "user" && strings.TrimSpace(m.Name) == "" }) {
		return "", nil
	}
	var u zepUser
	if err := s.record(ctx, t.UserID, kindZepUser, t.UserID, &u); err != nil {
		return "", fmt.Errorf("user %q: %w", t.UserID, err)
	}
	return strings.TrimSpace(strings.TrimSpace(u.FirstName) + " " + strings.TrimSpace(u.LastName)), nil
}

func (s *server) zepAddMessages(ctx context.Context, c *api.Call) (any, error) {
	t, err := s.zepThread(ctx, c, c.R.PathValue("threadId"))
	if err != nil {
		return nil, err
	}
	var in zepAddMessagesInput
	if err := decodeLenient(c, &in); err != nil {
		return nil, err
	}
	if len(in.Messages) == 0 {
		return nil, fmt.Errorf("%w: messages is empty", core.ErrInvalid)
	}
	user, err := s.zepUserName(ctx, t, in.Messages)
	if err != nil {
		return nil, err
	}
	now := s.Host.Now()
	taskID := core.NewID(now)
	var eps []core.Episode
	recs := make([]zepEpisodeRecord, len(in.Messages))
	for i, m := range in.Messages {
		if !slices.Contains(zepRoles, m.Role) {
			return nil, fmt.Errorf("%w: messages[%d].role %q: want one of %s", core.ErrInvalid, i, m.Role, strings.Join(zepRoles, ", "))
		}
		if strings.TrimSpace(m.Content) == "" {
			return nil, fmt.Errorf("%w: messages[%d].content is empty", core.ErrInvalid, i)
		}
		at := now
		if m.CreatedAt != "" {
			if at, err = parseZepTime(m.CreatedAt); err != nil {
				return nil, fmt.Errorf("messages[%d].created_at: %w", i, err)
			}
		}
		id := m.UUID
		if id == "" {
			id = core.NewID(now)
		} else if err := core.ValidateUUID(id); err != nil {
			return nil, fmt.Errorf("messages[%d].uuid: %w", i, err)
		}
		ignored := slices.Contains(in.IgnoreRoles, m.Role)
		recs[i] = zepEpisodeRecord{
			UUID: id, ThreadID: t.ThreadID, Name: m.Name, Role: m.Role, Content: m.Content, Metadata: m.Metadata,
			CreatedAt: zepTime(at), Added: now.UnixNano(), Seq: i, Ignored: ignored,
		}
		if !ignored {
			recs[i].TaskID = taskID
			class, err := c.SourceClass(s.Host.Config.Trust.RouteClass(roleClasses[m.Role]), "")
			if err != nil {
				return nil, fmt.Errorf("messages[%d]: %w", i, err)
			}
			eps = append(eps, core.Episode{
				UUID: id, GroupID: t.UserID, Name: "thread " + t.ThreadID, Source: core.SourceMessage,
				SourceDescription: "thread " + t.ThreadID, Content: messageContent(m, user), ValidAt: at, Trust: class,
			})
		}
	}
	if err := s.zepIngest(ctx, t.UserID, taskID, "add_messages", eps, recs); err != nil {
		return nil, err
	}
	out := zepAddMessagesOutput{MessageUUIDs: make([]string, len(recs))}
	for i, r := range recs {
		out.MessageUUIDs[i] = r.UUID
	}
	if len(eps) > 0 {
		out.TaskID = taskID
	}
	if in.ReturnContext {
		text, err := s.zepContext(ctx, c, t)
		if err != nil {
			return nil, err
		}
		out.Context = &text
	}
	return out, nil
}

// zepIngest writes the records of an add first, then queues its episodes;
// a task record names the episodes when there are any. The budgets admit
// the episodes before any record is written, so a refused add writes
// nothing.
func (s *server) zepIngest(ctx context.Context, group, taskID, typ string, eps []core.Episode, recs []zepEpisodeRecord) (err error) {
	// Ingest refunds what it does not store; before it, this does.
	ingesting := false
	if len(eps) > 0 {
		var refund func()
		if ctx, refund, err = s.Host.Engine.AdmitEpisodes(ctx, eps); err != nil {
			return err
		}
		defer func() {
			if err != nil && !ingesting {
				refund()
			}
		}()
	}
	rs := make([]core.Record, 0, len(recs)+1)
	for _, r := range recs {
		b, err := jsonMarshal(r)
		if err != nil {
			return err
		}
		rs = append(rs, core.Record{GroupID: group, Kind: kindZepEpisode, ID: r.UUID, Data: b})
	}
	if len(eps) > 0 {
		ids := make([]string, len(eps))
		for i, ep := range eps {
			ids[i] = ep.UUID
		}
		b, err := jsonMarshal(zepTask{TaskID: taskID, Type: typ, CreatedAt: zepTime(s.Host.Now()), Episodes: ids})
		if err != nil {
			return err
		}
		rs = append(rs, core.Record{GroupID: group, Kind: kindZepTask, ID: taskID, Data: b})
	}
	if err := s.Host.Engine.PutRecords(ctx, rs); err != nil {
		return err
	}
	if len(eps) == 0 {
		return nil
	}
	ingesting = true
	res, err := s.Host.Engine.Ingest(ctx, eps)
	if err != nil {
		return err
	}
	s.Metrics.Accepted(len(res))
	return nil
}

func (s *server) zepGetMessages(ctx context.Context, c *api.Call) (any, error) {
	t, err := s.zepThread(ctx, c, c.R.PathValue("threadId"))
	if err != nil {
		return nil, err
	}
	lastn, err := queryInt(c, 0, 0, 1<<20, "lastn")
	if err != nil {
		return nil, err
	}
	limit, err := queryInt(c, 0, 0, 1<<20, "limit")
	if err != nil {
		return nil, err
	}
	cursor, err := queryInt(c, 0, 0, 1<<30, "cursor")
	if err != nil {
		return nil, err
	}
	msgs, err := s.threadMessages(ctx, c, t)
	if err != nil {
		return nil, err
	}
	total := len(msgs)
	switch {
	case lastn > 0:
		msgs = msgs[max(0, len(msgs)-lastn):]
	default:
		msgs = msgs[min(cursor, len(msgs)):]
		if limit > 0 {
			msgs = msgs[:min(limit, len(msgs))]
		}
	}
	done, err := s.processed(ctx, t.UserID, msgs)
	if err != nil {
		return nil, err
	}
	out := make([]zepMessageOut, len(msgs))
	for i, m := range msgs {
		out[i] = zepMessageOut{UUID: m.UUID, Content: m.Content, Role: m.Role, Name: m.Name, CreatedAt: m.CreatedAt, Metadata: m.Metadata, Processed: m.Ignored || done[m.UUID]}
	}
	return struct {
		Messages        []zepMessageOut `json:"messages"`
		TotalCount      int             `json:"total_count"`
		RowCount        int             `json:"row_count"`
		UserID          string          `json:"user_id"`
		ThreadCreatedAt string          `json:"thread_created_at"`
	}{out, total, len(out), t.UserID, t.CreatedAt}, nil
}

// processed reports which of the records' episodes are done.
func (s *server) processed(ctx context.Context, group string, recs []zepEpisodeRecord) (map[string]bool, error) {
	ids := make([]string, 0, len(recs))
	for _, r := range recs {
		if !r.Ignored {
			ids = append(ids, r.UUID)
		}
	}
	eps, err := s.Host.Engine.Episodes(ctx, []string{group}, ids)
	if err != nil {
		return nil, err
	}
	done := map[string]bool{}
	for _, ep := range eps {
		done[ep.UUID] = ep.Status == core.EpisodeDone
	}
	return done, nil
}

func (s *server) zepThreadContext(ctx context.Context, c *api.Call) (any, error) {
	t, err := s.zepThread(ctx, c, c.R.PathValue("threadId"))
	if err != nil {
		return nil, err
	}
	text, err := s.zepContext(ctx, c, t)
	if err != nil {
		return nil, err
	}
	return struct {
		Context string `json:"context"`
	}{text}, nil
}

// contextMessages is how many of a thread's latest messages make the query
// of its context.
const contextMessages = 4

// zepContext is the context block of a thread: the facts and entities of
// the user's graph most relevant to the thread's latest messages, in Zep's
// layout. It is empty while the thread has no message.
func (s *server) zepContext(ctx context.Context, c *api.Call, t zepThread) (string, error) {
	msgs, err := s.threadMessages(ctx, c, t)
	if err != nil {
		return "", err
	}
	if len(msgs) == 0 {
		return "", nil
	}
	var q []string
	for _, m := range msgs[max(0, len(msgs)-contextMessages):] {
		q = append(q, m.Content)
	}
	res, err := s.Host.Engine.Search(ctx, retrieval.Request{
		Groups: []string{t.UserID}, Query: strings.Join(q, "\n"), Scopes: []core.Scope{core.ScopeFacts, core.ScopeEntities},
	})
	if err != nil {
		return "", err
	}
	return zepContextString(res), nil
}

// zepContextString writes facts and entities as Zep's context block (the
// SDK's composeContextString).
func zepContextString(res retrieval.Results) string {
	var b strings.Builder
	b.WriteString("FACTS and ENTITIES represent relevant context to the current conversation.\n\n")
	b.WriteString("# These are the most relevant facts and their valid date ranges\n# format: FACT (Date range: from - to)\n<FACTS>\n")
	for _, f := range res.Facts {
		from, to := "date unknown", "present"
		if !f.ValidAt.IsZero() {
			from = f.ValidAt.UTC().Format(time.DateTime)
		}
		if !f.InvalidAt.IsZero() {
			to = f.InvalidAt.UTC().Format(time.DateTime)
		}
		fmt.Fprintf(&b, "  - %s (Date range: %s - %s)\n", strings.Join(strings.Fields(f.Text), " "), from, to)
	}
	b.WriteString("</FACTS>\n\n")
	b.WriteString("# These are the most relevant entities\n# Name: ENTITY_NAME\n# Label: entity_label (if present)\n# Summary: entity summary\n<ENTITIES>\n")
	for _, e := range res.Entities {
		fmt.Fprintf(&b, "Name: %s\n", e.Name)
		if len(e.Labels) > 0 {
			fmt.Fprintf(&b, "Label: %s\n", e.Labels[0])
		}
		if sum := strings.TrimSpace(e.Summary); sum != "" {
			fmt.Fprintf(&b, "Summary: %s\n", strings.Join(strings.Fields(sum), " "))
		}
	}
	b.WriteString("</ENTITIES>\n")
	return b.String()
}

func (s *server) zepThreadEpisodes(ctx context.Context, c *api.Call) (any, error) {
	t, err := s.zepThread(ctx, c, c.R.PathValue("threadId"))
	if err != nil {
		return nil, err
	}
	msgs, err := s.threadMessages(ctx, c, t)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(msgs))
	for _, m := range msgs {
		if !m.Ignored {
			ids = append(ids, m.UUID)
		}
	}
	eps, err := s.Host.Engine.Episodes(ctx, []string{t.UserID}, ids)
	if err != nil {
		return nil, err
	}
	return s.zepEpisodeList(ctx, c, t.UserID, eps)
}
