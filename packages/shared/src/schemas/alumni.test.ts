import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import type { AlumnusFormValues } from './alumni.ts';
import { ALUMNI_IMPORT_COLUMNS, createAlumnusSchema, fillMergeFields, maxGraduationYear, normalizeTags, updateAlumnusSchema } from './alumni.ts';

describe('alumnus schema (form, API and import)', () => {
  it('normalises before checking: blanks omitted, empty experiences dropped, tags split, trimmed, unique', () => {
    const v = createAlumnusSchema.parse({ name: ' Ravi ', email: ' Ravi@Example.COM ', phone: '', tags: 'a, b;a ,, c', experiences: [{}, { company: ' ', description: '' }, { role: 'Intern' }] });
    expect(v).toMatchObject({ name: 'Ravi', email: 'ravi@example.com', phone: null, tags: ['a', 'b', 'c'], visibility: 'public', experiences: [{ role: 'Intern', company: null, currentlyWorking: false }] });
  });

  it('year: a number or its text, 1900 to this year + 5, with the spec messages', () => {
    const year = (y: unknown) => createAlumnusSchema.safeParse({ name: 'x', graduationYear: y });
    expect(year('2019').data?.graduationYear).toBe(2019);
    expect(year(maxGraduationYear()).success).toBe(true);
    expect(year(maxGraduationYear() + 1).error?.issues[0]?.message).toBe(MSG.alumniYearTooLate);
    expect(year(2100).error?.issues[0]?.message).toBe(MSG.alumniYearTooLate);
    expect(year(1899).error?.issues[0]?.message).toBe(MSG.alumniYearTooEarly);
    expect(year('19x9').error?.issues[0]?.message).toBe(MSG.alumniYearInvalid);
    expect(year('').data?.graduationYear).toBeNull();
  });

  it('a current job has no end date; an edit needs the name only', () => {
    const v = createAlumnusSchema.parse({ name: 'x', experiences: [{ company: 'A', endDate: '2020-01-01', currentlyWorking: 'yes' }] });
    expect(v.experiences[0]).toMatchObject({ currentlyWorking: true, endDate: null });
    expect(updateAlumnusSchema.safeParse({ name: 'x' }).success).toBe(true);
    expect(updateAlumnusSchema.parse({ name: 'x', location: '' })).toEqual({ name: 'x', location: null });
  });

  it('normalizeTags caps the form at 20; the schema refuses 21', () => {
    const many = Array.from({ length: 25 }, (_, i) => `t${i}`);
    expect(normalizeTags(many.join(','))).toHaveLength(20);
    expect(createAlumnusSchema.safeParse({ name: 'x', tags: many }).error?.issues[0]?.message).toBe(MSG.alumniTooManyTags);
  });

  it('fills merge fields per recipient, blank when unknown', () => {
    expect(fillMergeFields('Hi {{name}} of {{batch}} at {{ company }} ({{role}}) {{other}}', { name: 'A', currentCompany: 'B', currentRole: null, batch: '2010' })).toBe('Hi A of 2010 at B () {{other}}');
  });

  it('import columns: unique keys; every field of the form has one', () => {
    const keys = ALUMNI_IMPORT_COLUMNS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of Object.keys(createAlumnusSchema.shape).filter((k) => k !== 'experiences')) expect(keys).toContain(k);
    expect(keys).toContain('experience30Description');
  });

  it("parses the web form's values as they are held (all strings, tags as text)", () => {
    const blank = { email: '', phone: '', enrollmentNo: '', batch: '', department: '', degree: '', specialization: '', graduationYear: '', currentCompany: '', currentRole: '', linkedin: '', location: '', about: '' };
    const values: AlumnusFormValues = { name: 'Meera', ...blank, graduationYear: '2012', experiences: [{ company: '', role: '', startDate: '', endDate: '', currentlyWorking: false, description: '' }], tags: 'a, b', visibility: 'public' };
    expect(createAlumnusSchema.parse(values)).toMatchObject({ name: 'Meera', email: null, graduationYear: 2012, experiences: [], tags: ['a', 'b'] });
  });
});
