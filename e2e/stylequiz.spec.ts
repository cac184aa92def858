import { expect, signUpByPhone, test } from './helpers.ts';

// The style quiz (docs/ARCHITECTURE.md, "Style quiz") at 390×844: sign-up leads to
// /stylequiz?type=sign_up; four steps with a progress bar; the answers are saved and the CODI coupon
// lands in the coupon box.

test('member: sign-up → style quiz in four steps → saved, main status moves on', async ({ page }) => {
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
  expect(status.status).toBe('NONE_CURATIONED');
});
