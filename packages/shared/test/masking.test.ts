import { describe, expect, it } from 'vitest';
import { maskEmail, maskName, maskPhone } from '../src/index.ts';

// The masked personal data of the back office's member look-up (docs/ARCHITECTURE.md, "Back office").
describe('masking', () => {
  it('keeps the head of an e-mail local part and the whole domain', () => {
    expect(maskEmail('codi.kim@naver.com')).toBe('co******@naver.com');
    expect(maskEmail('ab@daum.net')).toBe('**@daum.net');
    expect(maskEmail('a@b.kr')).toBe('*@b.kr');
    expect(maskEmail('not-an-email')).toBe('********');
    expect(maskEmail(null)).toBeNull();
  });
  it('masks the middle of a phone number and of a name', () => {
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('010-1234-5678')).toBe('010-****-5678');
    expect(maskName('김코디')).toBe('김*디');
    expect(maskName('남궁코디')).toBe('남**디');
  });
});
