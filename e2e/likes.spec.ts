import { expect, test } from './helpers.ts';

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
});
