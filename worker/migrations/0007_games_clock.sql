-- The time control a table was opened with (the room's clock config as JSON: {"type":"fischer","initialMs",
-- "incrementMs"} or {"type":"brake"}; NULL for tables without one and for tables opened before this column): an invite
-- shows it before a stake is risked (GET /api/games/invite/{code}/terms).
ALTER TABLE games ADD COLUMN clock TEXT;
