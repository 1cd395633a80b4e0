// Package journal is mnemo's own write-ahead log, kept outside Kuzu's
// files. Kuzu 0.11.3 can leave a database that does not open when the
// process is killed inside a checkpoint, and the acknowledged writes are
// lost with it; so every write the store acknowledges is first appended
// here and synced, and recovery replays the journal onto the last good
// base. The package uses the standard library only.
//
// # Records and seqs
//
// A record is a kind byte and up to MaxData (1 GiB) bytes of data. Each
// gets a seq, one more than the record before it; the seqs of a log have no
// gaps. The first record of an empty directory gets Options.Next (1 by
// default); from then on the files carry the counter, also when Rotate and
// DropThrough have left no record (the name of the empty current segment
// says which seq comes next).
//
// # Files
//
// The log is a directory of segment files, each named after the seq of its
// first record (or the seq its first record will get) as twenty decimal
// digits and ".seg", such as 00000000000000000001.seg. A segment begins
// with a 16-byte header:
//
//	magic "MNJRNL01" (8 bytes) | first seq (uint64)
//
// and holds records one after the other, with no padding:
//
//	length (uint32) | crc (uint32) | seq (uint64) | kind (1 byte) | data
//
// All integers are little-endian. length counts kind and data (1 to
// MaxData+1); crc is CRC-32C (Castagnoli) over seq, kind and data. Append
// begins a new segment once the current one holds Options.SegmentBytes;
// only the last segment, the current one, is ever written. A new segment is
// written under a temporary name (".seg.tmp"), synced, renamed into place,
// and the directory synced; every creation, removal and rename is followed
// by a directory sync.
//
// # Guarantees
//
// Append returns a seq only once its record is durable: written with one
// write call, then fdatasynced (File.Sync outside Linux). An acknowledged
// record therefore survives the process being killed (SIGKILL) at any
// moment, and a power cut too, as far as the disk honours its cache flushes.
// A record whose Append had not returned may or may not be found after a
// crash; if it is, it is whole. A failed Append leaves nothing behind: the
// segment is cut back to where it was. If that fails too, the Log refuses
// every later write (ErrBroken) until it is opened again, and the record,
// never acknowledged, may then be found whole, or as a torn tail that Open
// drops.
//
// # Recovery
//
// Open reads every segment, streaming, and checks each header (the seq
// in it must match the name), each record's checksum, and that the seqs
// follow one another, across segments too. A crash can leave only the end
// of the last segment unfinished, so a torn tail there (a record cut short,
// a length that runs past the end of the file, or final records that fail
// their checksum with no valid record after them) is the trace of a record
// never acknowledged: Open truncates it away, syncs, and logs the bytes
// dropped at Warn. A last segment with an incomplete header holds no record
// and is removed (or, if it is the only one, written again whole, to keep
// the seq counter). Anything else bad, such as a bad record with valid data
// after it, any bad record in an earlier segment, or a gap between
// segments, is ErrCorrupt, naming the file and byte offset; Open never
// drops data silently.
//
// # Use
//
// A *Log is safe for concurrent use; its methods serialize on one mutex.
// The store appends a record before the database write it describes,
// calls Undo when that write fails, replays with Scan after Open, and
// after a good base is saved calls Rotate and DropThrough to let go of the
// segments the base covers.
package journal
