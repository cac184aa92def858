import { describe, expect, it } from 'vitest';
import {
  isLoggedInFromStoredUserId,
  signUpRedirectTarget,
  storedUserIdForcesLogout,
} from '../app/lib/session-rules.ts';

describe('stored user id rules (SPEC.md §4, §5)', () => {
  it('forces logout for ids of 5 characters or fewer, or "undefined", while logged in', () => {
    expect(storedUserIdForcesLogout('12345', true)).toBe(true);
    expect(storedUserIdForcesLogout('undefined', true)).toBe(true);
    expect(storedUserIdForcesLogout('', true)).toBe(true);
    expect(storedUserIdForcesLogout(null, true)).toBe(true);
    expect(storedUserIdForcesLogout('123456', true)).toBe(false);
    expect(storedUserIdForcesLogout('9f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f', true)).toBe(false);
    expect(storedUserIdForcesLogout('1', false)).toBe(false);
  });
  it('derives logged-in status from the stored userID', () => {
    expect(isLoggedInFromStoredUserId('9f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f')).toBe(true);
    expect(isLoggedInFromStoredUserId('undefined')).toBe(false);
    expect(isLoggedInFromStoredUserId(undefined)).toBe(false);
    expect(isLoggedInFromStoredUserId('abc')).toBe(false);
  });
});

describe('redirect after sign-up (SPEC.md §4, §5)', () => {
  it.each([
    ['/product/12', '/product/12?type=sign_up'],
    ['/style/3', '/style/3?type=sign_up'],
    ['/brands/7?tab=new', '/brands/7?tab=new&type=sign_up'],
    ['/promotion/123', '/promotion/123?type=sign_up'],
    ['/cart', '/cart?type=sign_up'],
  ])('reopens %s', (prev, expected) => {
    expect(signUpRedirectTarget(prev)).toBe(expected);
  });
  it.each([
    null,
    '',
    '/mypage',
    '/product',
    '/product/1/similar',
    '/payment',
    'https://evil.example/product/1',
    '//evil.example/cart',
  ])('otherwise goes to the style quiz (%s)', (prev) => {
    expect(signUpRedirectTarget(prev)).toBe('/stylequiz?type=sign_up');
  });
});
