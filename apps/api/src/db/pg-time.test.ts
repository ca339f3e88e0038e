import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { isoTime } from '../http/envelope';
import { parseTimestamptz } from './pg-time';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('parseTimestamptz', () => {
  it('reads what new Date reads, for every form PostgreSQL writes', () => {
    for (let i = 0; i < 5000; i++) {
      const date = new Date(Date.UTC(1000, 0, 1) + Math.floor(Math.random() * (Date.UTC(9999, 11, 31) - Date.UTC(1000, 0, 1))));
      const fraction = ['', '.1', '.12', '.123', '.1234', '.12345', '.123456', `.${pad(Math.floor(Math.random() * 1e6), 6)}`][i % 8];
      const offset = ['+00', '-05', '+05:30', '-03:30', '+14', '-12:45'][i % 6];
      const text = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${fraction}${offset}`;
      expect(parseTimestamptz(text).getTime(), text).toBe(new Date(text).getTime());
    }
  });

  it('leaves every other form to new Date', () => {
    for (const text of ['infinity', '-infinity', '12345-01-01 00:00:00+00', '0044-03-15 12:00:00+00 BC', '1930-01-01 00:00:00+00:19:32', 'Tue Nov 24 07:10:18 2026 UTC', '2026-11-24T07:10:18Z']) {
      const expected = new Date(text).getTime();
      const got = parseTimestamptz(text).getTime();
      expect(Number.isNaN(got) ? 'NaN' : got, text).toBe(Number.isNaN(expected) ? 'NaN' : expected);
    }
  });

  it('reads PostgreSQL’s own text in time zones with odd offsets', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'Europe/Amsterdam']) {
        await client.query(`SET TimeZone = '${zone}'`);
        const { rows } = await client.query<{ t: string; ms: string }>({
          text: `SELECT t::text AS t, (extract(epoch FROM t) * 1000)::bigint::text AS ms FROM (VALUES
                   (timestamptz '2026-11-24 07:10:18.123456+00'), ('1930-06-01 12:00:00+00'), ('1999-12-31 23:59:59.999999+00'),
                   ('2024-02-29 00:00:00+00'), (now())) AS v(t)`,
        });
        for (const row of rows) {
          // The same as Drizzle's new Date, even where that cannot read it (an offset in seconds,
          // local mean time before 1935 in St John's), and otherwise the instant PostgreSQL holds.
          const expected = new Date(row.t).getTime();
          expect(parseTimestamptz(row.t).getTime(), `${zone}: ${row.t}`).toBe(expected);
          if (!Number.isNaN(expected)) expect(Math.abs(expected - Number(row.ms)), `${zone}: ${row.t}`).toBeLessThanOrEqual(1);
        }
      }
    } finally {
      await client.end();
    }
  });
});

describe('isoTime', () => {
  it('writes exactly what toISOString writes', () => {
    const edges = ['1000-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z', '2024-02-29T23:59:59.999Z', '2026-11-24T07:10:18.005Z', '2100-03-01T00:00:00.050Z', '9999-12-31T23:59:59.999Z'];
    const random = Array.from({ length: 20_000 }, () => new Date(Date.UTC(1000, 0, 1) + Math.floor(Math.random() * (Date.UTC(9999, 11, 31) - Date.UTC(1000, 0, 1)))));
    for (const date of [...edges.map((t) => new Date(t)), ...random]) expect(isoTime(date)).toBe(date.toISOString());
  });

  it('leaves other years and invalid dates to toISOString', () => {
    for (const time of ['0999-12-31T23:59:59.999Z', '+010000-01-01T00:00:00.000Z', '-000001-06-01T12:00:00.000Z']) {
      expect(isoTime(new Date(time))).toBe(time);
    }
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
