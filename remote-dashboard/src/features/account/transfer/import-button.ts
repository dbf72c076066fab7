/** The id of the import's first button, in its deferred place and in ImportFile alike. */
export const IMPORT_BUTTON_ID = 'import-file-button';
