import { expect, test } from './helpers.ts';

test.describe('cart (guest)', () => {
  test('add from the product page, see it at /cart, change quantity, delete @smoke', async ({ page }) => {
    await page.goto('/product/1');
    // The header's cart badge: nothing for an empty cart, the line count after an add.
    const cartLink = page.getByTestId('header-cart');
    await expect(cartLink).toHaveAccessibleName('장바구니');
    await page.getByRole('button', { name: '구매하기' }).click();
    const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    await expect(sheet).toBeVisible();
    // The first size with stock.
    await sheet.locator('fieldset button:not([disabled])').first().click();
    await sheet.getByRole('button', { name: '장바구니 담기' }).click();

    const popup = page.getByRole('dialog', { name: '장바구니에 담았어요' });
    await expect(popup).toBeVisible();
    await expect(cartLink).toHaveAccessibleName('장바구니 1개');
    await expect(cartLink).toContainText('1');
    await popup.getByRole('link', { name: '장바구니 보기' }).click();

    await expect(page).toHaveURL(/\/cart$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('line-quantity')).toHaveText('1');
    const total = await page.getByTestId('cart-total').textContent();
    expect(total).toMatch(/원$/);

    const plus = line.getByRole('button', { name: '수량 늘리기' });
    if (await plus.isEnabled()) {
      const patched = page.waitForResponse(
        (r) => r.url().includes('/api/carts/') && r.request().method() === 'PATCH',
      );
      await plus.click();
      await expect(line.getByTestId('line-quantity')).toHaveText('2');
      expect((await patched).status()).toBe(200);
      await expect(page.getByTestId('cart-total')).not.toHaveText(total ?? '');
      // Survives a reload: the server has it.
      await page.reload();
      await expect(page.getByTestId('cart-line').getByTestId('line-quantity')).toHaveText('2');
    }

    await expect(page.getByRole('link', { name: /주문하기/ })).toHaveAttribute(
      'href',
      /\/payment\?cart_ids=\d+/,
    );

    const deleted = page.waitForResponse(
      (r) => r.url().endsWith('/api/carts') && r.request().method() === 'DELETE',
    );
    await page.getByTestId('cart-line').getByRole('button', { name: /삭제$/ }).click();
    expect((await deleted).status()).toBe(200);
    await expect(page.getByText('장바구니가 비어 있어요')).toBeVisible();
    await expect(page.getByTestId('header-cart')).toHaveAccessibleName('장바구니');
    await page.reload();
    await expect(page.getByText('장바구니가 비어 있어요')).toBeVisible();
  });
});
