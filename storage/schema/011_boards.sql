-- 11: when a table's overview is posted: after every phase (the default), after every
-- round, or only on request. Moderators and the table's creator choose (/game boards); it
-- is not a change of the game, so setting it leaves the version alone.
ALTER TABLE games ADD COLUMN boards TEXT NOT NULL DEFAULT 'phase'
    CHECK (boards IN ('phase', 'round', 'request'));
