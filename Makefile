# culprit — entry points. `make demo` and `make check` work on a fresh Debian machine.
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: all deps build demo check check-asan fuzz bench bench-repair format clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@echo '$$ culprit test examples/demo/tritype.c --tests examples/demo/tests.txt --golden examples/demo/golden.c'
	@$(BUILD)/culprit test examples/demo/tritype.c --tests examples/demo/tests.txt --golden examples/demo/golden.c || true
	@echo
	@echo '$$ culprit localize examples/demo/tritype.c --technique ochiai --tests examples/demo/tests.txt --golden examples/demo/golden.c'
	@$(BUILD)/culprit localize examples/demo/tritype.c --technique ochiai --tests examples/demo/tests.txt --golden examples/demo/golden.c --top 10
	@echo
	@echo '# the flagship: minimal sets of statements that explain a failing test, the values they should have produced, each replayed'
	@echo '$$ culprit localize examples/demo/tritype.c --technique pf --tests examples/demo/tests.txt --golden examples/demo/golden.c --test 82 --top 5'
	@$(BUILD)/culprit localize examples/demo/tritype.c --technique pf --tests examples/demo/tests.txt --golden examples/demo/golden.c --test 82 --top 5
	@echo
	@echo '$$ culprit localize examples/demo/tritype.c --technique pf --tests examples/demo/tests.txt --golden examples/demo/golden.c --format html -o $(BUILD)/demo-report.html'
	@$(BUILD)/culprit localize examples/demo/tritype.c --technique pf --tests examples/demo/tests.txt --golden examples/demo/golden.c --format html -o $(BUILD)/demo-report.html
	@echo "all 23 failing tests explained: open $(BUILD)/demo-report.html in a browser"

check: build
	@scripts/check.sh $(BUILD)

# The whole test suite against an AddressSanitizer + UndefinedBehaviorSanitizer build (clang-14,
# its own build directory); any report fails the test it occurs in.
ASAN_BUILD ?= build-asan
check-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 \
	  -DCMAKE_CXX_COMPILER=clang++-14 -DCULPRIT_SANITIZE=ON >/dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	@ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 scripts/check.sh $(ASAN_BUILD)

# libFuzzer over the frontend, one run and one trace formula (scripts/fuzz.sh; MINUTES=10).
MINUTES ?= 10
fuzz: deps
	@scripts/fuzz.sh $(MINUTES)

bench: build
	@scripts/bench.sh $(BUILD)

bench-repair: build
	@scripts/bench-repair.sh $(BUILD)

format:
	@clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 'bench/*.cpp')

clean:
	rm -rf $(BUILD)
