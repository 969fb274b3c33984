# hilltb: the two set-up commands (make run, make test) and a few helpers.
BUILD      ?= build
JOBS       ?= $(shell nproc)
# The builds made here are tuned to this machine's processor (faster generation);
# CMake's own default is portable (HILLTB_NATIVE=OFF), as an installed library must be.
NATIVE      = -DHILLTB_NATIVE=ON
# Debian packages the build needs, and those only the tests' cross-checks need.
PACKAGES      = cmake g++ make pkg-config libzstd-dev libxxhash-dev libtbb-dev libcli11-dev \
                nlohmann-json3-dev libgtest-dev libbenchmark-dev libcpp-httplib-dev
TEST_PACKAGES = fairy-stockfish libfathom-dev python3 snakemake chromium nodejs npm
# What `make cluster-test` needs beside them: a Slurm cluster of one node, here.
CLUSTER_PACKAGES = munge slurm-wlm

.PHONY: run test build pgo deps test-deps cluster-test sanitize tsan bench clean

run: build
	./tools/demo.sh $(BUILD)/hilltb tables

test: test-deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(NATIVE)
	cmake --build $(BUILD) -j $(JOBS)

# hilltb built on a profile of its own generation runs (PGO) in $(BUILD)-pgo/hilltb:
# the same tables, koth about 10% faster, 5-piece qoth no faster (bench/RESULTS.md).
# Trains on the koth set up to 4 pieces and the qoth set up to 3, one thread, about 1
# minute. Both builds use the one directory: the profile is keyed by object paths.
PGO = $(BUILD)-pgo
pgo: deps
	rm -rf $(PGO)
	cmake -S . -B $(PGO) -DCMAKE_BUILD_TYPE=Release -DHILLTB_BENCH=OFF -DHILLTB_PGO=generate $(NATIVE)
	cmake --build $(PGO) -j $(JOBS) --target hilltb
	$(PGO)/hilltb gen --quiet --threads 1 --variant koth --pieces 4 --tables $(PGO)/training
	$(PGO)/hilltb gen --quiet --threads 1 --variant qoth --pieces 3 --tables $(PGO)/training
	rm -rf $(PGO)/training
	cmake -S . -B $(PGO) -DHILLTB_PGO=use
	cmake --build $(PGO) -j $(JOBS) --target hilltb

# The test suite again under AddressSanitizer and UndefinedBehaviorSanitizer.
sanitize: test-deps
	cmake -S . -B $(BUILD)-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHILLTB_SANITIZE=ON -DHILLTB_BENCH=OFF
	cmake --build $(BUILD)-sanitize -j $(JOBS)
	cd $(BUILD)-sanitize && ctest --output-on-failure -j $(JOBS)

# The probing library's tests under ThreadSanitizer (8 threads on one Prober, the C
# interface re-initialised while threads probe), on the
# tables of the normal build.
tsan: build
	$(BUILD)/hilltb gen --quiet --variant koth --pieces 4 --tables $(BUILD)/test-tables
	$(BUILD)/hilltb gen --quiet --variant chess --pieces 4 --tables $(BUILD)/test-tables
	$(BUILD)/hilltb gen --quiet --variant qoth --pieces 3 QRvBN KQvR BBvNN QQvRR --tables $(BUILD)/test-tables
	cmake -S . -B $(BUILD)-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHILLTB_TSAN=ON -DHILLTB_BENCH=OFF
	cmake --build $(BUILD)-tsan -j $(JOBS) --target probe_test c_api_test
	HILLTB_TEST_TABLES=$(CURDIR)/$(BUILD)/test-tables $(BUILD)-tsan/tests/probe_test
	HILLTB_TEST_TABLES=$(CURDIR)/$(BUILD)/test-tables $(BUILD)-tsan/tests/c_api_test

# The workflow through a real single-node Slurm cluster started here (munged, slurmctld,
# slurmd; all stopped at the end): the koth set up to 3 pieces, byte for byte the files
# of one gen (docs/workflows.md; about 6 minutes, most of it Slurm's scheduling).
cluster-test: test-deps build
	@./tools/install-packages.sh $(CLUSTER_PACKAGES)
	./workflow/cluster-test.sh $(BUILD)/hilltb 3

bench: build
	for b in $(BUILD)/bench/*_bench; do $$b; done

deps:
	@./tools/install-packages.sh $(PACKAGES)

test-deps: deps
	@./tools/install-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf $(BUILD) $(BUILD)-sanitize $(BUILD)-tsan $(PGO)
