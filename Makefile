# mnemo build. `make help` lists the targets.

GO         ?= go
BIN        := bin
DIST       := dist
GOTEST     := $(GO) test -count=1
TESTFLAGS  ?= -timeout 12m
# Built-in plugins: each plugins/<name>/ with a main package for wasip1.
PLUGINS    := $(notdir $(patsubst %/,%,$(dir $(wildcard plugins/*/main.go))))
WASMFLAGS  := -trimpath -buildmode=c-shared -ldflags=-s
# Plugin tests keep wazero's compiled modules here between runs (see
# wasm/main_test.go): a -race run after a plain one compiles nothing again.
export MNEMO_WASM_TEST_CACHE ?= $(CURDIR)/.cache/wasm-test
# Tools are pinned and installed by the module proxy into .cache/tools.
# staticcheck v0.8.2 is release 2026.2.2, the first for Go 1.26.
STATICCHECK_VERSION := v0.8.2
STATICCHECK := .cache/tools/staticcheck-$(STATICCHECK_VERSION)/staticcheck
# Packages with goroutines of their own, run under the race detector by
# `make ci` (`make test-race` runs every package).
RACE_PKGS  ?= ./core/... ./kuzu/... ./host/... ./wasm/... ./cmd/mnemo/...
KUZU_LIB    = $(shell $(GO) list -m -f '{{.Dir}}' github.com/kuzudb/go-kuzu)/lib/dynamic/$(shell $(GO) env GOOS)-$(shell $(GO) env GOARCH)/libkuzu.so

.PHONY: help build plugins test test-race race-ci lint fmt check ci bench dist demo bench-lme bench-search bench-http bench-soak clean

help:
	@echo "make build        build bin/mnemo"
	@echo "make demo         run the offline demo (no network, no key)"
	@echo "make test         build the plugins and run every test"
	@echo "make test-race    run the tests with the race detector"
	@echo "make check        gofmt, vet, staticcheck, tidy, dependency arrows, CGO_ENABLED=0 builds"
	@echo "make ci           what CI runs: check, test, and the race detector on RACE_PKGS"
	@echo "make bench        store, embedder, plugin, ingestion and community benchmarks"
	@echo "make bench-lme    LongMemEval_S retrieval benchmark (LIMIT=N for a subset)"
	@echo "make bench-search search latency at 10k/100k/1M facts"
	@echo "make bench-http   HTTP load test while ingesting"
	@echo "make bench-soak   soak: 100k episodes, reopen, then serve 10 min (docs/bench/)"
	@echo "make dist         dist/: mnemo and libkuzu.so, runs without Go"

build: plugins
	$(GO) build -o $(BIN)/mnemo ./cmd/mnemo

# The plugins are committed (they are embedded in the binary); this target
# rebuilds them with stock Go. `make check` fails if they are stale.
plugins:
	@for p in $(PLUGINS); do \
		GOOS=wasip1 GOARCH=wasm $(GO) build $(WASMFLAGS) -o plugins/builtin/$$p.wasm ./plugins/$$p || exit 1; \
	done

test: plugins
	$(GOTEST) $(TESTFLAGS) ./...

test-race: plugins
	$(GOTEST) -race $(TESTFLAGS) ./...

race-ci: plugins
	$(GOTEST) -race $(TESTFLAGS) $(RACE_PKGS)

ci: check test race-ci

lint: $(STATICCHECK)
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GOTEST) ./internal/lint

$(STATICCHECK):
	GOBIN=$(CURDIR)/$(dir $(STATICCHECK)) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

fmt:
	gofmt -s -w $$(git ls-files '*.go')

check: fmt plugins
	$(GO) mod tidy
	$(MAKE) lint
	CGO_ENABLED=0 $(GO) build ./core/... ./wasm/...
	@git diff --exit-code || (echo "The differences above will fail CI until committed." && exit 1)

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1x -timeout 120m ./kuzu/ ./core/... ./wasm/... ./host/... ./plugins/rule-extractor/ ./internal/scenario/ ./internal/communitytest/

# Retrieval on LongMemEval_S (docs/retrieval.md). LIMIT=N scores the first N
# questions; GRANULARITY=session|turn; SYSTEMS=bm25,cosine,...; DATA=FILE.
LIMIT       ?= 0
GRANULARITY ?= turn
SYSTEMS     ?= bm25,cosine,hybrid,default
bench-lme:
	$(GO) run ./internal/tools/bench-lme -limit $(LIMIT) -granularity $(GRANULARITY) -systems $(SYSTEMS) $(if $(DATA),-data $(DATA))

# Search latency at scale (docs/retrieval.md). Graphs are built once into
# BENCH_DIR by bulk import and reused; 1M facts take about 35 minutes on 2
# cores (15 to import, 20 for the HNSW indexes) and 16 GiB of memory
# (SIZES=10000,100000 skips it). The 4 GiB buffer pool holds the 1M graph
# (3 GB); the smaller graphs use only what they need of it.
SIZES       ?= 10000,100000,1000000
BENCH_DIR   ?= $(or $(TMPDIR),/tmp)/mnemo-bench-search
POOL_MIB    ?= 4096
bench-search:
	$(GO) run ./internal/tools/bench-search -sizes $(SIZES) -dir $(BENCH_DIR) -buffer-pool-mib $(POOL_MIB)

dist: plugins
	rm -rf $(DIST) && mkdir -p $(DIST)
	$(GO) build -trimpath -o $(DIST)/mnemo ./cmd/mnemo
	cp $(KUZU_LIB) $(DIST)/libkuzu.so && chmod 644 $(DIST)/libkuzu.so
	$(GO) run ./internal/tools/setrpath -rpath '$$ORIGIN' $(DIST)/mnemo
	@echo "$(DIST)/: mnemo and libkuzu.so; copy the directory anywhere and run ./mnemo"

demo: build
	$(BIN)/mnemo demo

# HTTP load test: an in-process server on loopback over a new offline
# database; 8 then 32 clients search for 20 s each while episodes are
# ingested. Fails if any request fails.
bench-http: build
	$(BIN)/mnemo bench http --clients 8,32 --duration 20s

# Soak (charts and CSVs in docs/bench/): EPISODES generated messages
# ingested offline in one process on the default configuration, the
# database closed and reopened on the defaults; then the HTTP API over it
# on loopback, CLIENTS clients searching while RATE episodes/s stream in
# for SERVE. Fails on any error. The full run takes hours at today's
# ingestion rate; EPISODES=2000 SERVE=1m OUT=/tmp/soak is a quick check.
EPISODES ?= 100000
SERVE    ?= 10m
CLIENTS  ?= 8
RATE     ?= 10
OUT      ?= docs/bench
bench-soak:
	$(GO) run ./internal/tools/bench-soak -episodes $(EPISODES) -serve $(SERVE) -clients $(CLIENTS) -rate $(RATE) -out $(OUT)

clean:
	rm -rf $(BIN) $(DIST) .cache/wasm-test
