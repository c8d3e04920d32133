-- The ranking (GET /api/ranking): accounts that played a rated game, by points or by Elo. Partial indexes keep both
-- orders (and "how many are ahead of me") an index walk, not a scan of every guest account ever created.
CREATE INDEX accounts_by_points ON accounts (points DESC, elo DESC, id) WHERE rated_games > 0;
CREATE INDEX accounts_by_elo ON accounts (elo DESC, points DESC, id) WHERE rated_games > 0;
