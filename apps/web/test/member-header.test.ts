import { describe, expect, it } from 'vitest';
import { memberHeader, memberHeaderProps } from '../app/lib/member-header.ts';

/** The mypage layout route's header (routes/mypage-layout.tsx), SPEC.md §2 routes /mypage/*. */
describe('member header', () => {
  it('takes the deepest match that names a header: a back arrow, no shop actions, an h1 title', () => {
    const matches = [
      { handle: undefined },
      { handle: memberHeader('마이페이지', true) },
      { handle: memberHeader('쿠폰함') },
    ];
    expect(memberHeaderProps(matches)).toEqual({
      title: '쿠폰함',
      back: true,
      actions: false,
      titleAs: 'h1',
    });
  });

  it('draws the top /mypage screen without a back arrow and with the shop actions', () => {
    expect(memberHeaderProps([{}, { handle: memberHeader('마이페이지', true) }])).toEqual({
      title: '마이페이지',
      back: false,
      actions: true,
      titleAs: 'span',
    });
  });

  it("titles from the screen's loader data when the title depends on it", () => {
    const handle = memberHeader((data) =>
      (data as { review?: object } | undefined)?.review ? '후기 수정' : '후기 쓰기',
    );
    expect(memberHeaderProps([{ handle, loaderData: { review: {} } }])?.title).toBe('후기 수정');
    expect(memberHeaderProps([{ handle, loaderData: { review: null } }])?.title).toBe('후기 쓰기');
    // while the data loads (the screen's HydrateFallback)
    expect(memberHeaderProps([{ handle }])?.title).toBe('후기 쓰기');
  });

  it('draws no header when no match names one', () => {
    expect(memberHeaderProps([{}, { handle: { other: true } }])).toBeNull();
  });
});
