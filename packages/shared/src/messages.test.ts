/// <reference types="node" />
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { ACADEMICS_MSG } from './messages/academics.ts';
import { ALUMNI_MSG } from './messages/alumni.ts';
import { ANALYTICS_MSG } from './messages/analytics.ts';
import { ASSESSMENT_MSG } from './messages/assessment.ts';
import { AUDIT_MSG } from './messages/audit.ts';
import { CALENDAR_MSG } from './messages/calendar.ts';
import { COMMON_MSG } from './messages/common.ts';
import { DOCS_MSG } from './messages/docs.ts';
import { LIBRARY_MSG } from './messages/library.ts';
import { NOTICES_MSG } from './messages/notices.ts';
import { PROFILE_MSG } from './messages/profile.ts';
import { SETTINGS_MSG } from './messages/settings.ts';
import { ATTENDANCE_MSG } from './messages/attendance.ts';
import { FILES_MSG } from './messages/files.ts';
import { IDCARDS_MSG } from './messages/idcards.ts';
import { MATERIALS_MSG } from './messages/materials.ts';
import { PLACEMENT_MSG } from './messages/placement.ts';
import { SYSTEM_MSG } from './messages/system.ts';
import { TRANSCRIPTS_MSG } from './messages/transcripts.ts';
import { IDENTITY_MSG } from './messages/identity.ts';
import { USERS_MSG } from './messages/users.ts';
import { NOTIFICATIONS_MSG } from './messages/notifications.ts';
import { GUARDIANS_MSG } from './messages/guardians.ts';

const PARTS = {
  NOTIFICATIONS_MSG,
  GUARDIANS_MSG,
  ACADEMICS_MSG,
  ALUMNI_MSG,
  ANALYTICS_MSG,
  ASSESSMENT_MSG,
  ATTENDANCE_MSG,
  AUDIT_MSG,
  CALENDAR_MSG,
  COMMON_MSG,
  DOCS_MSG,
  FILES_MSG,
  IDCARDS_MSG,
  LIBRARY_MSG,
  MATERIALS_MSG,
  NOTICES_MSG,
  PLACEMENT_MSG,
  PROFILE_MSG,
  SETTINGS_MSG,
  SYSTEM_MSG,
  TRANSCRIPTS_MSG,
  IDENTITY_MSG,
  USERS_MSG,
};

describe('MSG and its parts', () => {
  it('has every part, and no key in two parts (a later part would silently replace the text)', () => {
    const owners = new Map<string, string[]>();
    for (const [part, texts] of Object.entries(PARTS)) for (const key of Object.keys(texts)) owners.set(key, [...(owners.get(key) ?? []), part]);
    expect([...owners].filter(([, parts]) => parts.length > 1)).toEqual([]);
    expect(Object.keys(MSG).sort()).toEqual([...owners.keys()].sort());
    for (const texts of Object.values(PARTS)) for (const [key, text] of Object.entries(texts)) expect(MSG[key as keyof typeof MSG]).toBe(text);
  });

  it('has one part per file, each named as its module is (messages/users.ts holds USERS_MSG)', () => {
    const files = readdirSync(new URL('./messages/', import.meta.url)).filter((f) => f.endsWith('.ts'));
    expect(files.map((f) => `${f.slice(0, -3).toUpperCase()}_MSG`).sort()).toEqual(Object.keys(PARTS).sort());
  });
});
