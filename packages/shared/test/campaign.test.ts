import { describe, expect, it } from 'vitest';
import { campaignUtm, mergeUtmInfo } from '../src/campaign.ts';
import { isAppWebview, isMobileUserAgent } from '../src/device.ts';

describe('campaign codes (SPEC.md §3)', () => {
  it('maps every code 1–16 and nothing else', () => {
    for (let c = 1; c <= 16; c++) expect(campaignUtm(c)).not.toBeNull();
    for (const bad of [0, 17, -1, 1.5, 'abc', '', null, undefined])
      expect(campaignUtm(bad as never)).toBeNull();
    expect(campaignUtm('5')).toEqual(campaignUtm(5));
  });
  it('sources are Paid for 1–2 and Owned for the rest; mediums from the three allowed', () => {
    for (let c = 1; c <= 16; c++) {
      const u = campaignUtm(c)!;
      expect(u.utm_source).toBe(c <= 2 ? 'Paid' : 'Owned');
      expect(['community', 'blackfriday', 'promotion']).toContain(u.utm_medium);
      expect(u.utm_campaign).toBeTruthy();
    }
  });
  it('only codes 1 and 2 carry utm_term and utm_content', () => {
    for (let c = 1; c <= 16; c++) {
      const u = campaignUtm(c)!;
      expect(Boolean(u.utm_term && u.utm_content)).toBe(c <= 2);
    }
  });
  it('code 12 falls through into 13 and ends with the campaign of code 13', () => {
    expect(campaignUtm(12)?.utm_campaign).toBe(campaignUtm(13)?.utm_campaign);
    expect(campaignUtm(11)?.utm_campaign).not.toBe(campaignUtm(13)?.utm_campaign);
  });
  it('merges the query into the stored utmInfo, the campaign code winning', () => {
    const merged = mergeUtmInfo(new URLSearchParams('utm_source=naver&utm_term=셔츠&product_Id=3&x=1'), {
      utm_content: 'old',
    });
    expect(merged).toMatchObject({
      utm_source: 'Owned',
      utm_term: '셔츠',
      utm_content: 'old',
      product_Id: '3',
    });
    expect(merged).not.toHaveProperty('x');
  });
});

describe('device rules', () => {
  it('mobile means iPhone, iPod or Android in the user agent', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; SM-S918N)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(false);
    expect(isMobileUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });
  it('webview by query, cookie or user-agent token', () => {
    expect(isAppWebview({ query: 'true' })).toBe(true);
    expect(isAppWebview({ cookieValue: 'true' })).toBe(true);
    expect(isAppWebview({ userAgent: 'Mozilla/5.0 (iPhone) CodiroomApp/2.1' })).toBe(true);
    expect(isAppWebview({ userAgent: 'Mozilla/5.0 (iPhone)' })).toBe(false);
  });
});
