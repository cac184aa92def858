import { expect, signUpByPhone, test } from './helpers.ts';

test.describe('likes (SPEC.md §3 likes, §2 like toast)', () => {
  test('a guest likes a product on /category, sees it on /keepProducts and unlikes it', async ({ page }) => {
    await page.goto('/category');
    const firstCard = page
      .locator('main li')
      .filter({ has: page.getByRole('button', { name: '좋아요' }) })
      .first();
    await expect(firstCard).toBeVisible();
    const href = await firstCard.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/^\/product\/\d+$/);
    const name = (await firstCard.getByRole('img').first().getAttribute('alt')) ?? '';

    const like = firstCard.getByRole('button', { name: '좋아요', exact: true });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    // Liking does not follow the card's link.
    await expect(page).toHaveURL(/\/category/);
    await expect(page.getByText('좋아요 목록에 담았어요')).toBeVisible();
    await expect(firstCard.getByRole('button', { name: '좋아요 취소' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/keepProducts');
    const liked = page.locator('main').getByRole('link', { name }).first();
    await expect(liked).toBeVisible();
    await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(1);

    // The like map was filled from the API: the card shows as liked, and unliking works.
    const unlike = page.getByRole('button', { name: '좋아요 취소' }).first();
    await expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await unlike.click();
    await expect(page.getByText('좋아요를 취소했어요')).toBeVisible();
    await expect(page.getByRole('button', { name: '좋아요', exact: true }).first()).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await page.reload();
    await expect(page.getByText('좋아요한 상품이 없어요')).toBeVisible();
  });

  test('a guest likes a brand; the like map loads brand likes after a reload', async ({ page }) => {
    await page.goto('/brands/1');
    const intro = page.locator('main section').filter({ has: page.getByRole('heading', { level: 1 }) });
    const like = intro.getByRole('button', { name: '좋아요', exact: true });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(page.getByText('좋아요 목록에 담았어요')).toBeVisible();
    await page.reload();
    // Filled from GET /api/likes/likes?like_type=BRAND, not from the optimistic change.
    const unlike = intro.getByRole('button', { name: '좋아요 취소' });
    await expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await unlike.click();
    await expect(page.getByText('좋아요를 취소했어요')).toBeVisible();
    await page.reload();
    await expect(intro.getByRole('button', { name: '좋아요', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('in the app, a member liking a product answers the push-consent popup; the answer is kept', async ({
    page,
  }) => {
    await signUpByPhone(page, '앱회원', '01055550733');
    // Inside the app's webview (SPEC.md §4 Push consent: app only, members only).
    await page.goto('/category?webview=true');
    const like = page.locator('main').getByRole('button', { name: '좋아요', exact: true }).first();
    await expect(like).toBeVisible();
    const saved = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/users/notification-permissions' &&
        r.request().method() === 'POST',
    );
    await like.click();
    const dialog = page.getByRole('dialog', { name: '혜택 알림 받기' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '알림 받기' }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ is_benefit_alert: true, is_app_alert: true });
  });
});
