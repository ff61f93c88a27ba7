-- 12: several bot processes on one database (PostgreSQL; on SQLite the same rows keep one
-- process honest). Nothing that must happen once is left to a process's memory.
--
-- What happens once per campaign round is claimed by inserting its row: 'dealt' when a
-- moderator deals it, 'told' when the Update that ends it carries its news. Whichever
-- process's INSERT lands does it; the others find the row and do nothing. A dealer that
-- died before dealing a table leaves a claim the next dealer may take over once it is old.
CREATE TABLE campaign_rounds (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    round       INTEGER NOT NULL CHECK (round >= 1),
    step        TEXT    NOT NULL CHECK (step IN ('dealt', 'told')),
    claimed_at  REAL    NOT NULL,
    PRIMARY KEY (campaign_id, round, step)
) WITHOUT ROWID;

-- The clock's pass looks only at the clocks it claimed: `claimed_by` names the process's
-- pass and `claimed_until` ends the claim should that process die (NULL: nobody holds it).
ALTER TABLE clocks ADD COLUMN claimed_by TEXT;
ALTER TABLE clocks ADD COLUMN claimed_until REAL;

-- One open undo vote per game version, whichever process opens it.
CREATE UNIQUE INDEX undo_votes_open_once ON undo_votes (game_id, version)
    WHERE status = 'open';
