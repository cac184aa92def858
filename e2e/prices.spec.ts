import { expect, test } from './helpers.ts';

// Prices everywhere agree (docs/ARCHITECTURE.md, 'Prices'): a product of the running time sale shows its sale
// price with a 타임세일 badge on /timeSale, the product page and the cart line.
test('a time-sale product shows the sale price on /timeSale, the product page and in the cart', async ({
  page,
}) => {
  await page.goto('/timeSale');
  const item = page.locator('main li').filter({ hasText: '개 남음' }).first();
  await expect(item).toBeVisible();
  const salePrice = ((await item.locator('strong').nth(1).textContent()) ?? '').trim();
  expect(salePrice).toMatch(/^[\d,]+원$/);
  await item.getByRole('link').click();

  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByTestId('product-price')).toHaveText(salePrice);
  await expect(page.getByText('타임세일', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: '구매하기' }).click();
  const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
  // The first size with stock and no surcharge shown in its label.
  await sheet.locator('fieldset button:not([disabled])').first().click();
  await sheet.getByRole('button', { name: '장바구니 담기' }).click();
  await page
    .getByRole('dialog', { name: '장바구니에 담았어요' })
    .getByRole('link', { name: '장바구니 보기' })
    .click();

  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByText('타임세일', { exact: true })).toBeVisible();
});

// Liked products carry the live price (docs/ARCHITECTURE.md, 'Prices'): a liked time-sale product shows the
// same sale price (and badge) on /keepProducts.
test('a liked time-sale product shows its sale price on /keepProducts', async ({ page }) => {
  await page.goto('/timeSale');
  const item = page.locator('main li').filter({ hasText: '개 남음' }).first();
  await expect(item).toBeVisible();
  const salePrice = ((await item.locator('strong').nth(1).textContent()) ?? '').trim();
  expect(salePrice).toMatch(/^[\d,]+원$/);
  const href = await item.getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/product\/\d+$/);
  await item.getByRole('link').click();

  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByTestId('product-price')).toHaveText(salePrice);
  const like = page.getByTestId('buy-bar').getByRole('button', { name: '좋아요', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(page.getByText('좋아요 목록에 담았어요')).toBeVisible();

  await page.goto('/keepProducts');
  const card = page.locator('main li').filter({ has: page.locator(`a[href="${href}"]`) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(salePrice, { exact: true })).toBeVisible();
  await expect(card.getByText('타임세일', { exact: true })).toBeVisible();
});
