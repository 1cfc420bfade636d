// The history import panel the factory settings wizard places beside the ingest keys, and its messages.
export { HistoryImportPanel, type HistoryImportPanelProps } from './history-import-panel';
export { historyImportMessages } from './messages';
