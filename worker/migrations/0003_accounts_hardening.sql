-- Accounts hardening (security audit, issue 13): look-alike display names and idle tokens.

-- What a name looks like (worker/names.ts nameSkeleton: NFKC, confusable letters mapped to Latin, lower case,
-- no separators): two accounts cannot hold names that read the same ("Zоrro" with a Cyrillic о, "Zorro").
-- SQL cannot compute the skeleton, so names chosen before this migration keep their name_key (unique already)
-- until their owner renames; every name set from now on stores its real skeleton.
ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;
UPDATE accounts SET name_skeleton = name_key;
CREATE UNIQUE INDEX accounts_name_skeleton ON accounts(name_skeleton);

-- When a token was last seen (refreshed at most once a day): a token unused for 180 days is no longer valid.
ALTER TABLE sessions ADD COLUMN last_used_at INTEGER;
UPDATE sessions SET last_used_at = created_at;
