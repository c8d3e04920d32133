-- Stakes are covered (ADR 031): the Taler an account has staked at tables not yet booked are held, one row per table
-- and account; what an account may stake is its balance minus what it holds. A row is deleted in the batch that books
-- the table's result, or when the table is called off; else it lapses at `expires_at` (a host's hold at a table nobody
-- has joined yet after an hour; a hold of a table whose seats are taken after 30 days, a backstop for a room that never
-- reports).
CREATE TABLE stake_holds (
  room TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  amount INTEGER NOT NULL CHECK (amount > 0),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (room, account_id)
);
CREATE INDEX stake_holds_account ON stake_holds(account_id);

-- The claim that won an invite (a random id per call), so the statements of the same batch that hold the stakes act
-- only for the call that really took the seat.
ALTER TABLE invites ADD COLUMN claim_id TEXT;
