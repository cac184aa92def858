import { expect, test } from './helpers.ts';

test.describe('search', () => {
  test('초성 in the box, pick a suggestion, filter by price, open a product @smoke', async ({ page }) => {
    await page.goto('/search');
    const box = page.getByRole('combobox', { name: '검색어' });
    await expect(box).toBeVisible();
    await box.pressSequentially('ㅅㄹㅅ', { delay: 60 });

    const list = page.getByRole('listbox', { name: '추천 검색어' });
    const option = list.getByRole('option', { name: /^슬랙스/ }).first();
    await expect(option).toBeVisible();
    await option.click();

    await expect(page).toHaveURL(/\/search\?query=%EC%8A%AC%EB%9E%99%EC%8A%A4$/);
    await expect(page).toHaveTitle('슬랙스 검색 결과 | 코디룸');
    const count = page.getByText(/^상품 [\d,]+개$/);
    await expect(count).toBeVisible();
    const before = Number((await count.textContent())?.replace(/\D/g, ''));
    expect(before).toBeGreaterThan(0);

    await page.getByRole('button', { name: /^필터/ }).click();
    const sheet = page.getByRole('dialog', { name: '필터' });
    await expect(sheet).toBeVisible();
    const price = sheet.getByRole('group', { name: '가격' });
    // The first price range with products.
    const range = price.locator('label:has(input:not([disabled]))').first();
    await range.click();
    await sheet.getByRole('button', { name: '상품 보기' }).click();

    await expect(page).toHaveURL(/price_min=\d+/);
    const url = new URL(page.url());
    const min = Number(url.searchParams.get('price_min'));
    const max = url.searchParams.get('price_max');
    await expect(page.getByRole('button', { name: /^필터\s*1$/ })).toBeVisible();
    const after = Number((await page.getByText(/^상품 [\d,]+개$/).textContent())?.replace(/\D/g, ''));
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);

    // The result cards' prices lie in the range (the price paid is the last price on a card).
    const api = await page.request.get(
      `/api/v1/search/product?query=${encodeURIComponent('슬랙스')}&price_min=${min}${max ? `&price_max=${max}` : ''}`,
    );
    const body = (await api.json()) as { total_count: number; result: { price_discount: number }[] };
    expect(body.total_count).toBe(after);
    for (const p of body.result) {
      expect(p.price_discount).toBeGreaterThanOrEqual(min);
      if (max) expect(p.price_discount).toBeLessThanOrEqual(Number(max));
    }

    const first = page.locator('main a[href^="/product/"]').first();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('button', { name: '구매하기' })).toBeVisible();
  });

  test('recent searches are kept in this browser and can be deleted', async ({ page }) => {
    await page.goto('/search');
    const box = page.getByRole('combobox', { name: '검색어' });
    // Typed before hydration, the value can be lost to React's first render (the page is
    // server-rendered): type again until the search is made, as a shopper would.
    await expect(async () => {
      await box.fill('코트');
      await box.press('Enter');
      await expect(page).toHaveURL(/query=%EC%BD%94%ED%8A%B8/, { timeout: 1500 });
    }).toPass({ timeout: 15_000 });
    await page.goto('/search');
    // A recent search comes back first among the suggestions, also for its 초성.
    await page.getByRole('combobox', { name: '검색어' }).pressSequentially('ㅋㅌ', { delay: 60 });
    await expect(page.getByRole('listbox', { name: '추천 검색어' }).getByRole('option').first()).toHaveText(
      /^코트\s*최근 검색/,
    );
    await page.getByRole('button', { name: '검색어 지우기' }).click();
    const recent = page.getByRole('region', { name: '최근 검색어' });
    await expect(recent.getByRole('link', { name: '코트' })).toBeVisible();
    await recent.getByRole('button', { name: '코트 삭제' }).click();
    await expect(page.getByRole('region', { name: '최근 검색어' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: '최근 검색어' })).toHaveCount(0);
  });

  test('the crawler link /search?query=출근룩 is rendered on the server', async ({ request }) => {
    const res = await request.get(`/search?query=${encodeURIComponent('출근룩')}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>출근룩 검색 결과 | 코디룸</title>');
    expect(html).toMatch(/<meta property="og:title" content="출근룩 검색 결과 \| 코디룸"/);
    expect(html).toMatch(/<meta name="description" content="코디룸에서 ‘출근룩’/);
    expect(html).toMatch(/href="\/product\/\d+"/);
  });

  test('a search without hits suggests other keywords', async ({ page }) => {
    await page.goto(`/search?query=${encodeURIComponent('zzqqxx')}`);
    await expect(page.getByText('‘zzqqxx’에 맞는 검색 결과가 없어요')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '이런 검색어는 어때요?' }).getByRole('link').first(),
    ).toBeVisible();
  });

  test('English words and stop words find products; a typo offers a corrected search (390×844)', async ({
    page,
  }) => {
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    for (const [query, interpreted] of [
      ['slacks', '슬랙스'],
      ['남자 니트', '니트'],
    ] as const) {
      await page.goto(`/search?query=${encodeURIComponent(query)}`);
      await expect(page).toHaveTitle(`${query} 검색 결과 | 코디룸`);
      // The particle agrees with the word (josa): ‘슬랙스’로, ‘니트’로.
      await expect(page.getByText(`‘${interpreted}’로 검색한 결과예요.`)).toBeVisible();
      const count = page.getByText(/^상품 [\d,]+개$/);
      await expect(count).toBeVisible();
      expect(Number((await count.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
      await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
      await expect(page.getByText('혹시 이것을 찾으셨나요?')).toHaveCount(0);
    }

    // No exact result: 혹시 이것을 찾으셨나요? links the corrected query, which finds products.
    await page.goto(`/search?query=${encodeURIComponent('slaks')}`);
    const hint = page.getByText('혹시 이것을 찾으셨나요?');
    await expect(hint).toBeVisible();
    const link = hint.getByRole('link', { name: '슬랙스' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/search\?query=%EC%8A%AC%EB%9E%99%EC%8A%A4$/);
    await expect(page.getByText(/^상품 [\d,]+개$/)).toBeVisible();
  });

  test('초성 suggestions are words with the match in bold, never the raw initials', async ({ page }) => {
    await page.goto('/search');
    const box = page.getByRole('combobox', { name: '검색어' });
    await expect(async () => {
      await box.fill('');
      await box.pressSequentially('ㄴㅌ', { delay: 60 });
      await expect(page.getByRole('listbox', { name: '추천 검색어' })).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 15_000 });
    const list = page.getByRole('listbox', { name: '추천 검색어' });
    await expect(list.getByRole('option', { name: /니트/ }).first()).toBeVisible();
    await expect(list.locator('strong', { hasText: /^니트$/ }).first()).toBeVisible();
    await expect(list.getByText('ㄴㅌ')).toHaveCount(0);
  });
});
