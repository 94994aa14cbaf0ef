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

export { multipart } from '../../../test/util.ts';
