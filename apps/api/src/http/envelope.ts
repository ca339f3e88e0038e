import type { ErrorItem } from './error-mapping';

export interface Paging {
  page: number;
  pageSize: number;
  total: number;
}

export interface Envelope {
  request: { id: string };
  response: { items: unknown[]; errors: ErrorItem[]; paging?: Paging };
}

export function successEnvelope(requestId: string, items: unknown[], paging?: Paging): Envelope {
  return { request: { id: requestId }, response: { items, errors: [], ...(paging ? { paging } : {}) } };
}

export function errorEnvelope(requestId: string, errors: ErrorItem[]): Envelope {
  return { request: { id: requestId }, response: { items: [], errors } };
}

const twoDigits = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));
// 1000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z.
const firstFourDigitYear = -30_610_224_000_000;
const firstFiveDigitYear = 253_402_300_800_000;

/**
 * A timestamp as the wire carries it: exactly `date.toISOString()` (`2026-11-24T07:10:18.123Z`),
 * about four times faster for the years 1000–9999 (the calendar worked out with integer
 * arithmetic, H. Hinnant's civil_from_days) — lists write two or more per row. Other years, and an
 * invalid date (which throws), go through toISOString itself.
 */
export function isoTime(date: Date): string {
  const time = date.getTime();
  if (!(time >= firstFourDigitYear && time < firstFiveDigitYear)) return date.toISOString();
  const days = Math.floor(time / 86_400_000);
  let rest = time - days * 86_400_000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const m = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * m + 2) / 5) + 1;
  const month = m < 10 ? m + 3 : m - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const ms = rest - seconds * 1000;
  return `${year}-${twoDigits[month]}-${twoDigits[day]}T${twoDigits[hours]}:${twoDigits[minutes]}:${twoDigits[seconds]}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}
