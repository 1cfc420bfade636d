-- Configuration API and ingestion (api/README.md, "Configuration" and "Ingestion").

-- Bumped by every configuration change. Each api instance caches a factory's key → id lookups for
-- ingestion and compares this version (read with the ingest key, no extra query) to notice a change
-- made through another instance.
ALTER TABLE factories ADD COLUMN config_version bigint NOT NULL DEFAULT 0;

-- The configuration refuses to remove a product or a downtime reason that facts still refer to (the
-- foreign keys would otherwise cascade and silently delete history); these turn that check into an
-- index probe instead of a scan of the fact tables.
CREATE INDEX product_run_events_product_idx ON product_run_events (account_id, product_id);
CREATE INDEX downtime_justifications_reason_idx ON downtime_justifications (account_id, downtime_reason_id);

-- Listing a factory's keys.
CREATE INDEX ingest_keys_factory_idx ON ingest_keys (account_id, factory_id, created_at);
