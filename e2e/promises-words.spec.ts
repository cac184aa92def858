/**
 * What the shop says is what it does, in words and times (390×844): every time a person sees is
 * KST whatever the browser's own time zone, a guest's 바로 구매 comes back through sign-up with
 * the choice kept, and a shopper's typos never become everyone's trends.
 */

import { formatKst } from '@codiroom/shared/time';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { acceptRequiredAgreements, expect, setSignUpPassword, signUpByPhone, test } from './helpers';

const adminKey = { 'x-admin-key': E2E_ADMIN_KEY };

// Sign-ups, an answered inquiry and a checkout each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/**
 * An ISO instant as the shop writes it in KST, by the shared helper (its unit test checks it against
 * the time-zone database's Asia/Seoul, so it is no mirror of a broken page).
 */
function kst(iso: string): { date: string; datetime: string } {
  return { date: formatKst(iso, 'date'), datetime: formatKst(iso, 'datetime') };
}

/** The same instant read as UTC, as the old screens showed it. */
const utcDatetime = (iso: string) => iso.slice(0, 16).replace('T', ' ').replaceAll('-', '.');

async function bearer(page: Page): Promise<{ authorization: string }> {
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value as string;
  return { authorization: `Bearer ${decodeURIComponent(token)}` };
}

test.describe('times', () => {
  // A browser that is not in Korea: the shop's times must still be Korean times.
  test.use({ timezoneId: 'UTC' });

  test('8. every time a person sees is KST: inquiry answer, inquiry list, point list', async ({ page }) => {
    await signUpByPhone(page, '김시간', '01077330801');
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    const auth = await bearer(page);

    // A 1:1 문의, answered by the shop.
    const created = await page.request.post('/api/customer_experiences/tickets', {
      headers: auth,
      multipart: {
        main_category: '배송',
        sub_category: '배송 조회',
        title: '배송 시각 문의',
        content: '주문한 코트가 언제 도착하나요? 알려주세요.',
      },
    });
    expect(created.status()).toBe(200);
    const ticketId = (await created.json()).id as number;
    const answered = await page.request.post(`/api/admin/tickets/${ticketId}/answer`, {
      headers: adminKey,
      data: { body: '내일 도착 예정이에요. 감사합니다.' },
    });
    expect(answered.status()).toBe(200);
    const ticket = await answered.json();
    const answer = (ticket.messages as { author: string; created_at: string }[]).find(
      (m) => m.author === 'OPERATOR',
    );
    if (!answer) throw new Error('no answer');

    // Points granted by the shop, for the ledger.
    const granted = await page.request.post(`/api/admin/members/${ticket.user_id}/points`, {
      headers: adminKey,
      data: { amount: 1000, note: '문의 감사 적립', idempotency_key: `words-kst-${ticketId}-points-0001` },
    });
    expect(granted.status()).toBe(200);

    await page.goto(`/mypage/inquiries/${ticketId}`);
    const shown = page.getByTestId('answer').locator('small');
    await expect(shown).toHaveText(kst(answer.created_at).datetime);
    expect(kst(answer.created_at).datetime).not.toBe(utcDatetime(answer.created_at));

    await page.goto('/mypage/inquiries');
    const row = page.getByRole('list', { name: '문의 목록' }).getByRole('listitem').first();
    await expect(row).toContainText('배송 시각 문의');
    await expect(row).toContainText(kst(ticket.created_at).date);

    const ledger = await (await page.request.get('/api/benefits/point-history', { headers: auth })).json();
    const entry = (ledger.result as { created_at: string; amount?: number }[])[0];
    if (!entry) throw new Error('no point entry');
    await page.goto('/mypage/points');
    await expect(page.getByTestId('point-balance')).toHaveText('1,000원');
    await expect(page.locator('main li').first()).toContainText(kst(entry.created_at).date);
  });
});

test('9. buy now as a guest, sign up, and come back to the sheet with the size and quantity kept', async ({
  page,
}) => {
  await page.goto('/product/6');
  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  const size = sheet.locator('fieldset button:not([disabled])').last();
  const sizeName = ((await size.textContent()) ?? '').replace('추천', '').trim();
  await size.click();
  await sheet.getByRole('button', { name: '수량 늘리기' }).click();
  await expect(sheet.getByTestId('buy-quantity')).toHaveText('2');
  await sheet.getByRole('button', { name: '바로 구매' }).click();

  const gate = page.getByRole('dialog', { name: '로그인이 필요해요' });
  await expect(gate).toContainText('고른 사이즈와 수량 그대로');
  await gate.getByRole('link', { name: '로그인하기' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: '휴대폰 번호로 가입하기' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // Sign-up, as a shopper does it: 가입하기 too early says the number is not verified yet; a sent
  // code takes that red error away and says so in the positive colour.
  const phone = '01077330802';
  await page.getByLabel('이름').fill('박바로');
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '가입하기' }).click();
  const phoneError = page.locator('#phone-error');
  await expect(phoneError).toContainText('휴대폰 번호 인증을 먼저 해주세요.');
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('인증번호를 보냈어요');
  await expect(page.getByRole('status')).toHaveAttribute('data-tone', 'ok');
  await expect(phoneError).toHaveCount(0);
  const colour = await page.getByRole('status').evaluate((el) => getComputedStyle(el).color);
  expect(colour).not.toBe('rgb(224, 32, 32)');
  const { code } = await (await page.request.get(`/api/dev/sms-outbox?phone=${phone}`)).json();
  await page.getByLabel(/인증번호/).fill(code);
  await page.getByRole('button', { name: '확인' }).click();
  await expect(page.getByRole('status')).toContainText('인증되었어요');
  await setSignUpPassword(page, 'codiroom123');
  await acceptRequiredAgreements(page);
  await page.getByRole('button', { name: '가입하기' }).click();

  // Back on the product, the sheet open with the choice kept, and the new member welcomed.
  await expect(page).toHaveURL(/\/product\/6\?buy_item=\d+&buy_qty=2&type=sign_up$/);
  await expect(page.getByTestId('sign-up-welcome')).toContainText('첫 구매 7% 할인 쿠폰');
  const back = page.getByRole('dialog', { name: '사이즈 선택' });
  await expect(back).toBeVisible();
  await expect(back.locator('fieldset button[aria-pressed="true"]')).toContainText(sizeName);
  await expect(back.getByTestId('buy-quantity')).toHaveText('2');
  await back.getByRole('button', { name: '바로 구매' }).click();
  await expect(page).toHaveURL(/\/payment\?product_item_ids=\d+&quantities=2$/);
  await expect(page.getByRole('form', { name: '주문서' })).toBeVisible();
});

test('10. typos are counted under their correction in 실시간 인기 검색어 and 추천 검색어', async ({
  page,
}) => {
  test.setTimeout(180_000);
  for (const query of ['셔쯔', '슬렉스']) {
    await page.goto(`/search?query=${encodeURIComponent(query)}`);
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  }
  // Realtime keywords are computed once a minute: reload until the next computation shows.
  const realtime = page.getByRole('region', { name: '실시간 인기 검색어' });
  await expect
    .poll(
      async () => {
        await page.goto('/search');
        return realtime.getByRole('link', { name: /^\d+\s*슬랙스/ }).count();
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  await expect(realtime.getByRole('link', { name: /셔츠/ })).toBeVisible();
  await expect(realtime.getByRole('link', { name: /^\d+\s*슬랙스/ })).toBeVisible();
  const recommended = page.getByRole('navigation', { name: '추천 검색어' });
  await expect(recommended).toBeVisible();
  for (const typo of ['셔쯔', '슬렉스']) {
    await expect(realtime).not.toContainText(typo);
    await expect(recommended).not.toContainText(typo);
  }
});

test('a call-back request is confirmed in words: 전화 상담, the number, the one support hours', async ({
  page,
}) => {
  await signUpByPhone(page, '최전화', '01077330803');
  await page.goto('/mypage/inquiries');
  await expect(page.getByTestId('callback')).toContainText('전화 상담 요청');
  await page.getByTestId('callback').getByText('전화 상담 요청').click();
  const form = page.getByRole('form', { name: '전화 상담 요청' });
  await expect(form).toContainText('평일 10:00 - 17:00 (점심 12:30 - 13:30, 주말·공휴일 휴무)');
  await form.getByLabel('연락받을 번호 (선택)').fill('010-7733-0803');
  await form.getByLabel('통화하기 편한 시간 (선택)').fill('평일 오후 3시 이후');
  await form.getByLabel('상담 내용').fill('사이즈 교환을 전화로 안내받고 싶어요.');
  await form.getByRole('button', { name: '전화 요청하기' }).click();
  await expect(page).toHaveURL(/\/mypage\/inquiries\/\d+$/);
  await expect(page.getByTestId('inquiry-category')).toHaveText('전화 상담');
  await expect(page.getByTestId('callback-info')).toHaveText(
    '전화 상담 요청을 받았어요. 상담사가 평일 10:00 - 17:00 중 말씀하신 시간(평일 오후 3시 이후)에 맞춰 01077330803으로 전화드릴게요.',
  );
  // The footer states the same hours.
  await page.goto('/');
  await expect(page.locator('footer')).toContainText(
    '평일 10:00 - 17:00 (점심 12:30 - 13:30, 주말·공휴일 휴무)',
  );
});
