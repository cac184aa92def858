import sharp from 'sharp';
import { E2E_ADMIN_KEY } from '../playwright.config';
import { expect, signUpByPhone, test } from './helpers.ts';

// The style quiz and MY큐레이션 (docs/ARCHITECTURE.md, "Style quiz", "Curations") at 390×844:
// sign-up leads to /stylequiz?type=sign_up; five steps with a progress bar, a face photo among
// them (private: shown through a signed URL); the answers are saved; the engine's draft, once a
// curator publishes it, shows the tab's red dot, viewing it clears the dot, the member rates it, puts a whole outfit in the cart (codi-to-cart) and asks for another.

test('member: sign-up → style quiz with a photo → curation, red dot, rating, outfit to cart', async ({
  page,
}) => {
  await signUpByPhone(page, '김퀴즈', '01055550094');
  await expect(page).toHaveURL(/\/stylequiz\?type=sign_up$/);
  await expect(page.getByRole('heading', { name: /가입을 환영해요/ })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: '퀴즈 진행' });
  await expect(progress).toHaveAttribute('aria-valuenow', '1');

  const body = page.getByRole('form', { name: '체형과 사이즈' });
  await body.getByLabel('키 (cm)').fill('175');
  await body.getByLabel('몸무게 (kg)').fill('72');
  await body.getByLabel('평소 상의 사이즈').fill('L');
  await body.getByRole('button', { name: '보통', exact: true }).first().click();
  await page.getByRole('button', { name: '다음' }).click();

  await expect(progress).toHaveAttribute('aria-valuenow', '2');
  const next = page.getByRole('button', { name: '다음' });
  await expect(next).toBeDisabled(); // at least one liked style
  const styles = page.getByRole('form', { name: '스타일' });
  await styles
    .getByRole('group', { name: /좋아하는 스타일/ })
    .getByRole('button', { name: '미니멀' })
    .click();
  await styles
    .getByRole('group', { name: /좋아하는 스타일/ })
    .getByRole('button', { name: '비즈니스캐주얼' })
    .click();
  await styles
    .getByRole('group', { name: '피하고 싶은 스타일' })
    .getByRole('button', { name: '스트릿' })
    .click();
  await next.click();

  await expect(progress).toHaveAttribute('aria-valuenow', '3');
  const colors = page.getByRole('form', { name: '색상' });
  await colors.getByRole('group', { name: '좋아하는 색' }).getByRole('button', { name: '네이비' }).click();
  await colors.getByRole('group', { name: '피하고 싶은 색' }).getByRole('button', { name: '핑크' }).click();
  await page.getByRole('button', { name: '다음' }).click();

  await expect(progress).toHaveAttribute('aria-valuenow', '4');
  const last = page.getByRole('form', { name: '예산과 상황' });
  await last.getByRole('button', { name: '10만원 이하' }).click();
  await last.getByRole('button', { name: '출근룩' }).click();
  await page.getByRole('button', { name: '다음' }).click();

  // Step 5: a face photo (with GPS in its EXIF), uploaded at once, shown through its signed URL.
  await expect(progress).toHaveAttribute('aria-valuenow', '5');
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#8a7060' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 59/1' } })
    .toBuffer();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/curations/style-quiz-photo'));
  await page
    .getByTestId('quiz-photo-FACE')
    .locator('input[type=file]')
    .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: photo });
  expect((await uploaded).status()).toBe(200);
  const thumb = page.getByTestId('quiz-photo-FACE').getByRole('img', { name: '내 얼굴 사진' });
  await expect(thumb).toHaveAttribute('src', /\/api\/uploads\/style-quiz\/.+\?exp=\d+&sig=/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The bare key is not served.
  const src = (await thumb.getAttribute('src')) as string;
  expect((await page.request.get(src.split('?')[0] as string)).status()).toBe(404);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/curations/style-quiz'));
  await page.getByRole('button', { name: '완료' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('quiz-done')).toContainText('스타일 퀴즈를 마쳤어요');

  // The member's size info and main status follow.
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const auth = { authorization: `Bearer ${token}` };
  const size = await (await page.request.get('/api/users/user-size-info', { headers: auth })).json();
  expect(size).toMatchObject({ height: 175, weight: 72, fit_preference: 'regular', sizes: { TOP: 'L' } });
  const status = await (await page.request.get('/api/users/status-main', { headers: auth })).json();
  expect(['NONE_CURATIONED', 'CURATIONED']).toContain(status.status);

  // A curator publishes the engine's draft (the back office's call, here with the admin key).
  const [request] = (
    await (await page.request.get('/api/curations/get-styling-request', { headers: auth })).json()
  ).result as { id: number; status: string }[];
  expect(request?.status).toBe('PREPARING');
  const published = await page.request.post(`/api/admin/curations/${request?.id}/publish`, {
    headers: { 'x-admin-key': E2E_ADMIN_KEY },
  });
  expect(published.status()).toBe(200);

  // The curation is published: the MY큐레이션 tab shows the red dot until it is viewed.
  await page.goto('/');
  const tab = page.getByRole('navigation', { name: '주요 메뉴' });
  await expect(tab.getByTestId('curation-dot')).toBeVisible();
  await tab.getByRole('link', { name: 'MY큐레이션' }).click();
  await expect(page).toHaveURL(/\/curation$/);
  const outfits = page.getByTestId('outfit');
  await expect(outfits.first()).toBeVisible();
  // A person published it (the back office's call): the screen says a stylist touched it, and no name
  // it does not have (curation-rules.ts curationByline).
  await expect(page.getByTestId('curation-byline')).toHaveText('스타일리스트가 다듬었어요');
  // Reasons in sentences from the facts (the body and size the quiz gave).
  await expect(outfits.first().getByTestId('pick-reasons').first()).toContainText(
    /175·몸무게 72|평소|사이즈/,
  );
  await page.goto('/');
  await expect(tab.getByRole('link', { name: 'MY큐레이션' })).toBeVisible();
  await expect(tab.getByTestId('curation-dot')).toHaveCount(0);

  // Rate it, and put the first outfit in the cart.
  await page.goto('/curation');
  // Today's style question, answered once.
  const daily = page.getByTestId('daily-quiz');
  await daily.getByRole('button').first().click();
  await expect(daily.locator('output')).toContainText('오늘의 퀴즈 완료');
  await page.getByRole('button', { name: '별점 4점' }).click();
  const rated = page.waitForResponse((r) => r.url().endsWith('/api/curations/post-rating'));
  await page.getByRole('button', { name: '평가 보내기' }).click();
  expect((await rated).status()).toBe(200);
  await expect(page.getByText('평가해 주셔서 고마워요')).toBeVisible();
  const first = page.getByTestId('outfit').first();
  const added = page.waitForResponse((r) => r.url().endsWith('/api/carts/codi-to-cart'));
  await first.getByRole('button', { name: /이 코디 한번에 담기/ }).click();
  expect((await added).status()).toBe(200);
  await expect(page.getByRole('dialog')).toBeVisible();
  // A top and a bottom at least: two cart lines or more.
  const cart = await (await page.request.get('/api/carts/product-count', { headers: auth })).json();
  expect(cart.count).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');

  // Ask for another curation in other styles: one of the month's AI curations.
  const another = page.getByTestId('request-another');
  await expect(another).toContainText('이번 달 AI 큐레이션이 2번 남았어요');
  await another.getByRole('button', { name: '댄디' }).click();
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/curations/user-style'));
  await another.getByRole('button', { name: '이 스타일로 요청하기' }).click();
  expect((await asked).status()).toBe(200);
  await expect(page.getByTestId('styling-request')).toContainText('댄디');
});

test('guest: personal colour quiz → result kept on the device → saved at sign-up', async ({ page }) => {
  await page.goto('/personal_color');
  const quiz = page.getByRole('form', { name: '퍼스널 컬러 질문' });
  for (const [question, option] of [
    ['손목 안쪽 혈관', '파란빛'],
    ['어떤 액세서리', '실버'],
    ['햇볕에 오래', '빨갛게 익었다가 돌아와요'],
    ['대비는 어떤가요', '부드러운 편 (갈색 머리, 밝은 눈동자)'],
    ['셔츠 색은', '스카이블루·라이트그레이'],
  ] as const) {
    await quiz
      .getByRole('group', { name: new RegExp(question) })
      .getByRole('button', { name: option })
      .click();
  }
  await page.getByRole('button', { name: '결과 보기' }).click();
  await expect(page.getByTestId('personal-color-result')).toContainText('여름 쿨톤');
  expect(await page.evaluate(() => window.localStorage.getItem('personal_color_data'))).toContain('skyblue');

  await signUpByPhone(page, '김컬러', '01055550098');
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const saved = await (
    await page.request.get('/api/curations/personal-color-quiz', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  expect(saved.latest).toMatchObject({ result: 'SUMMER_COOL' });
  expect(await page.evaluate(() => window.localStorage.getItem('personal_color_data'))).toBeNull();
});

test('guest: a style’s outfit → outfit detail → its product page lists the outfit → style-quiz popup', async ({
  page,
}) => {
  const list = await (await page.request.get('/api/contents/style-list')).json();
  const styleId = (list.result as { id: number; codi_count: number }[]).find((s) => s.codi_count > 0)?.id;
  expect(styleId).toBeDefined();
  await page.goto(`/style/${styleId}`);
  const firstCodi = page.locator('main h2 a[href^="/codybook/"]').first();
  const title = (await firstCodi.textContent()) as string;
  await firstCodi.click();
  await expect(page).toHaveURL(/\/codybook\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('codi-total')).toContainText(/\d+개 상품 [\d,]+원/);
  const codiPath = new URL(page.url()).pathname;

  // A product of the outfit lists it under "이 상품이 들어간 코디" (codi-by-product).
  await page.locator('main a[href^="/product/"]').first().click();
  await expect(page).toHaveURL(/\/product\/\d+/);
  const codis = page.getByRole('region', { name: '이 상품이 들어간 코디' });
  await expect(codis.locator(`a[href="${codiPath}"]`)).toBeVisible();

  // The way to one's own curation: the style-quiz popup for a guest.
  await codis.getByRole('button', { name: '나에게 맞는 코디 추천받기' }).click();
  const popup = page.getByRole('dialog', { name: '스타일 퀴즈' });
  await expect(popup).toBeVisible();
  await popup.getByRole('link', { name: '퀴즈 시작' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('member: a curation no curator touched says AI on the waiting screen, the curation and the notification', async ({
  page,
}) => {
  await signUpByPhone(page, '이자동', '01055550096');
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const auth = { authorization: `Bearer ${token}` };
  // The quiz through the API (the quiz screen has its own journey), with the answers of that one.
  const quiz = await page.request.post('/api/v1/curations/style-quiz', {
    headers: auth,
    data: {
      height: 175,
      weight: 72,
      sizes: { TOP: 'L' },
      liked_styles: ['미니멀', '비즈니스캐주얼'],
      disliked_styles: ['스트릿'],
      liked_colors: ['네이비'],
      avoided_colors: ['핑크'],
      budget_max: 100_000,
      occasions: ['office'],
    },
  });
  expect(quiz.status()).toBe(200);
  expect((await quiz.json()).curation_unfilled).not.toBe(true);

  // Drafted, not yet published: the screen says the AI is choosing, and a stylist only may refine.
  await page.goto('/curation');
  await expect(page.getByTestId('curation-preparing')).toContainText('AI가 코디를 고르고 있어요');

  // Published as the job publishes a draft nobody touched once its delay has passed (a dev helper).
  const published = await page.request.post('/api/dev/curations/publish-untouched', { headers: auth });
  expect(published.status()).toBe(200);
  expect((await published.json()).published).toBe(1);

  await page.goto('/curation');
  await expect(page.getByTestId('outfit').first()).toBeVisible();
  await expect(page.getByTestId('curation-byline')).toHaveText('AI가 고른 코디');
  await expect(page.getByText(/스타일리스트가 (다듬|고른)/)).toHaveCount(0);

  // The notification says the same; none names a stylist.
  await page.goto('/mypage/notifications');
  const notes = page.getByTestId('notification');
  await expect(notes.filter({ hasText: 'AI가 퀴즈 답변으로 고른 코디를 확인해 보세요.' })).toHaveCount(1);
  await expect(notes.filter({ hasText: '스타일리스트' })).toHaveCount(0);
});
