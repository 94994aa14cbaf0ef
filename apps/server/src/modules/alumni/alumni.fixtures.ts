// Test factories for the alumni suites (not a test file itself).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Alumnus } from '@crs/shared/schemas/alumni';
import type { TestApp } from '../../../test/helper.ts';

export type Auth = { authorization: string };

/** A word no other test (or earlier run) has used, so each test finds only its own alumni. */
export const uniqueWord = () => `w${randomBytes(4).toString('hex')}`;

/** Adds an alumnus through the API as faculty; returns it. */
export async function addAlumnus(t: TestApp, auth: Auth, body: Record<string, unknown>): Promise<Alumnus> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/alumni', headers: auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { alumnus: Alumnus }).alumnus;
}

/** GET /alumni with a query string; returns status and body. */
export async function listAlumni(t: TestApp, auth: Auth, query: Record<string, string | number | undefined> = {}) {
  const qs = new URLSearchParams(Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]]))).toString();
  const res = await t.app.inject({ url: `/api/v1/alumni${qs ? `?${qs}` : ''}`, headers: auth });
  return { status: res.statusCode, body: res.json() as { alumni: Alumnus[]; total: number; capped: boolean } };
}

/** A multipart body with one file field "file", as a browser sends an upload. */
export function multipart(content: Buffer | string, filename: string) {
  const boundary = `----crs${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
