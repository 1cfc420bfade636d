/**
 * The id in factory/{id} that opens the wizard on a new factory (decision 26): factory ids are uuids,
 * so "new" never names a stored one. Kept apart so the factories list links to it without loading the wizard.
 */
export const NEW_FACTORY_ID = 'new';
