import { formatKst } from '@codiroom/shared/time';
import type { Page } from '@playwright/test';
import { buyOneProduct, expect, signUpByPhone, test } from './helpers.ts';

/** The signed-in member's access token (the storefront's cookie), for set-up calls. */
async function bearer(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value ?? '';
  expect(token).not.toBe('');
  return { authorization: `Bearer ${token}` };
}

test.describe('what 마이페이지 promises it does', () => {
  // Sign-up, set-up calls and a purchase: more than the default 30 s on a shared machine.
  test.slow();

  test('2. the 좋아요 tab shows every like, page after page', async ({ page }) => {
    await signUpByPhone(page, '김좋아', '01077120002');
    const headers = await bearer(page);
    const listing = await (await page.request.get('/api/products/category-products?page=1')).json();
    const ids = [
      ...new Set((listing.result as { product_display_id: number }[]).map((p) => p.product_display_id)),
    ];
    expect(ids.length).toBeGreaterThan(20);
    const liked = ids.slice(0, 25);
    for (const id of liked) {
      const r = await page.request.post('/api/likes/post-like', {
        headers,
        data: { like_type: 'PRODUCT', like_id: id },
      });
      expect(r.ok()).toBe(true);
    }

    await page.goto('/keepProducts');
    await expect(page.getByText('총 25개')).toBeVisible();
    // The first page is 20; scrolling to the list's end brings the other 5.
    const cards = page.locator('main a[href^="/product/"]');
    await expect(cards).toHaveCount(20);
    const more = page.getByRole('button', { name: /더 보기/ });
    await expect(more).toHaveText('더 보기 (20/25)');
    await more.scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(25, { timeout: 15_000 });
    await expect(more).toHaveCount(0);
    for (const id of liked) await expect(page.locator(`main a[href="/product/${id}"]`)).toHaveCount(1);
  });

  test('3. 옷장 lists what the member bought, linked from 마이페이지', async ({ page }) => {
    // A guest is sent to sign in (the login gate), not to an error screen.
    await page.goto('/mypage/closet');
    await expect(page).toHaveURL(/\/login/);
    await signUpByPhone(page, '박옷장', '01077120003');
    await page.goto('/mypage');
    await page.getByRole('link', { name: '옷장' }).click();
    await expect(page).toHaveURL(/\/mypage\/closet$/);
    await expect(page.getByText('옷장이 비어 있어요')).toBeVisible();

    await buyOneProduct(page, 7, '박옷장', '01077120003');
    await page.goto('/mypage/closet');
    const list = page.getByTestId('closet-list');
    await expect(list.locator('a[href="/product/7"]')).toBeVisible();
    await expect(page.getByText('구매한 옷 1벌')).toBeVisible();
    // The purchase day is the KST day.
    const kstToday = formatKst(new Date(), 'date');
    await expect(list).toContainText(`구매 ${kstToday}`);
  });

  test('5. the referral code shows on 마이페이지 with a share action and the real benefits', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpByPhone(page, '이추천', '01077120005');
    await page.goto('/mypage');
    const card = page.getByTestId('referral');
    const code = (await card.getByTestId('referral-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expect(card).toContainText('첫 구매 7% 할인 쿠폰(최대 10,000원)');
    // No Web Share API in this browser: the link is copied, and a toast says so.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await card.getByRole('button', { name: '초대 링크 공유하기' }).click();
    await expect(page.getByText('초대 링크를 복사했어요')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const link = copied.split('\n').pop() ?? '';
    expect(link).toContain(`/invited_landing?referral_code=${code}`);

    // The invite landing the link opens: the real benefit, and sign-up with the code filled in.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText('첫 구매 7% 할인 쿠폰(최대 10,000원)')).toBeVisible();
    await expect(page.getByText(code)).toBeVisible();
    await page.getByRole('link', { name: '가입하고 혜택 받기' }).click();
    await expect(page).toHaveURL(new RegExp(`/signup\\?referral_code=${code}$`));
  });

  test('6. personal colour quiz is reachable, and the daily quiz shows to guests and its history to members', async ({
    page,
  }) => {
    // Search finds the quiz.
    await page.goto(`/search?query=${encodeURIComponent('퍼스널 컬러')}`);
    await page.getByTestId('search-shortcut').click();
    await expect(page).toHaveURL(/\/personal_color$/);
    await expect(page.getByRole('heading', { name: '나에게 어울리는 색 찾기' })).toBeVisible();

    // A guest on MY큐레이션: today's question, a sign-in prompt to answer, the way to the quiz.
    await page.goto('/curation');
    const quiz = page.getByTestId('daily-quiz');
    await expect(quiz).toBeVisible();
    await quiz.locator('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: '퍼스널 컬러 진단하기' }).click();
    await expect(page).toHaveURL(/\/personal_color$/);

    // A member: answers today's question and sees it in this month's history.
    await signUpByPhone(page, '최퀴즈', '01077120006');
    await page.goto('/curation');
    await expect(page.getByTestId('daily-quiz-history')).toContainText('참여 0일');
    await page.getByTestId('daily-quiz').locator('button').first().click();
    await expect(page.getByText('오늘의 퀴즈 완료!')).toBeVisible();
    const today = formatKst(new Date(), 'date').slice(5); // "11.21"
    await expect(page.getByTestId('daily-quiz-history')).toContainText(`참여 1일 · ${today}`);
    await page.reload();
    await expect(page.getByTestId('daily-quiz-history')).toContainText(`참여 1일 · ${today}`);

    // 마이페이지 and the mission that pays for it link the quiz.
    await page.goto('/mypage');
    await page.getByRole('link', { name: '퍼스널 컬러 진단' }).click();
    await expect(page).toHaveURL(/\/personal_color$/);
    await page.goto('/mypage/missions');
    const mission = page.locator('li').filter({ hasText: '퍼스널 컬러 진단하기' });
    await mission.getByRole('link', { name: '하러 가기' }).click();
    await expect(page).toHaveURL(/\/personal_color$/);
  });

  test('CONTENT likes: a liked post shows in the 콘텐츠 tab', async ({ page }) => {
    await page.goto('/post/2');
    const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await page.locator('main article header').getByRole('button', { name: '좋아요', exact: true }).click();
    await expect(page.getByText('좋아요 목록에 담았어요')).toBeVisible();
    await page.goto('/keepProducts?type=CONTENT');
    await expect(page.locator('main a[href="/post/2"]')).toContainText(title);
  });
});
