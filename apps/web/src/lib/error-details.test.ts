import { describe, expect, it } from 'vitest';
import { applyServerErrors } from './error-details';

const failed = (status: number, data: unknown) => ({ response: { status, data } });

describe('applyServerErrors', () => {
  it("puts each 400 errors[] entry on its field (first path segment), once per field, and leaves the form block empty", () => {
    const set: [string, string][] = [];
    const rest = applyServerErrors(
      failed(400, { message: 'Validation failed', code: 'VALIDATION', errors: [{ path: 'title', message: 'Title is required' }, { path: 'title', message: 'second' }, { path: 'experiences.0.role', message: 'Role is required' }] }),
      (field, e) => set.push([field, e.message]),
      { fields: ['title', 'experiences'], fallback: 'Try again' },
    );
    expect(set).toEqual([['title', 'Title is required'], ['experiences', 'Role is required']]);
    expect(rest).toBeNull();
  });

  it('sends errors without a field to the form block, and a code to its field', () => {
    const set: [string, string][] = [];
    const rest = applyServerErrors(failed(400, { message: 'Validation failed', code: 'VALIDATION', errors: [{ path: 'hidden', message: 'Hidden is wrong' }] }), (f, e) => set.push([f, e.message]), { fields: ['title'], fallback: 'Try again' });
    expect(set).toEqual([]);
    expect(rest).toBe('Hidden is wrong');
    const taken = applyServerErrors(failed(409, { message: 'A book with this ISBN already exists', code: 'ISBN_TAKEN' }), (f, e) => set.push([f, e.message]), { fields: ['isbn'], fallback: 'Try again', codeFields: { ISBN_TAKEN: 'isbn' } });
    expect(set).toEqual([['isbn', 'A book with this ISBN already exists']]);
    expect(taken).toBeNull();
  });

  it("shows the server's message, or the fallback when the call got no answer", () => {
    expect(applyServerErrors(failed(409, { message: 'No copies left', code: 'NO_COPIES' }), () => undefined, { fields: ['x'], fallback: 'Try again' })).toBe('No copies left');
    expect(applyServerErrors(new Error('Network Error'), () => undefined, { fields: ['x'], fallback: 'Try again' })).toBe('Try again');
  });
});
