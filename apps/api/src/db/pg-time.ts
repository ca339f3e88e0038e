/**
 * PostgreSQL's text form of a `timestamp with time zone` as a Date, without the general date
 * parser: about twice as fast as `new Date(text)` (what Drizzle does), which matters where lists
 * decode two or more per row. Only the form PostgreSQL writes with its default DateStyle (ISO) is
 * read here — `2026-11-24 07:10:18.123456+00`, the fraction optional, the offset `±HH` or `±HH:MM`,
 * a four-digit year; anything else (other years, BC, `infinity`, seconds in the offset, another
 * DateStyle) goes to `new Date(text)`, so the answer is always the one Drizzle would give.
 * Milliseconds are truncated, as `new Date` truncates them.
 */
export function parseTimestamptz(text: string): Date {
  const n = text.length;
  if (n < 22 || text.charCodeAt(4) !== 45 /* - */ || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32 /* space */) return new Date(text);
  if (text.charCodeAt(13) !== 58 /* : */ || text.charCodeAt(16) !== 58) return new Date(text);
  let i = 19;
  let ms = 0;
  if (text.charCodeAt(i) === 46 /* . */) {
    i++;
    let scale = 100;
    while (i < n) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) break;
      ms += digit * scale;
      scale /= 10;
      i++;
    }
    ms = Math.floor(ms);
  }
  const sign = text.charCodeAt(i);
  const withMinutes = n === i + 6 && text.charCodeAt(i + 3) === 58;
  if ((sign !== 43 /* + */ && sign !== 45) || (n !== i + 3 && !withMinutes)) return new Date(text);
  for (const at of dateDigits) if (!isDigit(text, at)) return new Date(text);
  if (!isDigit(text, i + 1) || !isDigit(text, i + 2) || (withMinutes && (!isDigit(text, i + 4) || !isDigit(text, i + 5)))) return new Date(text);
  const offsetMinutes = two(text, i + 1) * 60 + (withMinutes ? two(text, i + 4) : 0);
  const year = two(text, 0) * 100 + two(text, 2);
  const month = two(text, 5);
  const day = two(text, 8);
  const hours = two(text, 11);
  const minutes = two(text, 14);
  const seconds = two(text, 17);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 24 || minutes > 59 || seconds > 59) return new Date(text);
  const time = daysFromCivil(year, month, day) * 86_400_000 + hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + ms;
  return new Date(time - (sign === 43 ? 1 : -1) * offsetMinutes * 60_000);
}

/** Where the digits of `YYYY-MM-DD HH:MM:SS` are. */
const dateDigits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const isDigit = (text: string, at: number) => {
  const c = text.charCodeAt(at);
  return c >= 48 && c <= 57;
};
const two = (text: string, at: number) => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}
