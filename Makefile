# hilltb: the two set-up commands (make run, make test) and a few helpers.
BUILD      ?= build
JOBS       ?= $(shell nproc)
# Debian packages the build needs, and those only the tests' cross-checks need.
PACKAGES      = cmake g++ make pkg-config libzstd-dev libxxhash-dev libtbb-dev libcli11-dev \
                nlohmann-json3-dev libgtest-dev libbenchmark-dev
TEST_PACKAGES = fairy-stockfish libfathom-dev

.PHONY: run test build deps test-deps sanitize bench clean

run: build
	./tools/demo.sh $(BUILD)/hilltb tables

test: test-deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)

# The test suite again under AddressSanitizer and UndefinedBehaviorSanitizer.
sanitize: test-deps
	cmake -S . -B $(BUILD)-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHILLTB_SANITIZE=ON -DHILLTB_BENCH=OFF
	cmake --build $(BUILD)-sanitize -j $(JOBS)
	cd $(BUILD)-sanitize && ctest --output-on-failure -j $(JOBS)

bench: build
	for b in $(BUILD)/bench/*_bench; do $$b; done

deps:
	@./tools/install-packages.sh $(PACKAGES)

test-deps: deps
	@./tools/install-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf $(BUILD) $(BUILD)-sanitize
