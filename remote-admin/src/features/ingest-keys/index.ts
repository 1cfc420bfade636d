// The ingest keys panel the factory settings wizard places, and its messages.
export { IngestKeysPanel, type IngestExampleUnit, type IngestKeysPanelProps } from './ingest-keys-panel';
export { ingestKeysMessages } from './messages';
