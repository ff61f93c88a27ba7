-- 5: turn clocks and deadlines (storage/schema/005_clock.sql).
CREATE TABLE clocks (
    game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    version      BIGINT  NOT NULL,
    started_at   DOUBLE PRECISION NOT NULL,
    due_at       DOUBLE PRECISION,                   -- NULL: no deadline
    reminded     TEXT    NOT NULL DEFAULT '[]',      -- JSON list of the reminder hours sent
    expired      BIGINT  NOT NULL DEFAULT 0 CHECK (expired IN (0, 1)),
    held_for     DOUBLE PRECISION NOT NULL DEFAULT 0, -- seconds the clock stood still so far
    held_since   DOUBLE PRECISION,                   -- NULL: running now
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX clocks_by_user ON clocks (user_id);

CREATE TABLE deadlines (
    game_id      BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    hours        DOUBLE PRECISION NOT NULL,
    policy       TEXT    NOT NULL CHECK (policy IN ('wait', 'skip', 'autopilot')),
    reminders    TEXT    NOT NULL  -- JSON list of hours before the deadline
);
