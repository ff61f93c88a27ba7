-- 5: turn clocks. One row per awaited human seat: when its wait began (and at which game
-- version, to tell a seat that acted and is awaited again from one still waiting), its due
-- time, the reminders already sent, whether its expiry was handled, and how long it was held
-- (vacation, a paused game) so a re-timed deadline keeps the time away.
CREATE TABLE clocks (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    started_at   REAL    NOT NULL,
    due_at       REAL,                          -- NULL: no deadline
    reminded     TEXT    NOT NULL DEFAULT '[]', -- JSON list of the reminder hours sent
    expired      INTEGER NOT NULL DEFAULT 0 CHECK (expired IN (0, 1)),
    held_for     REAL    NOT NULL DEFAULT 0,    -- seconds the clock stood still so far
    held_since   REAL,                          -- NULL: running now
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX clocks_by_user ON clocks (user_id);

-- A game's deadline, copied from the server's defaults when its first clock starts.
CREATE TABLE deadlines (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    hours        REAL    NOT NULL,
    policy       TEXT    NOT NULL CHECK (policy IN ('wait', 'skip', 'autopilot')),
    reminders    TEXT    NOT NULL  -- JSON list of hours before the deadline
);
