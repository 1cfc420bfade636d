/**
 * Type normalisation, in one place for both drivers. pg returns int8, numeric and sum() as strings and
 * PGlite as numbers; dates come as Date objects from one and strings from the other. Both drivers are
 * given these text parsers, so rows look the same whichever database runs:
 * - int8, numeric → number (counts and money here stay far below 2^53)
 * - date → 'yyyy-LL-dd' string, as on the wire (no time-zone shift possible)
 * - timestamptz / timestamp → ISO 8601 string in UTC ('2024-03-01T10:00:00.000Z')
 */
export const OID = {
  INT8: 20,
  NUMERIC: 1700,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
} as const;

function toNumber(text: string): number {
  return Number(text);
}

function toDate(text: string): string {
  return text;
}

/** '2024-03-01 10:00:00.123456+05:30' (PostgreSQL text output) → '2024-03-01T04:30:00.123Z'. */
export function timestampToIso(text: string, assumeUtc = false): string {
  if (text === 'infinity' || text === '-infinity') return text;
  let iso = text.replace(' ', 'T');
  const offset = /([+-]\d\d)(:?\d\d)?(:?\d\d)?$/.exec(iso);
  if (offset) {
    const [whole, hours, minutes] = offset;
    iso = iso.slice(0, iso.length - whole.length) + `${hours}:${(minutes ?? '00').replace(':', '')}`;
  } else if (assumeUtc) {
    iso += 'Z';
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export const TEXT_PARSERS: Record<number, (text: string) => unknown> = {
  [OID.INT8]: toNumber,
  [OID.NUMERIC]: toNumber,
  [OID.DATE]: toDate,
  [OID.TIMESTAMP]: (text) => timestampToIso(text, true),
  [OID.TIMESTAMPTZ]: (text) => timestampToIso(text),
};
