-- 10: the outbox (storage/schema/010_outbox.sql). Posters claim entries with
-- FOR UPDATE SKIP LOCKED (storage/postgres_outbox.py), so two processes never take one.
CREATE TABLE outbox (
    game_id       BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version       BIGINT  NOT NULL,
    payload       TEXT    NOT NULL,
    board         BIGINT  NOT NULL DEFAULT 0,
    created_at    DOUBLE PRECISION NOT NULL,
    claimed_until DOUBLE PRECISION NOT NULL,
    progress      BIGINT  NOT NULL DEFAULT 0,
    done_at       DOUBLE PRECISION,
    PRIMARY KEY (game_id, version)
);
CREATE INDEX outbox_pending ON outbox (claimed_until) WHERE done_at IS NULL;
