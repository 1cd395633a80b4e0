// mnemo graph schema, version 10 (schemaVersion in schema.go). DIM is
// replaced by the embedding dimension fixed when the database is created.
// Statements end with a semicolon at the end of a line.
//
// A fact is a node between two RELATES_TO relationships because Kuzu puts
// full-text and vector indexes on node properties only. Embeddings live in
// their own tables (one row per object, keyed by its uuid) because Kuzu
// cannot SET an indexed vector: re-embedding deletes and re-inserts the row
// without touching the object or its relationships.
//
// A fact's episodes column is what older versions kept of the episodes
// that STATES it; the store keeps those lists in memory now, built from
// the relationships (see provenance.go), and an import still copies them.

CREATE NODE TABLE IF NOT EXISTS Meta(key STRING PRIMARY KEY, value STRING);

// Episodes are keyed by group and uuid (key joins group_id and uuid with
// 0x1f, see tables.go): two groups may hold the same client-chosen uuid.
CREATE NODE TABLE IF NOT EXISTS Episode(
  key STRING PRIMARY KEY, uuid STRING, group_id STRING, name STRING, source STRING,
  source_description STRING, content STRING, valid_at TIMESTAMP,
  created_at TIMESTAMP, status STRING, attempts INT64, error STRING,
  warnings STRING, trust STRING);

CREATE NODE TABLE IF NOT EXISTS Entity(
  uuid STRING PRIMARY KEY, group_id STRING, name STRING, name_key STRING,
  acronym STRING, labels STRING[], summary STRING, attributes STRING, created_at TIMESTAMP,
  archived_at TIMESTAMP);

CREATE NODE TABLE IF NOT EXISTS Fact(
  uuid STRING PRIMARY KEY, group_id STRING, relation STRING, fact STRING,
  source_uuid STRING, target_uuid STRING, attributes STRING,
  valid_at TIMESTAMP, invalid_at TIMESTAMP, stated_invalid_at TIMESTAMP,
  created_at TIMESTAMP, expired_at TIMESTAMP, invalidated_by STRING,
  episodes STRING[], archived_at TIMESTAMP, trust STRING, quarantined_at TIMESTAMP,
  released_at TIMESTAMP);

// Records (core.RecordStore: JSON documents by group, kind and id),
// communities (Community, CommunityVec and HAS_MEMBER) and the changed
// attributes of facts (FactAttrs, factattrs.go: Fact.attributes is what a
// fact was created with) have tables of their own, which the first
// record, community and change create (lazytables.go): Kuzu 0.11.3 holds
// about 5.5 MiB of memory per node table, and many databases use none.

CREATE NODE TABLE IF NOT EXISTS EntityVec(uuid STRING PRIMARY KEY, group_id STRING, vec FLOAT[DIM]);
CREATE NODE TABLE IF NOT EXISTS FactVec(uuid STRING PRIMARY KEY, group_id STRING, vec FLOAT[DIM]);
CREATE NODE TABLE IF NOT EXISTS EpisodeVec(key STRING PRIMARY KEY, uuid STRING, group_id STRING, vec FLOAT[DIM]);

CREATE REL TABLE IF NOT EXISTS RELATES_TO(FROM Entity TO Fact, FROM Fact TO Entity);
CREATE REL TABLE IF NOT EXISTS MENTIONS(FROM Episode TO Entity);
CREATE REL TABLE IF NOT EXISTS STATES(FROM Episode TO Fact);
