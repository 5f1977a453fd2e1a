# stickerlint — build, test and demo. `make` installs what it needs when it is missing.
SHELL := /bin/bash
SWIFT        ?= swift
PREFIX       ?= /usr/local
# The toolchain's DocC (`make docs`): beside swift, else on PATH (Xcode's through xcrun).
DOCC         ?= $(shell command -v docc 2>/dev/null || ( [ "$$(uname -s)" = Darwin ] && echo xcrun docc ) || echo "$$(dirname "$$(command -v $(SWIFT))")/docc")
CONFIG       ?= debug
# The image libraries, two routes (Package.swift's traits). On Debian and Ubuntu, make links the system's
# libpng, giflib, libjpeg(-turbo) and libwebp, which the distribution patches (the SystemCodecs trait);
# elsewhere (macOS) it builds the vendored copies, as every SwiftPM dependent does (the default trait).
# libdeflate is vendored on both routes. zlib's header: macOS's SDK has it, Debian's zlib1g-dev installs it.
SYSTEM_CODECS := $(shell [ "$$(uname -s)" = Linux ] && command -v dpkg-query >/dev/null 2>&1 && echo yes)
# libvpx (VP9, Telegram's video stickers: the VideoStickers trait) comes from the system on both routes
# (libvpx-dev; Homebrew's libvpx, found through pkg-config): docs/vendoring.md says why it is not vendored.
APT_DEPS     := zlib1g-dev pkg-config libvpx-dev $(if $(SYSTEM_CODECS),libpng-dev libgif-dev libjpeg-dev libwebp-dev,)
TRAITS       := --traits $(if $(SYSTEM_CODECS),SystemCodecs,VendoredCodecs),VideoStickers --disable-default-traits
# Tools the tests use to cross-check stickerlint's output (pngcheck, gifsicle, apngdis, dwebp, ImageMagick,
# ffprobe from FFmpeg for the stores' transcribed validators, xmllint, git), Chromium for the HTML report's screenshot, ShellCheck and Ruby (the Homebrew formula).
TEST_APT_DEPS := pngcheck gifsicle apngdis webp imagemagick ffmpeg mkvtoolnix unzip libxml2-utils git chromium shellcheck ruby
BIN           = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path $(TRAITS))/stickerlint
# Release builds on Linux (bench, install) link the Swift runtime and Foundation statically: the
# one-file check starts in about half the time (Benchmarks/README.md). macOS uses the OS's runtime.
RELEASE_FLAGS := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
# Python modules installed into .build/venv where pip refuses to install for the user (PEP 668).
export PATH := $(CURDIR)/.build/venv/bin:$(PATH)

.PHONY: all deps build docs lint test test-deps test-asan update-expected mutate demo samples fuzz bench bench-fix bench-pack bench-peer bench-readers install clean test-dependency vendor-check

all: build

## deps: install the missing packages: apt on Debian/Ubuntu, brew on macOS.
deps:
	@./scripts/install-deps.sh $(APT_DEPS)

## build: compile the stickerlint executable and what it links (not the vendored libraries of the other
## route, the fuzzer or the sample generator); any compiler warning in our own sources fails the build.
build: deps
	@./scripts/swift-build.sh -c $(CONFIG) $(TRAITS) --product stickerlint

## test: build the tests optimized (-c release with -enable-testing: image work runs many times faster than in a
## debug build), then run every test (the conformance tests read ../shared/conformance). TEST_CONFIG=debug runs
## them on the debug build instead. .ci/run runs test-dependency after it (a dependent package's own builds).
TEST_CONFIG  ?= release
TEST_FLAGS    = -c $(TEST_CONFIG) $(if $(filter release,$(TEST_CONFIG)),-Xswiftc -enable-testing,) $(TRAITS)
test: test-deps
	@./scripts/swift-build.sh --build-tests $(TEST_FLAGS) > /dev/null
	STICKERLINT_BUILD_DIR="$$($(SWIFT) build $(TEST_FLAGS) --show-bin-path)" $(SWIFT) test --skip-build $(TEST_FLAGS) 2>&1 \
		| tee .build/test.log; exit $${PIPESTATUS[0]}

## lint: the Swift sources against .swift-format (`swift format`, in the toolchain; `swift format format -i FILE`
## fixes one), the workflows and the action (actionlint, jactionlint, schemas), shell scripts (ShellCheck), the formula.
lint: test-deps
	@git ls-files '*.swift' | xargs $(SWIFT) format lint --strict --configuration .swift-format
	@echo "lint: swift format: no findings"
	@./scripts/lint-workflows.sh

## docs: the lint API's documentation (Sources/StickerLint/StickerLint.docc and the public symbols' comments; the
## module's symbol graph holds the engine's public types too, which it re-exports),
## built with the toolchain's docc into .build-docs/StickerLint.doccarchive; docc's warnings fail it.
docs: deps
	@./scripts/swift-build.sh --scratch-path .build-docs --target StickerLint $(TRAITS) \
		-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$(CURDIR)/.build-docs/symbol-graphs" > /dev/null
	@rm -rf .build-docs/graphs && mkdir -p .build-docs/graphs && cp .build-docs/symbol-graphs/StickerLint.symbols.json .build-docs/graphs/
	@$(DOCC) convert Sources/StickerLint/StickerLint.docc --additional-symbol-graph-dir .build-docs/graphs \
		--fallback-display-name StickerLint --fallback-bundle-identifier org.stickerlint.StickerLint \
		--warnings-as-errors --output-path .build-docs/StickerLint.doccarchive
	@echo "docs: .build-docs/StickerLint.doccarchive"

## test-deps: the tools the tests use; with CI set, anything still missing stops here, named.
test-deps: deps
	@./scripts/install-deps.sh $(TEST_APT_DEPS)
	@./scripts/python-deps.sh jsonschema PIL yaml rlottie_python
	@./scripts/check-test-inputs.sh

## update-expected: rewrite Tests/Fixtures/expected/ from the current build (review the diff before committing).
update-expected: build
	@./scripts/swift-build.sh --build-tests $(TRAITS) > /dev/null
	UPDATE_EXPECTED=1 $(SWIFT) test --skip-build $(TRAITS) --filter ExpectedOutputTests

## mutate: apply each mutation of scripts/mutations.txt in a scratch copy and report the survivors.
mutate: deps
	./scripts/mutate.sh $(MUTATIONS)

## test-asan: the tests under AddressSanitizer and LeakSanitizer (XCTest's own runner leaks are suppressed).
test-asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp $(SWIFT) test --sanitize=address --scratch-path .build-asan

## demo: build and check the bundled SamplePacks/: a clean catalog, one with every problem, loose stickers, message media,
## a good and a bad pack for each other store (WhatsApp, Telegram, Signal, LINE, Discord);
## then pack SamplePacks/Art (loose art in every format) into a catalog and into each store's pack, and check each.
demo: build
	@echo "==> stickerlint check SamplePacks/Good.xcstickers   (a clean catalog)"
	@$(BIN) check SamplePacks/Good.xcstickers; echo "exit status $$?"
	@echo
	@echo "==> stickerlint check SamplePacks/Bad.xcstickers    (every rule fires)"
	@$(BIN) check SamplePacks/Bad.xcstickers; echo "exit status $$?"
	@echo
	@echo "==> stickerlint check --grid regular SamplePacks/Loose"
	@$(BIN) check --grid regular SamplePacks/Loose; echo "exit status $$?"
	@echo
	@echo "==> stickerlint check SamplePacks/Media   (message media: .stickerlint.yml maps it to the message-media profile)"
	@$(BIN) check SamplePacks/Media; echo "exit status $$?"
	@echo
	@for store in WhatsApp Telegram TelegramEmoji Signal LINE Discord; do \
		for kind in Good Bad; do \
			echo "==> stickerlint check SamplePacks/Stores/$$store/$$kind   ($$store's rules: .stickerlint.yml gives the folder its profile)"; \
			$(BIN) check "SamplePacks/Stores/$$store/$$kind"; echo "exit status $$?"; echo; \
		done; \
	done
	@echo "==> stickerlint pack SamplePacks/Art -o .build/demo/Stickers.xcstickers --pad --remove-background --icon SamplePacks/Art/happy-cat.png --force"
	@echo "    (loose art in PNG, APNG, GIF, JPEG and WebP, two files over 500 KB, one too small: a catalog that passes)"
	@$(BIN) pack SamplePacks/Art -o .build/demo/Stickers.xcstickers --pad --remove-background --icon SamplePacks/Art/happy-cat.png --force; echo "exit status $$?"
	@echo
	@echo "==> stickerlint check .build/demo/Stickers.xcstickers"
	@$(BIN) check .build/demo/Stickers.xcstickers; echo "exit status $$?"
	@echo
	@echo "==> stickerlint pack SamplePacks/Art --for whatsapp,signal,line,discord -o .build/demo/Stores --name Art --force --quiet"
	@echo "    (the same art made into each store's pack, each checked under its store's profile; what could not be made is said)"
	@$(BIN) pack SamplePacks/Art --for whatsapp,signal,line,discord -o .build/demo/Stores --name Art --force --quiet; \
		echo "exit status $$? (1: some art left out, as said above)"
	@echo
	@echo "==> stickerlint pack SamplePacks/Art --for telegram -o .build/demo/Stores/telegram --name Art --min-psnr 26 --force"
	@echo "    (a still set and a video set: the three animations become VP9 WebM video stickers; bounce.gif's 5-px colour"
	@echo "    stripes keep 26.8 dB in a video's half-resolution colour, so the default floor of 45 dB would leave it out)"
	@$(BIN) pack SamplePacks/Art --for telegram -o .build/demo/Stores/telegram --name Art --min-psnr 26 --force; echo "exit status $$?"
	@echo
	@for store in whatsapp telegram signal line discord; do \
		echo "==> stickerlint check --profile $$store .build/demo/Stores/$$store"; \
		$(BIN) check --profile $$store .build/demo/Stores/$$store; echo "exit status $$?"; echo; \
	done

## fuzz: every libFuzzer target for SECONDS seconds (or a million runs) each, e.g. make fuzz SECONDS=600
## (decoders, catalog, YAML, Contents.json, the cache file, merge's report reader, the Lottie renderer: rlottie's C++
## instrumented too, -Xcxx).
SECONDS ?= 60
fuzz: build
	$(SWIFT) build --product stickerfuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address \
		-Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address
	./scripts/fuzz.sh $(SECONDS)

## bench: release build, then the benchmark table (Benchmarks/README.md explains every figure); BEFORE=BINARY adds
## the start-up rows of another build (the commit before a change), e.g. make bench BEFORE=/tmp/old/stickerlint.
BENCH_APT_DEPS := pngcheck libvips-tools imagemagick time hyperfine
bench: deps
	@./scripts/install-deps.sh $(BENCH_APT_DEPS)
	@./scripts/python-deps.sh PIL
	@./scripts/swift-build.sh -c release $(RELEASE_FLAGS) $(TRAITS) --product stickerlint > /dev/null
	python3 Benchmarks/run.py --runs $(RUNS) $(if $(BEFORE),--before $(BEFORE),)

RUNS ?= 5

## bench-fix: release build, then fix against oxipng -o 2, optipng -o2 and pngquant (Benchmarks/fix_bench.py).
bench-fix: deps
	@./scripts/install-deps.sh optipng pngquant time
	@./scripts/python-deps.sh PIL numpy oxipng
	@./scripts/swift-build.sh -c release $(RELEASE_FLAGS) $(TRAITS) --product stickerlint > /dev/null
	python3 Benchmarks/fix_bench.py

## bench-pack: release build, then pack against sticker-convert's iMessage export on the same art (Benchmarks/pack_bench.py),
## and pack --for STORE against sticker-convert's preset for each store (Benchmarks/store_pack_bench.py), and
## the time, memory, bytes and PSNR of each animated sticker per store (Benchmarks/animated_pack_bench.py);
## BEFORE=BINARY adds the rows of another build (the commit before a change).
bench-pack: deps
	@./scripts/python-deps.sh PIL numpy sticker_convert
	@./scripts/swift-build.sh -c release $(RELEASE_FLAGS) $(TRAITS) --product stickerlint > /dev/null
	python3 Benchmarks/pack_bench.py
	python3 Benchmarks/store_pack_bench.py
	STICKERLINT_BEFORE="$(BEFORE)" python3 Benchmarks/animated_pack_bench.py

## bench-readers: release build, then each reader's worst case (TGS, Lottie JSON, WebM, animated WebP, PNG) at its
## budgets and the hostile files of issue #51: time and peak memory of a one-job check (Benchmarks/reader_worst.py).
bench-readers: deps
	@./scripts/install-deps.sh time
	@./scripts/python-deps.sh PIL
	@./scripts/swift-build.sh -c release $(RELEASE_FLAGS) $(TRAITS) --product stickerlint > /dev/null
	python3 Benchmarks/reader_worst.py "$$($(SWIFT) build -c release --show-bin-path)/stickerlint" .build-bench/readers $(RUNS)

## bench-peer: release build, then sticker-convert's export for each store checked under that store's profile (Benchmarks/peer_check.py).
bench-peer: deps
	@./scripts/python-deps.sh PIL sticker_convert
	@./scripts/swift-build.sh -c release $(RELEASE_FLAGS) $(TRAITS) --product stickerlint > /dev/null
	python3 Benchmarks/peer_check.py

## samples: regenerate SamplePacks/ with the project's own encoders (the result is committed).
samples: build
	@./scripts/swift-build.sh --product samplepacks > /dev/null
	"$$($(SWIFT) build --show-bin-path)/samplepacks" SamplePacks

## test-dependency: a Mac user's package on Linux: stickerlint as a plain SwiftPM dependency with Homebrew's
## layout and no system image libraries (root, unshare -m), both plugins, experimental-install, a mint-like build.
test-dependency: deps
	./scripts/test-dependency.sh

## vendor-check: the vendored C libraries are exactly what their pins (scripts/vendor/sources) and patches give;
## ARCHIVES=DIR takes the archives from DIR instead of the network.
vendor-check:
	./scripts/vendor-c-libraries.sh --check $(if $(ARCHIVES),--archives $(ARCHIVES),)

## install: the release binary in $(PREFIX)/bin, its man page (stickerlint.1) and bash, zsh and fish completions.
install: deps
	@./scripts/swift-build.sh -c release $(RELEASE_FLAGS) $(TRAITS) --product stickerlint
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path $(TRAITS))/stickerlint" $(DESTDIR)$(PREFIX)/bin/stickerlint
	@SWIFT=$(SWIFT) ./scripts/install-extras.sh "$(DESTDIR)$(PREFIX)" "$(DESTDIR)$(PREFIX)/bin/stickerlint"

clean:
	rm -rf .build .build-* .build_*
