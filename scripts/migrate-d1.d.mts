/** Applies worker/migrations to the local D1 under `persistTo` (wrangler d1 migrations apply --local). Throws on failure. */
export function migrateLocalD1(persistTo?: string, options?: { quiet?: boolean }): void;
