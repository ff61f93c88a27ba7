-- 12: several bot processes on one database (storage/schema/012_processes.sql): campaign
-- rounds claimed once per step, the clock pass's claims, one open undo vote per version.
CREATE TABLE campaign_rounds (
    campaign_id BIGINT  NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    round       BIGINT  NOT NULL CHECK (round >= 1),
    step        TEXT    NOT NULL CHECK (step IN ('dealt', 'told')),
    claimed_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (campaign_id, round, step)
);

ALTER TABLE clocks ADD COLUMN claimed_by TEXT;
ALTER TABLE clocks ADD COLUMN claimed_until DOUBLE PRECISION;

CREATE UNIQUE INDEX undo_votes_open_once ON undo_votes (game_id, version)
    WHERE status = 'open';
