import { describe, expect, it } from 'vitest';
import {
  callbackConfirmation,
  SUPPORT_HOURS,
  SUPPORT_HOURS_SHORT,
  supportCategoryLabel,
} from '../src/support.ts';

describe('support texts', () => {
  it('names a call-back by what it is, a 1:1 문의 by its category', () => {
    expect(supportCategoryLabel({ kind: 'CALLBACK', main_category: '기타', sub_category: '기타' })).toBe(
      '전화 상담',
    );
    expect(
      supportCategoryLabel({ kind: 'CURATOR_CHAT', main_category: '스타일링', sub_category: null }),
    ).toBe('큐레이터 대화');
    expect(supportCategoryLabel({ kind: 'TICKET', main_category: '배송', sub_category: '배송 지연' })).toBe(
      '배송 · 배송 지연',
    );
    expect(supportCategoryLabel({ kind: 'TICKET', main_category: '기타', sub_category: null })).toBe('기타');
  });
  it('confirms a call-back with the number, the hours and the preferred time', () => {
    expect(callbackConfirmation('010-1234-5678', null)).toBe(
      '전화 상담 요청을 받았어요. 상담사가 평일 10:00 - 17:00 사이에 010-1234-5678로 전화드릴게요.',
    );
    expect(callbackConfirmation('01012345673', '평일 오후 2시')).toBe(
      '전화 상담 요청을 받았어요. 상담사가 평일 10:00 - 17:00 중 말씀하신 시간(평일 오후 2시)에 맞춰 01012345673으로 전화드릴게요.',
    );
  });
  it('states the hours once, the short form inside the full one', () => {
    expect(SUPPORT_HOURS.startsWith(SUPPORT_HOURS_SHORT)).toBe(true);
  });
});
