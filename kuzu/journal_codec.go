package kuzu

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/mnemohq/mnemo/core"
)

// Journal records. Each write the store acknowledges is one record of the
// journal (journal.go): its kind says which write, its data holds the
// write's arguments as the store received them, so that replaying the
// record runs the same write again. The data is the arguments as JSON
// with every vector taken out, then the vectors as little-endian float32
// (a 256-dimension vector is 1 KiB instead of about 2.8 KiB of JSON):
//
//	uvarint len(json) | json | uvarint count | count × (uvarint n | n × float32)
//
// The vectors are listed in a fixed walk of the arguments (episodes,
// entities, facts, communities, staged vectors, in order), a nil vector as
// n = 0, so decoding puts each one back where it was.

// Record kinds. Their numbers are stored: never reuse one.
const (
	recAddEpisodes   byte = 1
	recApply         byte = 2
	recDeleteGroup   byte = 3
	recImport        byte = 4
	recPutRecords    byte = 5
	recDeleteRecords byte = 6
	recBeginRestage  byte = 7
	recStageVectors  byte = 8
	recSwitchVectors byte = 9
	// recCheckpoint says what a checkpoint wrote into the database file:
	// the journal position and the counts of what it held. It changes
	// nothing; recovery checks a database file against it.
	recCheckpoint byte = 10
)

// journalRecord is one encoded record.
type journalRecord struct {
	kind byte
	data []byte
}

// recordArgs are the arguments of the writes a record can hold; each
// kind uses some of the fields.
type recordArgs struct {
	Episodes []core.Episode       `json:"episodes,omitempty"`
	Change   *core.Change         `json:"change,omitempty"`
	Group    string               `json:"group,omitempty"`
	Records  []core.Record        `json:"records,omitempty"`
	Kind     string               `json:"kind,omitempty"`
	IDs      []string             `json:"ids,omitempty"`
	Embedder *core.EmbedderID     `json:"embedder,omitempty"`
	Scope    core.Scope           `json:"scope,omitempty"`
	Staged   []core.StagedVector  `json:"staged,omitempty"`
	Mark     *checkpointMarkState `json:"mark,omitempty"`
}

// checkpointMarkState is what a checkpoint held: the journal position of
// the last write in the database file and the row counts of its tables.
type checkpointMarkState struct {
	Seq    uint64           `json:"seq"`
	Counts map[string]int64 `json:"counts"`
}

// encodeRecord encodes args as a record of kind. args is not changed: its
// slices are copied before their vectors are taken out.
func encodeRecord(kind byte, args recordArgs) (journalRecord, error) {
	args, vecs := takeVectors(args)
	js, err := json.Marshal(args)
	if err != nil {
		return journalRecord{}, fmt.Errorf("encode journal record: %w", err)
	}
	n := binary.MaxVarintLen64 + len(js) + binary.MaxVarintLen64
	for _, v := range vecs {
		n += binary.MaxVarintLen64 + 4*len(v)
	}
	b := make([]byte, 0, n)
	b = binary.AppendUvarint(b, uint64(len(js)))
	b = append(b, js...)
	b = binary.AppendUvarint(b, uint64(len(vecs)))
	for _, v := range vecs {
		b = binary.AppendUvarint(b, uint64(len(v)))
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
	}
	return journalRecord{kind: kind, data: b}, nil
}

// decodeRecord decodes the data of a record.
func decodeRecord(data []byte) (recordArgs, error) {
	var args recordArgs
	n, k := binary.Uvarint(data)
	if k <= 0 || uint64(len(data)-k) < n {
		return args, fmt.Errorf("decode journal record: bad length")
	}
	js, rest := data[k:k+int(n)], data[k+int(n):]
	if err := json.Unmarshal(js, &args); err != nil {
		return args, fmt.Errorf("decode journal record: %w", err)
	}
	count, k := binary.Uvarint(rest)
	if k <= 0 {
		return args, fmt.Errorf("decode journal record: bad vector count")
	}
	rest = rest[k:]
	vecs := make([][]float32, 0, min(count, 1<<20))
	for range count {
		m, k := binary.Uvarint(rest)
		if k <= 0 || uint64(len(rest)-k)/4 < m {
			return args, fmt.Errorf("decode journal record: bad vector")
		}
		rest = rest[k:]
		var v []float32
		if m > 0 {
			v = make([]float32, m)
			for i := range v {
				v[i] = math.Float32frombits(binary.LittleEndian.Uint32(rest[4*i:]))
			}
		}
		rest = rest[4*m:]
		vecs = append(vecs, v)
	}
	if len(rest) != 0 {
		return args, fmt.Errorf("decode journal record: %d bytes after the vectors", len(rest))
	}
	if err := putVectors(&args, vecs); err != nil {
		return args, err
	}
	return args, nil
}

// vectorSlots returns a pointer to each vector field of args, in the
// walk's order.
func vectorSlots(args *recordArgs) []*[]float32 {
	var out []*[]float32
	for i := range args.Episodes {
		out = append(out, &args.Episodes[i].Embedding)
	}
	if ch := args.Change; ch != nil {
		for i := range ch.Episodes {
			out = append(out, &ch.Episodes[i].Embedding)
		}
		for i := range ch.Entities {
			out = append(out, &ch.Entities[i].NameEmbedding)
		}
		for i := range ch.Facts {
			out = append(out, &ch.Facts[i].Embedding)
		}
		for i := range ch.Communities {
			out = append(out, &ch.Communities[i].NameEmbedding)
		}
	}
	for i := range args.Staged {
		out = append(out, &args.Staged[i].Vector)
	}
	return out
}

// takeVectors returns a copy of args without vectors, and the vectors in
// the walk's order. The copy shares nothing that takeVectors changes with
// args.
func takeVectors(args recordArgs) (recordArgs, [][]float32) {
	args.Episodes = slices.Clone(args.Episodes)
	if args.Change != nil {
		ch := *args.Change
		ch.Episodes = slices.Clone(ch.Episodes)
		ch.Entities = slices.Clone(ch.Entities)
		ch.Facts = slices.Clone(ch.Facts)
		ch.Communities = slices.Clone(ch.Communities)
		args.Change = &ch
	}
	args.Staged = slices.Clone(args.Staged)
	slots := vectorSlots(&args)
	vecs := make([][]float32, len(slots))
	for i, p := range slots {
		vecs[i], *p = *p, nil
	}
	return args, vecs
}

// putVectors puts vecs back into args in the walk's order.
func putVectors(args *recordArgs, vecs [][]float32) error {
	slots := vectorSlots(args)
	if len(slots) != len(vecs) {
		return fmt.Errorf("decode journal record: %d vectors for %d places", len(vecs), len(slots))
	}
	for i, p := range slots {
		*p = vecs[i]
	}
	return nil
}
