# The commands a newcomer needs; see README.md.
VENV ?= .venv
PY := $(VENV)/bin/python
CJK_FONT_PACKAGE := fonts-noto-cjk
# The storage tests run against a real PostgreSQL too (tests/storage/storage_postgres.py)
POSTGRES_PACKAGE := postgresql
# The web table's browser tests drive Debian's Chromium through Playwright (tests/web); no
# browser is ever downloaded (`playwright install` is not used)
CHROMIUM_PACKAGE := chromium
# The web table's script inside a Discord Activity: Discord's Embedded App SDK, pinned with
# esbuild in package-lock.json (`npm ci` installs exactly those), bundled with
# bot/web/bundle/activity.js into bot/web/static/ (built here, never committed)
ACTIVITY_JS := bot/web/static/activity.js
# make play GAME=scythe PLAYERS=4 AI=3
GAME ?= record
PLAYERS ?= 3
AI ?=

.PHONY: install run play test lint bench simulate

install: $(VENV)/.installed $(VENV)/bin/gm $(ACTIVITY_JS)
	@fc-list 2>/dev/null | grep -qi "cjk" || { \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "Installing a CJK font ($(CJK_FONT_PACKAGE)) so boards show Chinese names"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(CJK_FONT_PACKAGE)) \
	      || echo "Could not install $(CJK_FONT_PACKAGE); boards will fall back to English names."; \
	  else echo "No CJK font and no apt: boards will fall back to English names."; fi; }
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "Installing PostgreSQL ($(POSTGRES_PACKAGE)) for the storage tests"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      --no-install-recommends $(POSTGRES_PACKAGE) >/dev/null) \
	      || echo "Could not install $(POSTGRES_PACKAGE): the PostgreSQL tests need GM_TEST_POSTGRES."; \
	  fi; }
	@test -x /usr/bin/chromium || { \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Chromium ($(CHROMIUM_PACKAGE)) for the web table's browser tests"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      --no-install-recommends $(CHROMIUM_PACKAGE) >/dev/null) \
	      || echo "Could not install $(CHROMIUM_PACKAGE): the browser tests will be skipped."; \
	  fi; }
	@echo "Installed. The gm command is $(VENV)/bin/gm; \`source $(VENV)/bin/activate\` puts it on your PATH (then: gm play, gm --help)."

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $@

# An older .venv may lack the `gm` script: install the project again.
$(VENV)/bin/gm: $(VENV)/.installed
	@test -x $@ || $(PY) -m pip install -q -e ".[dev]"

$(ACTIVITY_JS): package.json package-lock.json bot/web/bundle/activity.js
	@command -v npm >/dev/null 2>&1 || { \
	  echo "No npm (Node 20): the Activity's script is not built, so the web table serves no Discord Activity page."; \
	  exit 0; }; \
	npm ci --no-audit --no-fund --ignore-scripts --loglevel=error && npm run --silent build

run: install
	$(PY) -m bot run

play: install
	$(VENV)/bin/gm play --game $(GAME) --players $(PLAYERS) $(if $(AI),--ai $(AI))

test: install
	$(PY) -m ruff check .
	$(PY) -m vulture
	$(VENV)/bin/lint-imports --no-cache
	$(PY) -m mypy bot cogs games rendering storage tests
	$(PY) -m pytest -q

bench: install
	$(PY) -m bot bench

simulate: install
	$(PY) -m bot simulate --game record --players 4 --games 50 --seed 1
