const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id the database can compare with a uuid column (anything else would be an error there, not 'not found'). */
export const isUuid = (s: string) => UUID.test(s);
