import { expect, signUpByPhone, test } from './helpers.ts';

test('a guest likes a product and carts two sizes; after sign-up both lines and the like are kept', async ({
  page,
}) => {
  let phone = '01055550003';
  await page.goto('/product/2');
  // Like as a guest: the toast confirms it.
  // The product's own heart sits in the buy bar, after the page content (similar products have hearts too).
  const heart = page.getByRole('button', { name: '좋아요', exact: true }).last();
  await heart.click();
  await expect(page.getByRole('button', { name: '좋아요 취소', exact: true }).last()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('좋아요 목록에 담았어요')).toBeVisible();

  // Two different sizes into the cart.
  const added: string[] = [];
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: '구매하기' }).click();
    const sheet = page.getByRole('dialog', { name: '사이즈 선택' });
    const size = sheet.locator('fieldset button:not([disabled])').nth(i);
    added.push((await size.innerText()).trim());
    await size.click();
    await sheet.getByRole('button', { name: '장바구니 담기' }).click();
    await expect(page.getByRole('dialog', { name: '장바구니에 담았어요' })).toBeVisible();
    await page.getByRole('button', { name: '쇼핑 계속하기' }).click();
  }
  await page.goto('/cart');
  for (const s of added) await expect(page.locator('main')).toContainText(s);

  // Sign up by phone: the guest's cart and likes move to the new member.
  phone = await signUpByPhone(page, '한병합', phone);

  await page.goto('/cart');
  for (const s of added) await expect(page.locator('main')).toContainText(s);
  await page.goto('/keepProducts');
  await expect(page.locator('main a[href="/product/2"]')).toBeVisible();
});
