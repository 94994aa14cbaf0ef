import { describe, expect, it } from 'vitest';
import { containing, escapeLike, UUID } from './patterns.ts';

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character, and nothing else', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike("O'Brien [C++] *.pdf")).toBe("O'Brien [C++] *.pdf");
  });
});

describe('containing', () => {
  it('wraps the escaped text in the anywhere wildcards', () => {
    expect(containing('100%')).toBe('%100\\%%');
    expect(containing('kavya')).toBe('%kavya%');
  });
});

describe('UUID', () => {
  it('accepts a UUID in either case and refuses anything around or instead of one', () => {
    expect(UUID.test('0f8fad5b-d9cb-469f-a165-70867728950E')).toBe(true);
    expect(UUID.test(' 0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(false);
    expect(UUID.test('0f8fad5bd9cb469fa16570867728950e')).toBe(false);
  });
});
