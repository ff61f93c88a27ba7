-- 11: when a table's overview is posted (storage/schema/011_boards.sql).
ALTER TABLE games ADD COLUMN boards TEXT NOT NULL DEFAULT 'phase'
    CHECK (boards IN ('phase', 'round', 'request'));
