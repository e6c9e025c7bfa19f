# Trakx: `make run` starts the app on demo data and prints its URL; `make test` runs the tests.
SWIFT ?= swift
PORT ?= 8080
HOST ?= 127.0.0.1
# Debian packages the build needs (headers for the four C libraries, and pkg-config to find them).
DEPS := libmicrohttpd-dev libcurl4-openssl-dev libsqlite3-dev zlib1g-dev libpq-dev libhiredis-dev pkg-config ca-certificates tzdata
## The servers a fleet runs on, which `make test` starts on loopback for its storage, shared-cache and fleet suites
## (Scripts/test_services.sh) and `make fleet` starts for people: PostgreSQL 15, Redis 7 and HAProxy, from Debian.
SERVICE_DEPS := postgresql-15 redis-server haproxy
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps service-deps push-test-deps build release run fleet test test-browser bench clean

all: build

## Install the -dev packages when any is missing (needs root or sudo).
deps:
	@missing=""; for p in $(DEPS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## The fleet's servers, when any is missing.
service-deps:
	@$(MAKE) --no-print-directory deps DEPS="$(SERVICE_DEPS)"

## The tests' own Web Push service (Scripts/push_service.py) checks and decrypts pushes with Python's cryptography
## package, not Trakx's code: installed with pip when missing (python3 and pip from Debian first, when absent).
push-test-deps:
	@python3 -c 'import cryptography' 2>/dev/null || { \
	  command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1 || { \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-pip; }; \
	  echo "Installing Python's cryptography package for the push service tests"; \
	  python3 -m pip install --quiet cryptography 2>/dev/null || python3 -m pip install --quiet --break-system-packages cryptography; }

## Debug builds carry line tables (a crash's backtrace names file and line) but not full debug information:
## a fresh build is about 20 s faster (BoringSSL's C files, linking the test bundle). `make build test` and the
## browser gate build with the same flags, so one build serves them all. `DEBUG_FLAGS=` (empty) for lldb's variables.
DEBUG_FLAGS ?= -Xswiftc -gline-tables-only -Xcc -gline-tables-only
build: deps
	$(SWIFT) build $(DEBUG_FLAGS)

## The release build is Trakx as deployed: the Swift runtime and Foundation linked into the binary (a server needs no
## Swift toolchain, and only the parts Trakx uses are loaded: 4 MiB less resident than the same build linked to the
## toolchain's shared libraries, measured with make bench's memory step). `make bench` measures this build. Linked by
## the toolchain's lld with packed relative relocations (DT_RELR, glibc 2.36+): gold's binary carries 2.3 MiB of
## relocation records that the loader reads, so keeps resident, at every start; lld's packs them into 19 KB, and lays
## the code out more tightly (one instance after the same load, twice each: VmRSS 47.3 -> 41.8 MiB, PSS 38.2 -> 32.5 MiB;
## warm req/s no lower).
RELEASE_FLAGS ?= --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS)

## Start Trakx on http://127.0.0.1:8080/ (demo data unless PTV_DEVID and PTV_KEY are set). DEMO_FAULT=throttle,
## refused-key, message-only or no-list makes the demo's PTV misbehave that way after 30 seconds (README).
run: build
	@echo "Starting Trakx; open the URL it prints. Stop with Ctrl-C."
	$(SWIFT) run --skip-build trakx serve --host $(HOST) --port $(PORT) $(if $(DEMO_FAULT),--demo-fault $(DEMO_FAULT))

## A fleet on loopback (README, Running a fleet): PostgreSQL and Redis in a temporary folder, one PTV simulator, three
## Trakx instances sharing them, and HAProxy on http://127.0.0.1:$(PORT)/ in front; Ctrl-C stops it all and removes the folder.
FLEET_INSTANCES ?= 3
fleet: build service-deps
	FLEET_PORT=$(PORT) FLEET_INSTANCES=$(FLEET_INSTANCES) TRAKX_BIN="$$($(SWIFT) build $(DEBUG_FLAGS) --show-bin-path)/trakx" bash Scripts/fleet.sh run

## All unit, integration and wire tests. Suites are independent (each app, server and simulator binds port 0;
## each database lives in its own temporary folder), so they run in parallel, except the timed suites: they hold
## answers to latency budgets (idle and trickling connections, PTV hanging or failing), which only measure Trakx
## when the parallel suites do not compete for the CPU (a 1 s PTV timeout was seen to take 12 s while the fuzz
## suite ran beside it); they run afterwards. TIMED_WAITING mostly wait out PTV's hangs and timeouts on apps of their
## own and use little CPU, so they run side by side (8 s, where one at a time took 32 s; every one passed nine runs
## in a row, and three with a core kept busy; 34 s since PageWaitTests walks 13 sets of hanging questions, four apps
## at once, each waiting out its 5 s page wait: about 20 s of it, passed with the group); among them, a /healthz from another address answered within 2 s
## while 48 slow connections are held, which took 2.3 s once beside the parallel suites (the fault it guards is a
## 30 s wait). TIMED_ALONE run one at a time after them: LoadTests puts a load on the machine; FastPathTests'
## pipelined request waits 20 ms on Swift's cooperative pool, which other suites' blocking work can hold for longer
## than its 10 s read timeout on two cores (seen twice in six parallel runs, never alone);
## ServeProcessTests holds the real trakx serve to exiting within 5 s of SIGTERM; FleetTests runs three of them behind
## HAProxy with PostgreSQL and Redis, under load.
TIMED_WAITING := PageFaultWalkTests|PageWaitTests|UpstreamFaultTests|EvidenceFaultTests|SimulatorFaultTests|aServerThatNeverAnswersTimesOut|aStopPageDoesNotWaitForAHangingRouteQuestion|pairedStopsWhoseWaysPTVDoesNotTellSaySo|aDisruptionPTVIsSlowToDescribeIsSaidAsAskedWithinTheSecondRound|manySlowConnectionsFromOneAddressDoNotDelayAnother
## The hang walk of every page (PageWaitTests, 18 pages under 13 hanging sets) runs alone too: beside the waiting suites
## it made two of their 4 s and 3.5 s bounds miss by 30 and 90 ms on a fresh clone.
TIMED_ALONE := LoadTests|ServeProcessTests|FastPathTests|FleetTests|withPTVHangingOnEachQuestionInTurnAndTwoInSequence
## SERVERS: the suites that start, stop or load PostgreSQL and Redis themselves (a server killed and started again, four
## instances migrating at once, two apps sharing one Redis, apps on one database learning the network or keeping places searched for), run side by side
## after the parallel suites, which they slowed past the test apps' PTV timeout on two cores (a page answered 504 after
## 50 s in two fresh runs of three).
SERVERS := PostgresTests|DataMoveTests|StoreUnavailableTests|KeptAnswersTests|KeptPlacesTests|NetworkAheadTests|PushAlertFleetTests|SharedCacheFleetTests|RedisClientTests|RedisRecoveryTests
## WALKS: the suites that spend a minute or more of CPU each (every page under every fault, read for its words; ten
## thousand malformed requests; twenty kills of a writing process) run side by side after the parallel suites: beside
## them a page test on two cores waited past its 30 s read timeout (twelve suites in three runs of the parallel phase).
## The recorded walks (every recorded pattern and board, under every fault) join them: 9 s and 7 s of CPU that held
## both of Swift's cooperative threads at the start of the parallel phase, where Swift Testing queues every suite's first
## job at once and the threads take jobs in the order they came; a first page load behind them answered nothing in 35 s
## (three suites in one run of three), though alone it takes 0.13 s.
WALKS := OwnWordsHeardTests|MalformedRequestFuzzTests|StorageCrashTests|RecordedFaultWalkTests|everyRecordedPatternReadsTruthfully
## Swift Testing takes a backtrace at every `throw` in the test process, for a report that names where an unexpected
## error was thrown; the fault walks throw by design thousands of times, and the backtraces were a tenth of their CPU.
## TEST_BACKTRACES=1 takes them again when an error's origin is wanted.
TEST_BACKTRACES ?= 0
test: export SWT_SWIFT_ERROR_BACKTRACING_ENABLED = $(TEST_BACKTRACES)
## PostgreSQL and Redis are started for the run on free loopback ports (TRAKX_TEST_POSTGRES_URL, TRAKX_TEST_REDIS_URL;
## TRAKX_TEST_SERVICES=required makes a suite that needs them fail rather than skip) and stopped at the end, passed or not.
test: deps service-deps push-test-deps
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	@services=$$(mktemp -d /tmp/trakx-test-services.XXXXXX); \
	trap 'bash Scripts/test_services.sh stop '"$$services" EXIT; \
	bash Scripts/test_services.sh start "$$services" && . "$$services/env" && export TRAKX_TEST_SERVICES=required && \
	$(SWIFT) test --skip-build --parallel --skip '$(TIMED_WAITING)|$(TIMED_ALONE)|$(SERVERS)|$(WALKS)' && \
	$(SWIFT) test --skip-build --parallel --filter '$(WALKS)' && \
	$(SWIFT) test --skip-build --parallel --filter '$(SERVERS)' && \
	$(SWIFT) test --skip-build --parallel --filter '$(TIMED_WAITING)' --skip '$(TIMED_ALONE)' && \
	$(SWIFT) test --skip-build --no-parallel --filter '$(TIMED_ALONE)'

## The accessibility gate in a real browser (Tests/Browser/run.sh installs what is missing: Chromium,
## chromedriver, espeak-ng, a JRE, and axe-core, vnu and selenium into .build/browser-venv; then builds).
## GATE_BUDGETS: the listening budgets (Tests/Browser/budgets.json) fail the gate when missed with
## `enforce` (the default: the pages meet them); `report` prints the figures without failing.
GATE_BUDGETS ?= enforce
test-browser:
	GATE_BUDGETS=$(GATE_BUDGETS) bash Tests/Browser/run.sh

## Release build measured against its budgets (Scripts/bench.sh explains each figure): warm stop pages
## against a C libmicrohttpd hello (Scripts/mhd_hello.c, built here with cc) in the same run, the first load of
## every page type with PTV 300 ms away on a fresh and on a warm instance (its rounds with PTV), memory, start-up and
## page weight. Exits 1 when a budget is missed. BENCH_ONLY=warm|cold300|fleet runs one step. Not part of `make test`.
bench: deps service-deps
	bash Scripts/bench.sh

clean:
	rm -rf .build
